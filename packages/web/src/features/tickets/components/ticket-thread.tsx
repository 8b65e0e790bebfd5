import { TICKET_MESSAGE_MAX } from '@selfserve/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useTicketReply, useTicketThread } from '../api/thread';

/**
 * A message's client key: 24 random letters. No digits, so the server's masking of card-like digit runs in request
 * bodies (plugins/logging.ts) can never touch it.
 */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => String.fromCharCode(97 + (b % 26))).join('');

/**
 * A ticket's conversation on /tickets (issue 21): the request, support's replies and the rider's answers, and a box
 * to answer while the request is open or pending. Loaded when the rider opens it.
 */
export function TicketThread({ ticketId }: { ticketId: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="ticket-thread" data-testid="ticket-thread">
      <Button variant="link" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {t(open ? 'tickets.thread.hide' : 'tickets.thread.show')}
      </Button>
      {open ? (
        <div id={panelId}>
          <ThreadBody ticketId={ticketId} />
        </div>
      ) : null}
    </div>
  );
}

function ThreadBody({ ticketId }: { ticketId: string }) {
  const { t, intl } = useI18n();
  const thread = useTicketThread(ticketId, true);
  const reply = useTicketReply(ticketId);
  const [body, setBody] = useState('');
  // Kept across retries of the same answer: the server stores it once.
  const [clientKey, setClientKey] = useState(newKey);
  const [sent, setSent] = useState(false);
  const boxId = useId();
  if (thread.isPending) return <Loader />;
  if (thread.isError) return <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />;

  const send = () => {
    const text = body.trim();
    if (!text) return;
    reply.mutate(
      { body: text, clientKey },
      {
        onSuccess: () => {
          setBody('');
          setClientKey(newKey());
          setSent(true);
        },
      },
    );
  };

  return (
    <>
      <ol className="ticket-thread__list" aria-label={t('tickets.thread.title')}>
        {thread.data.messages.map((m) => (
          <li key={m.id} className={`ticket-thread__msg ticket-thread__msg--${m.from}`} data-testid="thread-message">
            <p className="ticket-thread__meta">
              <strong>{t(m.from === 'you' ? 'tickets.thread.you' : 'tickets.thread.support')}</strong> ·{' '}
              <time dateTime={isoDateTime(m.created_at)}>{formatDateTime(m.created_at, intl)}</time>
            </p>
            <p className="ticket-thread__body">{m.body}</p>
          </li>
        ))}
      </ol>
      {thread.data.may_reply ? (
        <div className="ticket-thread__reply">
          <label htmlFor={boxId}>{t('tickets.thread.replyLabel')}</label>
          <textarea
            id={boxId}
            rows={3}
            maxLength={TICKET_MESSAGE_MAX}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setClientKey(newKey());
              setSent(false);
            }}
          />
          <Button disabled={reply.isPending || !body.trim()} onClick={send}>
            {t('tickets.thread.send')}
          </Button>
          {reply.isError ? <p role="alert">{errorText(reply.error)}</p> : null}
          {sent ? <p role="status">{t('tickets.thread.sent')}</p> : null}
        </div>
      ) : null}
    </>
  );
}
