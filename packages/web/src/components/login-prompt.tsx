import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What a visitor sees where a signed-in user would see their bookings (spec §6). */
export function LoginPrompt({ loginHref }: { loginHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="login-prompt" data-testid="login-prompt">
      <p>{t('loginPrompt.text')}</p>
      <Link to={loginHref} className="button">
        {t('loginPrompt.action')}
      </Link>
    </div>
  );
}
