import { bookingRoutes, formatMessage, routes, shownText } from '@selfserve/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../labels';
import '../tickets.css';

/**
 * The answer a completion may bring in its navigation state (`{ code, message, params }`), shown by its code;
 * otherwise the spec's success text.
 */
function messageFrom(state: unknown): string {
  const said = typeof state === 'object' && state !== null ? (state as { message?: unknown }) : {};
  const text = typeof said.message === 'string' && said.message.length <= 1000 ? shownText(said) : null;
  return text ?? formatMessage('ticketSuccess');
}

/** /dsuccess (spec §2): completion, with the ways home (/selfServe, /main, /home). */
export function DsuccessPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentTitle(t('tickets.success.title'));
  return (
    <section className="page page--centered ticket-page" aria-labelledby="dsuccess-heading" data-testid="dsuccess">
      <h1 id="dsuccess-heading">{t('tickets.success.title')}</h1>
      <p data-testid="ticket-message">{messageFrom(location.state)}</p>
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
