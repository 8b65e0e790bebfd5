import {
  type AgentChatDetail,
  type AgentServerFrame,
  agentRoutes,
  type ChatMessage,
  mergeChatMessages,
} from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useAgentChat,
  useAgentChats,
  useChatAction,
  useConsoleSocket,
  usePresence,
  usePresenceHeartbeat,
  useSendAgentMessage,
  useSetPresence,
  useTransferTargets,
} from './api';
import './chats.css';

/** The link to one conversation of the console. */
export const agentChatHref = (id: string) => agentRoutes.chat.replace(':id', encodeURIComponent(id));

const OPEN = new Set(['waiting', 'with_agent']);
/** How long the rider's typing indicator stays without a new typing frame. */
const TYPING_SHOWN_MS = 5000;
/** The agent's typing is told at most this often. */
const TYPING_EVERY_MS = 3000;

/**
 * The agents' live chat (docs/agent.md "Live chat"): presence, the queue's conversations with a person, and the
 * open conversation with its transcript, context and actions. Everything arrives on the console's one socket.
 */
export function AgentChatsPage() {
  const { t } = useI18n();
  useDocumentTitle(t('agent.chats.title'));
  const { id } = useParams();
  const client = useQueryClient();
  const list = useAgentChats();
  const [live, setLive] = useState<{ id: string; messages: ChatMessage[]; typingAt: number | null }>({
    id: '',
    messages: [],
    typingAt: null,
  });

  const { connection, send } = useConsoleSocket(id, (frame: AgentServerFrame) => {
    if (frame.type === 'inbox') void client.invalidateQueries({ queryKey: ['agent', 'chats'] });
    else if (frame.type === 'message' && frame.conversation_id === id) {
      setLive((s) => ({
        id: frame.conversation_id,
        messages: mergeChatMessages(s.id === frame.conversation_id ? s.messages : [], [frame.message]),
        // Whoever was typing has now written.
        typingAt: frame.message.author === 'user' ? null : s.typingAt,
      }));
    } else if (frame.type === 'typing' && frame.conversation_id === id && frame.author === 'user') {
      setLive((s) => ({ ...s, id: frame.conversation_id, typingAt: Date.now() }));
    } else if (frame.type === 'status' && frame.conversation_id === id) {
      void client.invalidateQueries({ queryKey: ['agent', 'chats'] });
    }
  });

  return (
    <section className="agent-chats" aria-labelledby="agent-chats-title">
      <h1 id="agent-chats-title">{t('agent.chats.title')}</h1>
      <PresenceBar />
      {connection === 'closed' ? (
        <p className="agent-chats__offline" role="status">
          {t('agent.chats.reconnecting')}
        </p>
      ) : null}
      <div className="agent-chats__grid">
        <nav className="agent-chats__list" aria-label={t('agent.chats.queue')}>
          <h2>{t('agent.chats.queue')}</h2>
          {list.isPending ? (
            <Loader />
          ) : list.isError ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.chats.length === 0 ? (
            <p>{t('agent.chats.empty')}</p>
          ) : (
            <ul>
              {list.data.chats.map((c) => (
                <li key={c.id} data-testid="agent-chat-item" aria-current={c.id === id ? 'page' : undefined}>
                  <Link to={agentChatHref(c.id)}>
                    <strong>{c.user_name ?? t('agent.chats.visitor')}</strong>
                    <span>
                      {c.country ?? ''} ·{' '}
                      {c.mine
                        ? t('agent.chats.mine')
                        : c.agent_name
                          ? t('agent.chats.withAgent', { name: c.agent_name })
                          : t('agent.chats.waiting')}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="agent-chats__pane">
          {id ? (
            <Conversation
              id={id}
              liveMessages={live.id === id ? live.messages : []}
              riderTyping={live.id === id ? live.typingAt : null}
              onTyping={() => send({ type: 'typing', conversation_id: id })}
            />
          ) : (
            <p>{t('agent.chats.choose')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function PresenceBar() {
  const { t } = useI18n();
  const presence = usePresence();
  const setPresence = useSetPresence();
  const available = presence.data?.available ?? false;
  usePresenceHeartbeat(available);
  if (presence.isPending) return <Loader />;
  if (presence.isError) return <ErrorState error={presence.error} onRetry={() => void presence.refetch()} />;
  return (
    <div className="agent-chats__presence" data-testid="agent-presence" data-available={available}>
      <p role="status">{t(available ? 'agent.chats.available' : 'agent.chats.away')}</p>
      <Button
        variant={available ? 'secondary' : 'primary'}
        disabled={setPresence.isPending}
        onClick={() => setPresence.mutate(!available)}
      >
        {t(available ? 'agent.chats.goAway' : 'agent.chats.goAvailable')}
      </Button>
      {setPresence.isError ? <p role="alert">{errorText(setPresence.error)}</p> : null}
    </div>
  );
}

function Conversation({
  id,
  liveMessages,
  riderTyping,
  onTyping,
}: {
  id: string;
  liveMessages: ChatMessage[];
  riderTyping: number | null;
  onTyping: () => void;
}) {
  const { t } = useI18n();
  const chat = useAgentChat(id);
  const [, setTick] = useState(0);
  // The typing indicator goes after a while without a new typing frame.
  useEffect(() => {
    if (!riderTyping) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), TYPING_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [riderTyping]);

  if (chat.isPending) return <Loader />;
  if (chat.isError) return <ErrorState error={chat.error} onRetry={() => void chat.refetch()} />;
  const d = chat.data;
  const messages = mergeChatMessages(d.messages, liveMessages);
  const open = OPEN.has(d.conversation.status);
  const mine = d.chat.mine && d.conversation.status === 'with_agent';
  const typing = riderTyping !== null && Date.now() - riderTyping < TYPING_SHOWN_MS;
  return (
    <article className="agent-chat" aria-labelledby="agent-chat-title" data-testid="agent-chat">
      <h2 id="agent-chat-title">{d.chat.user_name ?? t('agent.chats.visitor')}</h2>
      <Context detail={d} />
      <Transcript messages={messages} />
      <p className="agent-chat__typing" data-testid="agent-chat-typing" aria-live="polite">
        {typing ? t('agent.chats.riderTyping') : '\u00a0'}
      </p>
      {open ? (
        <>
          {!mine && d.chat.agent_name && !d.chat.mine ? (
            <p>{t('agent.chats.handledBy', { name: d.chat.agent_name })}</p>
          ) : null}
          {mine ? <Composer id={id} onTyping={onTyping} /> : null}
          <Actions detail={d} mine={mine} />
        </>
      ) : (
        <p role="status" data-testid="agent-chat-ended">
          {d.conversation.ticket_id
            ? t('agent.chats.endedTicket', { ticket: d.conversation.ticket_id })
            : t('agent.chats.ended')}
        </p>
      )}
    </article>
  );
}

function Context({ detail }: { detail: AgentChatDetail }) {
  const { t, intl } = useI18n();
  const { user, booking, article, locale } = detail.context;
  return (
    <section className="agent-chat__context" aria-label={t('agent.chats.context')}>
      <dl>
        <dt>{t('agent.chats.rider')}</dt>
        <dd>
          {user ? `${user.name} · ${user.email} · ${user.city ?? ''} ${user.country_code}` : t('agent.chats.visitor')}
        </dd>
        <dt>{t('agent.chats.language')}</dt>
        <dd>{locale}</dd>
        {booking ? (
          <>
            <dt>{t('agent.chats.booking')}</dt>
            <dd data-testid="agent-chat-booking">
              {booking.crn} · {booking.status}
              {booking.pickup_date ? ` · ${formatDateTime(booking.pickup_date, intl)}` : ''}
              {booking.pickup_location ? ` · ${booking.pickup_location}` : ''}
              {booking.drop_location ? ` → ${booking.drop_location}` : ''}
            </dd>
          </>
        ) : null}
        {article ? (
          <>
            <dt>{t('agent.chats.article')}</dt>
            <dd>{article.title}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

const authorKey = {
  user: 'agent.chats.author.user',
  bot: 'agent.chats.author.bot',
  agent: 'agent.chats.author.agent',
  system: 'agent.chats.author.system',
} as const;

function Transcript({ messages }: { messages: ChatMessage[] }) {
  const { t, intl } = useI18n();
  const end = useRef<HTMLLIElement | null>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  return (
    // Scrolls on its own, so it takes the keyboard's focus to be scrolled without a mouse.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <ol className="agent-chat__messages" aria-label={t('agent.chats.transcript')} tabIndex={0}>
      {messages.map((m, i) => (
        <li
          key={m.seq}
          ref={i === count - 1 ? end : undefined}
          className={`agent-chat__msg agent-chat__msg--${m.author}`}
          data-testid="agent-chat-message"
          data-author={m.author}
        >
          <span className="agent-chat__who">
            {t(authorKey[m.author])} ·{' '}
            <time dateTime={isoDateTime(m.created_at)}>{formatDateTime(m.created_at, intl)}</time>
          </span>
          <span className="agent-chat__body">{m.body}</span>
        </li>
      ))}
    </ol>
  );
}

function Composer({ id, onTyping }: { id: string; onTyping: () => void }) {
  const { t } = useI18n();
  const [body, setBody] = useState('');
  const sendMessage = useSendAgentMessage(id);
  const lastTyping = useRef(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) return;
    sendMessage.mutate(text, { onSuccess: () => setBody('') });
  };
  return (
    <form className="agent-chat__compose" onSubmit={submit}>
      <label htmlFor="agent-chat-reply">{t('agent.chats.reply')}</label>
      <textarea
        id="agent-chat-reply"
        rows={3}
        maxLength={1000}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          const now = Date.now();
          if (now - lastTyping.current > TYPING_EVERY_MS) {
            lastTyping.current = now;
            onTyping();
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
      />
      <Button type="submit" disabled={sendMessage.isPending || !body.trim()}>
        {t('agent.chats.send')}
      </Button>
      {sendMessage.isError ? <p role="alert">{errorText(sendMessage.error)}</p> : null}
    </form>
  );
}

function Actions({ detail, mine }: { detail: AgentChatDetail; mine: boolean }) {
  const { t } = useI18n();
  const action = useChatAction();
  const id = detail.chat.id;
  const canManage = mine || detail.chat.mine;
  const targets = useTransferTargets(id, canManage);
  const [target, setTarget] = useState('');
  const [followUp, setFollowUp] = useState(false);
  const others = targets.data?.agents ?? [];
  return (
    <div className="agent-chat__actions">
      {!mine ? (
        <Button onClick={() => action.mutate({ kind: 'take', id })} disabled={action.isPending}>
          {t('agent.chats.take')}
        </Button>
      ) : null}
      {canManage ? (
        <>
          <div className="agent-chat__transfer">
            <label htmlFor="agent-chat-transfer">{t('agent.chats.transferTo')}</label>
            {others.length === 0 ? (
              <p>{t('agent.chats.noOneToTransfer')}</p>
            ) : (
              <>
                <select id="agent-chat-transfer" value={target} onChange={(e) => setTarget(e.target.value)}>
                  <option value="">—</option>
                  {others.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
                <Button
                  variant="secondary"
                  disabled={!target || action.isPending}
                  onClick={() => action.mutate({ kind: 'transfer', id, agentId: target })}
                >
                  {t('agent.chats.transfer')}
                </Button>
              </>
            )}
          </div>
          <div className="agent-chat__end">
            <label>
              <input type="checkbox" checked={followUp} onChange={(e) => setFollowUp(e.target.checked)} />{' '}
              {t('agent.chats.followUp')}
            </label>
            <Button
              variant="secondary"
              disabled={action.isPending || (followUp && !detail.context.user)}
              onClick={() => action.mutate({ kind: 'end', id, followUp })}
            >
              {t('agent.chats.end')}
            </Button>
          </div>
        </>
      ) : null}
      {action.isError ? <p role="alert">{errorText(action.error)}</p> : null}
    </div>
  );
}
