import { channelsAfter, type OneTouchResult } from '@selfserve/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import type { TicketSummary } from '../../tickets/api/get-tickets';
import { TicketRating } from '../../tickets/components/ticket-rating';
// The rating's texts live with the tickets feature; loading them here keeps this lazy chunk self-sufficient.
import '../../tickets/labels';
import '../labels';

function SuccessImage() {
  return (
    <svg className="onetouch-result__image" width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="26" fill="#2e7d32" />
      <path d="M16 29l8 8 16-17" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

function ErrorImage() {
  return (
    <svg className="onetouch-result__image" width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="26" fill="#c62828" />
      <path d="M19 19l18 18M37 19L19 37" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

export interface ResultDialogProps {
  result: OneTouchResult;
  articleId: string;
  articleTitle: string;
  /** sent with the rating of an unban request */
  ratingEmailFrom?: string | null;
  bookingId: string | null;
  /** The article's own minus_call_us / minus_write_to_us labels. */
  allowCallUs: boolean;
  allowWriteToUs: boolean;
  onBack: () => void;
}

/**
 * The one result dialog of the one-touch flows: image (SUCCESS / FAILURE; NOIMAGE has none), heading with
 * focus, message, BACK; the rating when the answer asks for it with a ticket; after a failure the channels of
 * channelsAfter().
 */
export function ResultDialog({
  result,
  articleId,
  articleTitle,
  ratingEmailFrom = null,
  bookingId,
  allowCallUs,
  allowWriteToUs,
  onBack,
}: ResultDialogProps) {
  const { t } = useTranslation();
  const { user, switches } = useSession();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const channels = channelsAfter(result, user?.country_code ?? 'IN', {
    callUs: switches.call_us && allowCallUs,
    writeToUs: switches.write_to_us && allowWriteToUs,
    chat: switches.chat,
  });
  const ticket: TicketSummary | null =
    result.csatRequired && result.ticketId
      ? {
          ticket_id: result.ticketId,
          status: 'open',
          subject: articleTitle,
          created_at: '',
          updated_at: '',
          booking_id: bookingId,
          order_id: null,
          article_name: articleTitle,
          rated: false,
        }
      : null;

  return (
    <div
      className="onetouch-result"
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      data-testid="onetouch-result"
      data-state={result.state}
    >
      {result.state === 'SUCCESS' ? <SuccessImage /> : null}
      {result.state === 'FAILURE' ? <ErrorImage /> : null}
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {result.title}
      </h2>
      {result.message ? <p data-testid="onetouch-result-message">{result.message}</p> : null}
      {ticket ? <TicketRating ticket={ticket} emailFrom={ratingEmailFrom} /> : null}
      {channels.callUs || channels.writeToUs ? (
        <ul className="onetouch-result__channels" data-testid="onetouch-channels">
          {channels.callUs ? (
            <li>
              <Link to="/callUs">{t('onetouch.result.callUs')}</Link>
            </li>
          ) : null}
          {channels.writeToUs ? (
            <li>
              <Link to={`/dwritetous/${encodeURIComponent(articleId)}`}>{t('onetouch.result.writeToUs')}</Link>
            </li>
          ) : null}
        </ul>
      ) : null}
      <button type="button" className="button" onClick={onBack}>
        {t('onetouch.text.back')}
      </button>
    </div>
  );
}
