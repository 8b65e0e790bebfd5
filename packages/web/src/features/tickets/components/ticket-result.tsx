import { routes, ticketRoutes } from '@selfserve/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Loader } from '../../../components/loader';
import { useI18n } from '../../../lib/i18n';
import type { TicketCreateResult } from '../hooks/use-ticket-create-status';

export interface TicketResultProps {
  result: TicketCreateResult;
  redirecting: boolean;
  /** Runs before the home link navigates (state redirecting-to-home). */
  onGoHome: () => void;
}

/** The answer to a submit: the spec's text the server sent (created or already open), and the way home. */
export function TicketResult({ result, redirecting, onGoHome }: TicketResultProps) {
  const { t } = useI18n();
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // Screen-reader and keyboard users land on the answer rather than on a vanished button.
    message.current?.focus();
  }, []);
  return (
    <section
      className="ticket-result"
      data-testid="ticket-result"
      data-request-status={result.requestStatus}
      data-status={redirecting ? 'redirecting-to-home' : 'done'}
      aria-live="polite"
    >
      <p ref={message} tabIndex={-1} className="ticket-result__message" data-testid="ticket-message">
        {result.message}
      </p>
      <p className="ticket-result__id" data-testid="ticket-id" data-ticket-id={result.ticketId}>
        {t('tickets.form.ticketNumber', { id: result.ticketId })}
      </p>
      {redirecting ? (
        <Loader label={t('tickets.form.redirecting')} />
      ) : (
        <p className="ticket-result__links">
          <Link to={routes.home} className="button" onClick={onGoHome} data-testid="ticket-home-link">
            {t('tickets.form.goHome')}
          </Link>
          <Link to={ticketRoutes.tickets} className="button button--secondary">
            {t('tickets.form.viewTickets')}
          </Link>
        </p>
      )}
    </section>
  );
}
