import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';

/** What a visitor sees where a signed-in user would see their bookings (spec §6); `text` replaces the usual line. */
export function LoginPrompt({ loginHref, text }: { loginHref: string; text?: string }) {
  const { t } = useI18n();
  return (
    <div className="login-prompt" data-testid="login-prompt">
      <p>{text ?? t('loginPrompt.text')}</p>
      <Link to={loginHref} className="button">
        {t('loginPrompt.action')}
      </Link>
    </div>
  );
}
