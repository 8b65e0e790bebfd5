import { type Article, channelsAfter, type OneTouchResult, resolveFlow, type TicketSummary } from '@selfserve/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { callUsLink, forgetKeptResult } from '../../lib/one-touch/kept-result';
import { useSession } from '../../lib/session';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { BillBreakdown } from '../bill/bill-breakdown';
import { Button } from '../button';
import { ChatWithUsLink } from '../chat-with-us-link';
import { TicketRating } from '../ticket-rating/ticket-rating';
import { Zoomable } from '../zoomable/zoomable';
import './one-touch.css';

/** The dialog's image: success, error, or (NOIMAGE answers: already done, being checked) information (guided-flows.md §8). */
const images = {
  success: {
    fill: '#2e7d32',
    mark: <path d="M16 29l8 8 16-17" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />,
  },
  error: {
    fill: '#c62828',
    mark: <path d="M19 19l18 18M37 19L19 37" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />,
  },
  info: {
    fill: '#1565c0',
    mark: (
      <>
        <circle cx="28" cy="17" r="3.5" fill="#fff" />
        <path d="M28 25v17" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      </>
    ),
  },
} as const;

function ResultImage({ kind }: { kind: keyof typeof images }) {
  return (
    <svg
      className="onetouch-result__image"
      width="56"
      height="56"
      viewBox="0 0 56 56"
      aria-hidden="true"
      data-image={kind}
    >
      <circle cx="28" cy="28" r="26" fill={images[kind].fill} />
      {images[kind].mark}
    </svg>
  );
}

const imageOf: Partial<Record<OneTouchResult['state'], keyof typeof images>> = {
  SUCCESS: 'success',
  FAILURE: 'error',
  NOIMAGE: 'info',
};

/** The ride beside the answer (core.md §3: map_url, distance, bill), when the answer carries it. */
function RideShown({ result }: { result: OneTouchResult }) {
  const { t } = useI18n();
  const [mapFailed, setMapFailed] = useState(false);
  const distance = result.distance ? (
    <p className="onetouch-result__distance" data-testid="onetouch-result-distance">
      {t('oneTouchShared.result.distance', { distance: result.distance })}
    </p>
  ) : null;
  return (
    <>
      {result.mapUrl && !mapFailed ? (
        <figure className="onetouch-result__map">
          <Zoomable testId="onetouch-result-map-zoom">
            <img
              src={result.mapUrl}
              alt={t('oneTouchShared.result.mapAlt')}
              width={240}
              height={160}
              decoding="async"
              draggable={false}
              onError={() => setMapFailed(true)}
              data-testid="onetouch-result-map"
            />
          </Zoomable>
          {distance ? <figcaption>{distance}</figcaption> : null}
        </figure>
      ) : (
        distance
      )}
      {result.bill ? <BillBreakdown bill={result.bill} /> : null}
    </>
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
  /** the article's add_chat_with_us tag: chat is offered after the answer unless its side_load says otherwise */
  addChatWithUs?: boolean;
  onBack: () => void;
}

/**
 * The one result dialog of the one-touch flows: image (SUCCESS, FAILURE, and an information sign for NOIMAGE),
 * heading with focus, message, the ride's map, distance and bill when the answer carries them, BACK; the rating
 * when the answer asks for it with a ticket; after a failure the channels of channelsAfter(). A native modal
 * `<dialog>` (useModalDialog): focus trapped inside, Escape goes BACK, focus returns to the control that asked.
 */
export function ResultDialog({
  result,
  articleId,
  articleTitle,
  ratingEmailFrom = null,
  bookingId,
  allowCallUs,
  allowWriteToUs,
  addChatWithUs = false,
  onBack,
}: ResultDialogProps) {
  const { t } = useI18n();
  const { user, switches } = useSession();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  // A real modal: the page behind is inert, Tab stays inside, Escape is BACK, focus returns to the opener.
  // Back forgets an answer kept for the way back from /callUs (lib/one-touch/kept-result.ts).
  const back = () => {
    forgetKeptResult();
    onBack();
  };
  useModalDialog(dialog, true, { onClose: back });
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const image = imageOf[result.state];
  const channels = channelsAfter(result, user?.country_code ?? 'IN', {
    callUs: switches.call_us && allowCallUs,
    writeToUs: switches.write_to_us && allowWriteToUs,
    chat: switches.chat,
  });
  // Chat with us: the answer's side_load (one_touch_chat_with_us) or the article's add_chat_with_us asks for it, and it
  // shows only while chat is available for this reader and ride (ChatWithUsLink; docs/chat.md).
  const sideLoadChat = result.sideLoad.one_touch_chat_with_us;
  const chatPlace = {
    kind: 'result' as const,
    sideLoadChat: typeof sideLoadChat === 'boolean' ? sideLoadChat : undefined,
    addChatWithUs,
  };
  const chatWanted = switches.chat && (chatPlace.sideLoadChat ?? addChatWithUs);
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
    <dialog
      ref={dialog}
      className="onetouch-result"
      aria-modal="true"
      aria-labelledby={headingId}
      data-testid="onetouch-result"
      data-state={result.state}
    >
      {image ? <ResultImage kind={image} /> : null}
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {result.title}
      </h2>
      {result.message ? <p data-testid="onetouch-result-message">{result.message}</p> : null}
      <RideShown result={result} />
      {ticket ? <TicketRating ticket={ticket} emailFrom={ratingEmailFrom} articleId={articleId} /> : null}
      {channels.callUs || channels.writeToUs || chatWanted ? (
        <ul className="onetouch-result__channels" data-testid="onetouch-channels">
          {channels.callUs ? (
            <li>
              <Link {...callUsLink(result, articleId, bookingId)}>{t('oneTouchShared.result.callUs')}</Link>
            </li>
          ) : null}
          {channels.writeToUs ? (
            <li>
              <Link to={`/dwritetous/${encodeURIComponent(articleId)}`}>{t('oneTouchShared.result.writeToUs')}</Link>
            </li>
          ) : null}
          {chatWanted ? (
            <ChatWithUsLink
              item
              place={chatPlace}
              source="result"
              articleId={articleId}
              bookingId={bookingId}
              label={t('oneTouchShared.result.chatWithUs')}
            />
          ) : null}
        </ul>
      ) : null}
      <Button onClick={back}>{t('back')}</Button>
    </dialog>
  );
}

/**
 * The result dialog of a guided form (features/flows): the article's answer for the ride (none for a request about
 * the account), the channels the article allows, BACK to the form.
 */
export function FlowResultDialog({
  result,
  article,
  bookingId,
  onBack,
}: Pick<ResultDialogProps, 'result' | 'bookingId' | 'onBack'> & { article: Article }) {
  const flow = resolveFlow(article);
  return (
    <ResultDialog
      result={result}
      articleId={article.id}
      articleTitle={article.title}
      bookingId={bookingId}
      allowCallUs={flow.callUs}
      allowWriteToUs={flow.writeToUs}
      addChatWithUs={article.label_names.includes('add_chat_with_us')}
      onBack={onBack}
    />
  );
}
