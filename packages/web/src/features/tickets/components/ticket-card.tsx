import { isResolved, ticketBadge } from '@selfserve/contract';
import { useId } from 'react';
import { TicketRating } from '../../../components/ticket-rating/ticket-rating';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import type { TicketSummary } from '../../../lib/tickets/get-tickets';
import { TicketThread } from './ticket-thread';

export interface TicketCardProps {
  ticket: TicketSummary;
  latest?: boolean;
}

/**
 * One ticket: subject, badge Open or Resolved (contract ticketBadge), number, dates and — once it is solved or closed,
 * when there has been support to rate (issue 14) — the rating.
 */
export function TicketCard({ ticket, latest = false }: TicketCardProps) {
  const { t, intl } = useI18n();
  const badge = ticketBadge(ticket.status);
  // The latest ticket is also in its list: ids stay unique on the page.
  const headingId = useId();
  return (
    <article
      className={latest ? 'ticket-card ticket-card--latest' : 'ticket-card'}
      data-testid="ticket"
      data-ticket-id={ticket.ticket_id}
      data-status={ticket.status}
      data-latest={latest ? 'true' : undefined}
      aria-labelledby={headingId}
    >
      <div className="ticket-card__head">
        <h3 className="ticket-card__subject" id={headingId}>
          {ticket.subject}
        </h3>
        {latest ? <span className="ticket-latest-mark">{t('tickets.list.latestMark')}</span> : null}
        <span className={`ticket-badge ticket-badge--${badge.toLowerCase()}`} data-testid="ticket-badge">
          {t(`tickets.list.badge.${badge}`)}
        </span>
      </div>
      <p className="ticket-card__meta">
        {t('tickets.list.ticketId', { id: ticket.ticket_id })}
        {' · '}
        <time dateTime={isoDateTime(ticket.created_at)}>
          {t('tickets.list.raised', { date: formatDateTime(ticket.created_at, intl) })}
        </time>
        {ticket.updated_at !== ticket.created_at ? (
          <>
            {' · '}
            <time dateTime={isoDateTime(ticket.updated_at)}>
              {t('tickets.list.updated', { date: formatDateTime(ticket.updated_at, intl) })}
            </time>
          </>
        ) : null}
      </p>
      <TicketThread ticketId={ticket.ticket_id} />
      {isResolved(ticket.status) ? <TicketRating ticket={ticket} articleId={ticket.article_id ?? null} /> : null}
    </article>
  );
}
