import { answeredTicketId, bookingRoutes, routes, shownText } from '@selfserve/contract';
import { Link, Navigate, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../tickets.css';

/**
 * What a submit brings to /dsuccess in its navigation state: its answer, `{ ticket_id, code, message, params }`
 * (`navigate(ticketRoutes.dsuccess, { state: answer })`). Nothing else shows the page.
 */
export interface DsuccessState {
  ticket_id: string;
  code?: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The submit's answer in the navigation state, shown by its code; null when the page was not reached by a submit. */
function submittedText(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const said = state as Partial<Record<keyof DsuccessState, unknown>>;
  if (!answeredTicketId(said) || typeof said.message !== 'string' || said.message.length > 1000) return null;
  return shownText(said);
}

/**
 * /dsuccess (spec §2): completion, with the ways home (/selfServe, /main, /home) — only right after a submit, which
 * brings its answer in the navigation state. Opened any other way (typed, bookmarked, reloaded in a new tab) there
 * is nothing to confirm: it goes home.
 */
export function DsuccessPage() {
  const { t } = useI18n();
  const location = useLocation();
  const text = submittedText(location.state);
  useDocumentTitle(text ? t('tickets.success.title') : '');
  if (!text) return <Navigate to={routes.home} replace />;
  return (
    <section className="page page--centered ticket-page" aria-labelledby="dsuccess-heading" data-testid="dsuccess">
      <h1 id="dsuccess-heading">{t('tickets.success.title')}</h1>
      <p data-testid="ticket-message">{text}</p>
      <p className="ticket-links ticket-links--center">
        <Link to={routes.selfServe} className="button">
          {t('tickets.success.selfServe')}
        </Link>
        <Link to={bookingRoutes.main} className="button button--secondary">
          {t('tickets.success.main')}
        </Link>
        <Link to={routes.home} className="button button--secondary">
          {t('tickets.success.home')}
        </Link>
      </p>
    </section>
  );
}
