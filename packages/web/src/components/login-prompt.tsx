import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';

/** What a visitor sees where a signed-in user would see their bookings (spec §6). */
export function LoginPrompt({ loginHref }: { loginHref: string }) {
  const { t } = useI18n();
  return (
    <div className="login-prompt" data-testid="login-prompt">
      <p>{t('loginPrompt.text')}</p>
      <Link to={loginHref} className="button">
        {t('loginPrompt.action')}
      </Link>
    </div>
  );
}
