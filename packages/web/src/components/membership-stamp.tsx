import { useI18n } from '../lib/i18n';

/** The Select badge (guided-flows §2); the caller decides membership, this only draws it. */
export function MembershipStamp() {
  const { t } = useI18n();
  return (
    <span className="membership-stamp" data-testid="membership-stamp">
      <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 24 24">
        <path fill="currentColor" d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" />
      </svg>
      {t('membership.stamp')}
    </span>
  );
}
