import { latestTicket, supportHistoryEnabled, ticketRoutes } from '@selfserve/contract';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { currentAppVersion } from '../../../lib/app-version';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { loadedTickets, type TicketSummary, useTickets } from '../../../lib/tickets/get-tickets';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TicketCard } from '../components/ticket-card';
import '../tickets.css';
import { Button } from '../../../components/button';

const newestFirst = (list: readonly TicketSummary[]) =>
  [...list].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.ticket_id.localeCompare(a.ticket_id));

function TicketList({ tickets, empty, testId }: { tickets: TicketSummary[]; empty: string; testId: string }) {
  if (tickets.length === 0) {
    return (
      <p className="ticket-empty" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="ticket-list" data-testid={testId}>
      {tickets.map((ticket) => (
        <li key={ticket.ticket_id}>
          <TicketCard ticket={ticket} />
        </li>
      ))}
    </ul>
  );
}

function Tickets() {
  const { t } = useI18n();
  const { user, inApp } = useSession();
  const location = useLocation();
  const query = useTickets(user?.id);
  const appVersion = currentAppVersion(location.search);
  const showHistory = supportHistoryEnabled({ inApp, appVersion, country: user?.country_code ?? '' });

  const lists = useMemo(() => {
    if (!query.data) return null;
    const { open, closed } = loadedTickets(query.data);
    // The latest request is shown on top as well, never instead: every open ticket is listed under open requests and
    // every resolved one in the history, so the lists never say "none" while a ticket exists.
    return { latest: latestTicket(open, closed), open: newestFirst(open), closed: newestFirst(closed) };
  }, [query.data]);

  if (query.isPending) return <Loader fullPage />;
  if (!lists) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <>
      {lists.latest ? (
        <section className="ticket-section" aria-labelledby="tickets-latest" data-testid="tickets-latest">
          <h2 id="tickets-latest">{t('tickets.list.latest')}</h2>
          <TicketCard ticket={lists.latest} latest />
        </section>
      ) : (
        <p className="ticket-empty" data-testid="tickets-none">
          {t('tickets.list.none')} <Link to={ticketRoutes.writeToUs}>{t('tickets.list.writeToUs')}</Link>
        </p>
      )}
      <section className="ticket-section" aria-labelledby="tickets-open">
        <h2 id="tickets-open">{t('tickets.list.open')}</h2>
        <TicketList tickets={lists.open} empty={t('tickets.list.noOpen')} testId="tickets-open" />
      </section>
      {showHistory ? (
        <section className="ticket-section" aria-labelledby="tickets-history" data-testid="support-history">
          <h2 id="tickets-history">{t('tickets.list.history')}</h2>
          <TicketList tickets={lists.closed} empty={t('tickets.list.noHistory')} testId="tickets-closed" />
        </section>
      ) : null}
      {/* The list comes a page at a time (newest first): older requests are a click away, never cut off. */}
      {query.hasNextPage ? (
        <div className="ticket-more">
          {query.isFetchNextPageError ? (
            <p className="field-error" role="alert">
              {t('tickets.list.moreFailed')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            data-testid="tickets-more"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('tickets.list.loadingMore') : t('tickets.list.showMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * /tickets (spec §2, §4): the user's latest request on top (contract latestTicket), then every open request and,
 * where the app is new enough (contract supportHistoryEnabled), the support history of resolved ones; newest
 * first, each with its Open / Resolved badge and the support rating. The server answers a page at a time; 'Show
 * more' loads the next until every request is shown.
 */
export function TicketsPage() {
  const { t } = useI18n();
  useDocumentTitle(t('tickets.list.title'));
  return (
    <RequireUser>
      <div className="page ticket-page" data-testid="tickets-page">
        <h1>{t('tickets.list.title')}</h1>
        <Tickets />
      </div>
    </RequireUser>
  );
}
