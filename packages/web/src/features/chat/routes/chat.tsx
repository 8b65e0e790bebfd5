import { type ChatMessage, ticketRoutes } from '@selfserve/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { shownText, type TextKey, useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type ChatError, type PendingMessage, useChat } from '../hooks/use-chat';
import '../chat.css';

const OPEN = new Set(['bot', 'waiting', 'with_agent']);
const authorKey = {
  user: 'chat.page.you',
  bot: 'chat.page.bot',
  agent: 'chat.page.agent',
  system: 'chat.page.system',
} as const satisfies Record<ChatMessage['author'], TextKey>;

/** A refusal's text in the reader's language (its catalogue code), else the server's sentence. */
function useErrorText() {
  const { t } = useI18n();
  return (e: ChatError) => shownText(e) ?? t('genericFailure');
}

function MessageItem({
  message,
  showActions,
  onAction,
}: {
  message: ChatMessage;
  showActions: boolean;
  onAction: (action: NonNullable<ChatMessage['payload']['actions']>[number]) => void;
}) {
  const { t } = useI18n();
  const { cards, actions, link, ticket_id: ticketId } = message.payload;
  return (
    <li className={`chat-msg chat-msg--${message.author}`} data-testid="chat-message" data-author={message.author}>
      <span className="visually-hidden">{t(authorKey[message.author])}: </span>
      <p className="chat-msg__body">{message.body}</p>
      {cards && cards.length > 0 ? (
        <ul className="chat-cards">
          {cards.map((card) => (
            <li key={card.id} className="chat-card" data-testid="chat-card" data-article-id={card.id}>
              <Link to={card.href} className="chat-card__title">
                {card.title}
              </Link>
              <span className="chat-card__links">
                <Link to={card.href}>{t('chat.page.openArticle')}</Link>
                {card.action_href ? (
                  <Link to={card.action_href} data-testid="chat-card-action">
                    {t('chat.page.oneTouch')}
                  </Link>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {link ? (
        <p>
          <Link to={link.href}>{link.label}</Link>
        </p>
      ) : null}
      {ticketId ? (
        <p>
          <Link to={ticketRoutes.tickets} data-testid="chat-view-tickets">
            {t('chat.page.viewTickets')}
          </Link>
        </p>
      ) : null}
      {showActions && actions && actions.length > 0 ? (
        <div className="chat-actions">
          {actions.map((a) => (
            <Button key={a} variant="secondary" data-testid={`chat-action-${a}`} onClick={() => onAction(a)}>
              {t(`chat.actions.${a}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

function PendingItem({ message }: { message: PendingMessage }) {
  const { t } = useI18n();
  return (
    <li className="chat-msg chat-msg--user chat-msg--pending" data-testid="chat-pending" aria-busy="true">
      <span className="visually-hidden">{t('chat.page.you')}: </span>
      <p className="chat-msg__body">{message.body}</p>
      <small>{t('chat.page.pending')}</small>
    </li>
  );
}

/**
 * /chat: our own chat (issue 17 item 6; docs/chat-conversations.md). The conversation as a log that screen readers
 * follow politely, article cards with their one-touch action in the booking's context, the bot's questions as
 * buttons, a typing indicator, the connection's state, and a message box. Opened from /chatbot's hand-off, or
 * directly (?crn= and ?article= give the context). No popups and a relative socket address: it works in the app.
 */
export function ChatPage() {
  const { t } = useI18n();
  useDocumentTitle(t('chat.page.title'));
  const [params] = useSearchParams();
  const crn = params.get('crn') ?? undefined;
  const article = params.get('article') ?? undefined;
  const chat = useChat({
    ...(crn && /^[A-Za-z0-9_-]{1,64}$/.test(crn) ? { crn } : {}),
    ...(article && /^[\w-]{1,40}$/.test(article) ? { article_id: article } : {}),
  });
  const errorText = useErrorText();
  const [draft, setDraft] = useState('');
  const logEnd = useRef<HTMLLIElement>(null);
  const count = chat.messages.length + chat.pending.length;

  useEffect(() => {
    if (count > 0) logEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (chat.startFailed) {
    return (
      <div className="page chat-page" data-testid="chat-page">
        <h1>{t('chat.page.title')}</h1>
        <p role="alert">{t('chat.page.startFailed')}</p>
        <Button onClick={chat.retry}>{t('chat.page.retry')}</Button>
      </div>
    );
  }
  if (!chat.conversation) return <Loader fullPage />;

  const status = chat.conversation.status;
  const isOpen = OPEN.has(status);
  const lastWithActions = [...chat.messages].reverse().find((m) => m.payload.actions?.length);
  const connectionText =
    chat.connection === 'open'
      ? t('chat.page.connected')
      : chat.connection === 'reconnecting'
        ? t('chat.page.reconnecting')
        : t('chat.page.connecting');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    chat.send(body);
    setDraft('');
  };

  return (
    <div className="page chat-page" data-testid="chat-page">
      <div className="chat-page__bar">
        <h1>{t('chat.page.title')}</h1>
        <p
          className={`chat-connection chat-connection--${chat.connection}`}
          role="status"
          data-testid="chat-connection"
        >
          {connectionText}
        </p>
      </div>
      {/* The log role on its own element: on the list itself it would hide the list's items from assistive tech. */}
      <div className="chat-log" role="log" aria-live="polite" aria-label={t('chat.page.log')} data-testid="chat-log">
        <ol className="chat-log__list">
          {chat.messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              // Only the latest question's buttons, and only while a tap can still change something.
              showActions={m === lastWithActions && isOpen}
              onAction={(a) => chat.act(a, t(`chat.actions.${a}`))}
            />
          ))}
          {chat.pending.map((p) => (
            <PendingItem key={p.client_id} message={p} />
          ))}
          <li ref={logEnd} className="chat-log__end" aria-hidden="true" />
        </ol>
      </div>
      <p className="chat-typing" data-testid="chat-typing" aria-hidden={chat.typing ? undefined : true}>
        {chat.typing && chat.typing !== 'user' ? t('chat.page.typing') : '\u00a0'}
      </p>
      {chat.error ? (
        <p className="field-error" role="alert" data-testid="chat-error">
          {errorText(chat.error)}
        </p>
      ) : null}
      {isOpen ? (
        <form className="chat-form" onSubmit={submit}>
          <label htmlFor="chat-input" className="visually-hidden">
            {t('chat.page.input')}
          </label>
          <textarea
            id="chat-input"
            data-testid="chat-input"
            rows={2}
            maxLength={1000}
            value={draft}
            placeholder={t('chat.page.placeholder')}
            onChange={(e) => {
              setDraft(e.target.value);
              chat.typed();
            }}
            onKeyDown={(e) => {
              // Enter sends; Shift+Enter starts a new line (and a composing IME keeps its Enter).
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
            }}
          />
          <Button type="submit" data-testid="chat-send" disabled={!draft.trim()}>
            {t('chat.page.send')}
          </Button>
        </form>
      ) : (
        <div className="chat-ended" data-testid="chat-ended">
          <p>
            {status === 'ticketed' && chat.conversation.ticket_id
              ? t('chat.page.ticketed', { ticket: chat.conversation.ticket_id })
              : t('chat.page.closed')}
          </p>
          <div className="chat-actions">
            {status === 'ticketed' ? (
              <Link to={ticketRoutes.tickets} className="button button--secondary">
                {t('chat.page.viewTickets')}
              </Link>
            ) : null}
            <Button data-testid="chat-new" onClick={chat.restart}>
              {t('chat.page.newChat')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
