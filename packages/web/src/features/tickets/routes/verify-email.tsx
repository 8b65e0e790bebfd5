import { routes } from '@selfserve/contract';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { safeReturnPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../tickets.css';

/** The page the request came from (navigation state), if it is one of ours. */
function returnPathFrom(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string') return null;
  const path = safeReturnPath(from);
  return path === routes.home && from !== routes.home ? null : path;
}

/**
 * /verify-email (ours; spec §4 "email_not_verified redirects to the verify page"): a request needs a verified
 * address. Verifying happens through the link in the user's mailbox; then the request can be sent again.
 */
export function VerifyEmailPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const location = useLocation();
  const back = returnPathFrom(location.state);
  useDocumentTitle(t('tickets.verify.title'));
  return (
    <section className="page page--centered ticket-page" aria-labelledby="verify-heading" data-testid="verify-email">
      <h1 id="verify-heading">{t('tickets.verify.title')}</h1>
      <p>{user?.email ? t('tickets.verify.textEmail', { email: user.email }) : t('tickets.verify.text')}</p>
      <p>{t('tickets.verify.how')}</p>
      <p className="ticket-links ticket-links--center">
        {back ? (
          <Link to={back} className="button" data-testid="verify-back">
            {t('tickets.verify.back')}
          </Link>
        ) : null}
        <Link to={routes.home} className={back ? 'button button--secondary' : 'button'}>
          {t('tickets.verify.home')}
        </Link>
      </p>
    </section>
  );
}
