import { routes } from '@selfserve/contract';
import { Navigate } from 'react-router';
import { NotFound } from '../../../components/article-not-found';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOutbox } from '../api/get-outbox';
import '../mail.css';
import { Button } from '../../../components/button';

/**
 * /dev/outbox (demo mode only): the newest mails the signed-in user's actions sent, so a demo can show
 * what a ticket or an invoice sent. Visitors are asked to sign in first. Bodies are shown as plain text;
 * the HTML versions are untrusted and never rendered.
 */
export function OutboxPage() {
  const { t, intl } = useI18n();
  const { demo, status, user } = useSession();
  const query = useOutbox(status === 'ready' && demo && user !== null);
  useDocumentTitle(t('mail.outbox.title'));

  if (status === 'loading') return <Loader fullPage />;
  if (demo && !user) return <Navigate to={`${routes.login}?return=${encodeURIComponent('/dev/outbox')}`} replace />;
  if (!demo || (query.error instanceof ApiError && query.error.status === 404))
    return <NotFound title={t('NOT_FOUND')} />;
  if (query.isPending) return <Loader fullPage />;
  if (!query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const mails = query.data.messages;
  return (
    <div className="page outbox-page" data-testid="outbox">
      <div className="outbox-page__bar">
        <h1>{t('mail.outbox.title')}</h1>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('mail.outbox.refresh')}
        </Button>
      </div>
      <p>{t('mail.outbox.intro')}</p>
      {mails.length === 0 ? (
        <p className="outbox-empty">{t('mail.outbox.empty')}</p>
      ) : (
        <ul className="outbox-list" aria-label={t('mail.outbox.listLabel')}>
          {mails.map((mail) => (
            <li key={mail.id} className="outbox-mail" data-testid="outbox-mail">
              <h2 className="outbox-mail__subject">{mail.subject}</h2>
              <dl className="outbox-mail__meta">
                <div>
                  <dt>{t('mail.outbox.to')}</dt>
                  <dd>{mail.to}</dd>
                </div>
                <div>
                  <dt>{t('mail.outbox.time')}</dt>
                  <dd>
                    <time dateTime={isoDateTime(mail.created_at)}>{formatDateTime(mail.created_at, intl)}</time>
                  </dd>
                </div>
                <div>
                  <dt>{t('mail.outbox.kind')}</dt>
                  <dd>{mail.kind}</dd>
                </div>
              </dl>
              <pre className="outbox-mail__body">{mail.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
