import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Loader } from '../../../components/loader';
import { useI18n } from '../../../lib/i18n';
import { loginHref } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';

/**
 * A ticket needs a signed-in user: visitors see why and a sign-in link that brings them back here
 * (pages open to visitors, such as /report/{articleId}, show the article either way).
 */
export function FormForUser({ children, message }: { children: ReactNode; message?: string }) {
  const { t } = useI18n();
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Loader />;
  if (user) return children;
  return (
    <div className="login-prompt" data-testid="ticket-login-prompt">
      <p>{message ?? t('tickets.form.loginToWrite')}</p>
      <Link to={loginHref(`${location.pathname}${location.search}`)} className="button">
        {t('tickets.form.loginAction')}
      </Link>
    </div>
  );
}
