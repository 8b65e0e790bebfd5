// The chat's rules (docs/chat-conversations.md): whose conversation it is, numbered messages stored once, the bot
// answering from the knowledge base, and the hand-off to a person (live or as one ticket). No HTTP here.
import {
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PAGE_SIZE,
  type ChatAction,
  type ChatArticleCard,
  type ChatConversation,
  type ChatMessage,
  type ChatMessagePayload,
  type ChatStatus,
  fillParams,
  type KbSearchResult,
  resolveLocale,
  routes,
  type SupportedLocale,
  ticketRoutes,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { type Bus, channels } from '../../lib/bus.ts';
import { hmac, newId } from '../../lib/crypto.ts';
import { findArticle } from '../kb/repo.ts';
import { searchKbResults } from '../kb/search.ts';
import { allowedIndexes, type KbViewer } from '../kb/service.ts';
import { localisedStrings } from '../localisation/service.ts';
import { confirmationMail, createTicket } from '../tickets/service.ts';
import { findUserById } from '../users/repo.ts';
import { availableAgent } from './agent-desk.ts';
import {
  type ConversationRow,
  findByClientId,
  findConversation,
  findOpenConversation,
  findOwnedConversation,
  insertConversation,
  insertMessage,
  type MessageRow,
  messagesAfter,
  nextSeq,
  OPEN_STATUSES,
  updateConversation,
  userMessagesSince,
} from './repo.ts';

/** What a conversation knows of where the person came from (the hand-off's fields, the page's booking). */
export interface ChatContext {
  booking_id?: string;
  crn?: string;
  article_id?: string;
  country?: string;
  city?: string;
  car_category?: string;
  locale?: string;
  brand?: string;
  /** set when a person takes the conversation */
  assigned_agent?: string;
  /** how the conversation was opened: the /chatbot hand-off or the page itself */
  opened_by?: 'handoff' | 'page';
}

/** Whose conversation: a signed-in user, or a visitor known by their cookie. */
export interface ChatOwner {
  key: string;
  userId: string | null;
  name: string | null;
}

/** The live-chat answer the hand-off reads (modules/chat/availability.ts): is a person offered now, and if not when. */
export interface LiveChatState {
  live: boolean;
  /** when live chat next opens (ISO time), when it is closed now and has hours */
  opens_at: string | null;
  /** the chat region (in, au, nz, gb), or null where chat is not offered */
  region: string | null;
  /** the region's time zone: opens_at is told in it */
  time_zone?: string;
}
export type LiveChatLookup = (ctx: ChatContext) => Promise<LiveChatState>;

/** The owner of a request: the user, else the visitor cookie under a keyed hash (the cookie itself is never stored). */
export function ownerOf(
  secret: string,
  user: { id: string; name: string } | null,
  visitorCookie: string | undefined,
): ChatOwner | null {
  if (user) return { key: `u:${user.id}`, userId: user.id, name: user.name };
  if (visitorCookie) return { key: `v:${hmac(secret, `chat-visitor:${visitorCookie}`)}`, userId: null, name: null };
  return null;
}

/** Thrown for a refusal the person is told about (code: its catalogue message, messages.ts). */
export class ChatRefusal extends Error {
  constructor(
    readonly code: 'chatTooMany' | 'chatEnded' | 'chatNotFound',
    readonly http: 404 | 409 | 429,
  ) {
    super(code);
  }
}

const parseJson = <T>(raw: string, fallback: T): T => {
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
};

export const contextOf = (row: ConversationRow): ChatContext => parseJson<ChatContext>(row.context, {});

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    seq: Number(row.seq),
    author: row.author,
    body: row.body,
    payload: parseJson<ChatMessagePayload>(row.payload, {}),
    client_id: row.client_id,
    created_at: row.created_at,
  };
}

export function toConversation(row: ConversationRow): ChatConversation {
  return { id: row.id, status: row.status, locale: row.locale, ticket_id: row.ticket_id };
}

/** The conversation's texts in its locale (the translators' files; English where a text is missing). */
function textsFor(deps: Pick<AppDeps, 'config'>, locale: string, log: FastifyBaseLogger) {
  const strings = localisedStrings(deps.config.localesDir, resolveLocale(locale), 'customer_website', log).body.strings;
  return (key: string, params?: Record<string, string | number>) => fillParams(strings[key] ?? key, params);
}

export interface ChatService {
  open(
    owner: ChatOwner,
    opts: { locale: SupportedLocale; context: ChatContext; fresh?: boolean },
  ): Promise<ConversationRow>;
  find(owner: ChatOwner, conversationId: string | undefined): Promise<ConversationRow | undefined>;
  history(conversationId: string, afterSeq: number): Promise<ChatMessage[]>;
  /** A person's message or tapped action: stored once per client_id; the bot answers a new one. */
  send(
    owner: ChatOwner,
    conversation: ConversationRow,
    input: { client_id: string; body: string } | { client_id: string; action: ChatAction },
    kv: KbViewer,
  ): Promise<ChatMessage>;
  typing(conversationId: string, author: 'user' | 'agent', from: string): Promise<void>;
  /** A message from the other side of the desk (an agent's, or a system line such as "Anita has joined"). */
  post(
    conversation: ConversationRow,
    m: { author: 'agent' | 'system'; body: string; payload?: ChatMessagePayload; clientId?: string | null },
  ): Promise<{ message: ChatMessage; fresh: boolean }>;
  /** The one ticket of a conversation's transcript (the hand-off without a person, or an agent's follow-up). */
  transcriptTicket(conversation: ConversationRow, user: { id: string; email: string }): Promise<{ ticket_id: string }>;
  /** The conversation's texts in its language. */
  texts(locale: string): (key: string, params?: Record<string, string | number>) => string;
}

export function chatService(
  deps: Pick<AppDeps, 'db' | 'config' | 'bus' | 'mailer'>,
  liveChat: LiveChatLookup,
  log: FastifyBaseLogger,
): ChatService {
  const { db, bus } = deps;

  /** Stores a message under the conversation's next seq, once per client_id, and publishes it to every instance. */
  async function append(
    conversation: ConversationRow,
    m: { author: MessageRow['author']; body: string; payload?: ChatMessagePayload; clientId?: string | null },
  ): Promise<{ message: ChatMessage; fresh: boolean }> {
    const clientId = m.clientId ?? null;
    if (clientId) {
      const earlier = await findByClientId(db, conversation.id, clientId);
      if (earlier) return { message: toMessage(earlier), fresh: false };
    }
    let row: MessageRow;
    try {
      row = await db.transaction().execute(async (trx) => {
        const seq = await nextSeq(trx, conversation.id);
        const r: MessageRow = {
          id: newId('cm'),
          conversation_id: conversation.id,
          seq,
          author: m.author,
          body: m.body,
          payload: JSON.stringify(m.payload ?? {}),
          client_id: clientId,
          created_at: new Date().toISOString(),
        };
        await insertMessage(trx, r);
        return r;
      });
    } catch (err) {
      // The same client message sent twice at once (two sockets, a retry racing its original): the first stands.
      if (!clientId || !isUniqueViolation(err)) throw err;
      const earlier = await findByClientId(db, conversation.id, clientId);
      if (!earlier) throw err;
      return { message: toMessage(earlier), fresh: false };
    }
    const message = toMessage(row);
    await publish(bus, conversation.id, { type: 'message', message });
    return { message, fresh: true };
  }

  async function setStatus(
    conversation: ConversationRow,
    changes: { status: ChatStatus; ticket_id?: string | null; agent_id?: string | null; context?: ChatContext },
  ): Promise<ConversationRow | null> {
    const done = await updateConversation(
      db,
      conversation.id,
      {
        status: changes.status,
        ...(changes.ticket_id !== undefined ? { ticket_id: changes.ticket_id } : {}),
        ...(changes.agent_id !== undefined ? { agent_id: changes.agent_id } : {}),
        ...(changes.context ? { context: JSON.stringify(changes.context) } : {}),
      },
      OPEN_STATUSES,
    );
    if (!done) return null;
    const row = await findConversation(db, conversation.id);
    if (row) await publish(bus, row.id, { type: 'status', conversation: toConversation(row) });
    return row ?? null;
  }

  async function greet(conversation: ConversationRow, owner: ChatOwner) {
    const t = textsFor(deps, conversation.locale, log);
    const first = owner.name?.split(/\s+/)[0];
    await append(conversation, {
      author: 'bot',
      body: first ? t('chat.bot.greetingNamed', { name: first }) : t('chat.bot.greeting'),
    });
  }

  /** The bot's answer to what the person wrote: 1–3 articles, each with its one-touch action where one applies. */
  async function answer(conversation: ConversationRow, words: string, kv: KbViewer) {
    const t = textsFor(deps, conversation.locale, log);
    await publish(bus, conversation.id, { type: 'typing', author: 'bot' });
    let cards = await articleCards(conversation, words, kv);
    if (cards.length === 0) {
      // Nothing for these words alone: the person may be adding to what they said before ("it was a cancelled
      // ride"), so the conversation's recent words are searched together.
      const recent = (await messagesAfter(db, conversation.id, Math.max(0, conversation.last_seq - 12), 50))
        .filter((m) => m.author === 'user' && !parseJson<ChatMessagePayload>(m.payload, {}).action)
        .map((m) => m.body);
      const earlier = recent.slice(-3, -1);
      if (earlier.length > 0) cards = await articleCards(conversation, [...earlier, words].join(' '), kv);
    }
    if (cards.length === 0) {
      await append(conversation, { author: 'bot', body: t('chat.bot.noResults'), payload: { actions: ['person'] } });
      return;
    }
    await append(conversation, { author: 'bot', body: t('chat.bot.found'), payload: { cards } });
    await append(conversation, {
      author: 'bot',
      body: t('chat.bot.didItHelp'),
      payload: { actions: ['helped_yes', 'helped_no'] },
    });
  }

  async function articleCards(conversation: ConversationRow, words: string, kv: KbViewer): Promise<ChatArticleCard[]> {
    const query = words.trim().slice(0, 200);
    if (query.length < 3) return [];
    const context = contextOf(conversation);
    let indexes: string[];
    try {
      indexes = allowedIndexes(undefined, kv);
    } catch {
      return [];
    }
    let hits: KbSearchResult[] = await searchKbResults(db, query, indexes, 3, kv);
    // Only full matches when there are some: a partial match on one common word is rarely the answer.
    if (hits.some((h) => !h.partial)) hits = hits.filter((h) => !h.partial);
    const crn = context.crn ?? null;
    const cards: ChatArticleCard[] = [];
    for (const hit of hits.slice(0, 3)) {
      const row = await findArticle(db, hit.id);
      const labels = row ? parseJson<Record<string, unknown>>(row.labels, {}) : {};
      const oneTouch = labels.one_touch === true || hit.label_names.some((l) => l.startsWith('one_touch'));
      cards.push({
        id: hit.id,
        title: hit.title,
        href: `/article/${encodeURIComponent(hit.id)}`,
        // In the booking's context the article's page offers its one-touch action for that ride.
        action_href: crn && oneTouch ? `/${encodeURIComponent(crn)}/dreport/${encodeURIComponent(hit.id)}` : null,
      });
    }
    return cards;
  }

  /** One ticket with the conversation's transcript, however often and on however many instances it is asked for. */
  async function transcriptTicket(
    conversation: ConversationRow,
    user: { id: string; email: string },
  ): Promise<{ ticket_id: string }> {
    const t = textsFor(deps, conversation.locale, log);
    const context = contextOf(conversation);
    const transcript = await messagesAfter(db, conversation.id, 0, 10_000);
    const firstWords = transcript.find(
      (m) => m.author === 'user' && !parseJson<ChatMessagePayload>(m.payload, {}).action,
    );
    const subject = `Chat: ${(firstWords?.body ?? t('chat.page.title')).replace(/\s+/g, ' ').slice(0, 120)}`;
    const lines = transcript.map((m) => `[${m.created_at}] ${m.author}: ${m.body}`);
    const ticket = await createTicket(
      db,
      {
        userId: user.id,
        kind: 'chat',
        subject,
        query: lines.join('\n'),
        issueId: null,
        articleId: context.article_id ?? null,
        articleName: null,
        bookingId: context.booking_id ?? null,
        orderId: null,
        tag: 'chat',
        source: 'chat',
        sourcePage: '/chat',
        emailFrom: user.email,
        // One ticket per conversation, however often (and on however many instances) a person is asked for.
        idempotencyKey: `chat:${conversation.id}`,
        payload: {
          conversation_id: conversation.id,
          context,
          transcript: transcript.map((m) => ({ seq: m.seq, author: m.author, body: m.body, created_at: m.created_at })),
        },
        items: [],
        confirmation: {
          mailer: deps.mailer,
          message: (ticketId) => ({ to: user.email, userId: user.id, ...confirmationMail(ticketId, subject) }),
        },
      },
      log,
    );
    return ticket;
  }

  /** 'Talk to a person': live to an available agent when chat is live, else one ticket with the transcript. */
  async function handOff(conversation: ConversationRow, owner: ChatOwner) {
    const t = textsFor(deps, conversation.locale, log);
    const context = contextOf(conversation);
    if (conversation.status === 'with_agent') return;
    const state = await liveChat(context);
    if (state.live) {
      const agent = await availableAgent(db, { region: state.region });
      if (agent) {
        const assigned = await setStatus(conversation, {
          status: 'with_agent',
          agent_id: agent.agentId,
          context: { ...context, assigned_agent: agent.agentId },
        });
        if (!assigned) return;
        await append(assigned, { author: 'system', body: t('chat.bot.withAgent') });
        await bus.publish(channels.agents, {
          type: 'conversation.assigned',
          conversation_id: assigned.id,
          agent_id: agent.agentId,
          region: state.region,
          context: contextOf(assigned),
        });
        return;
      }
    }
    if (!owner.userId) {
      await append(conversation, {
        author: 'bot',
        body: t('chat.bot.signInForPerson'),
        payload: {
          link: { href: `${routes.login}?return=${encodeURIComponent('/chat')}`, label: t('chat.page.signIn') },
        },
      });
      return;
    }
    const user = await findUserById(db, owner.userId);
    if (!user) return;
    if (user.email_verified !== 1) {
      await append(conversation, {
        author: 'bot',
        body: t('chat.bot.verifyEmail'),
        payload: { link: { href: ticketRoutes.verifyEmail, label: t('chat.page.verifyEmail') } },
      });
      return;
    }
    const ticket = await transcriptTicket(conversation, user);
    const ticketed = await setStatus(conversation, { status: 'ticketed', ticket_id: ticket.ticket_id });
    // Another request got there first: it has told the person already.
    if (!ticketed) return;
    const opensAt = state.opens_at ? formatOpensAt(state.opens_at, conversation.locale, state.time_zone) : null;
    const body = state.live
      ? t('chat.bot.busyTicket', { ticket: ticket.ticket_id })
      : opensAt
        ? t('chat.bot.offlineTicket', { opens_at: opensAt, ticket: ticket.ticket_id })
        : t('chat.bot.noLiveTicket', { ticket: ticket.ticket_id });
    await append(ticketed, { author: 'bot', body, payload: { ticket_id: ticket.ticket_id } });
  }

  return {
    async open(owner, opts) {
      if (opts.fresh) {
        const current = await findOpenConversation(db, owner.key);
        if (current) await setStatus(current, { status: 'closed' });
      }
      const existing = await findOpenConversation(db, owner.key);
      if (existing) {
        // A hand-off with a booking or an article brings its context to the conversation it resumes.
        // The bot speaks the language the person reads now.
        const context = { ...contextOf(existing), ...definedOnly(opts.context), locale: opts.locale };
        if (JSON.stringify(context) !== existing.context || existing.locale !== opts.locale) {
          await updateConversation(db, existing.id, { context: JSON.stringify(context), locale: opts.locale });
          return { ...existing, context: JSON.stringify(context), locale: opts.locale };
        }
        return existing;
      }
      const now = new Date().toISOString();
      const row: ConversationRow = {
        id: newId('chat'),
        owner: owner.key,
        user_id: owner.userId,
        status: 'bot',
        locale: opts.locale,
        context: JSON.stringify({ ...definedOnly(opts.context), locale: opts.locale }),
        last_seq: 0,
        ticket_id: null,
        agent_id: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await insertConversation(db, row);
      } catch (err) {
        // Two tabs (or instances) opening at once: the other's conversation is this one.
        if (!isUniqueViolation(err)) throw err;
        const other = await findOpenConversation(db, owner.key);
        if (!other) throw err;
        return other;
      }
      await greet(row, owner);
      return (await findConversation(db, row.id)) ?? row;
    },

    async find(owner, conversationId) {
      if (conversationId) return findOwnedConversation(db, owner.key, conversationId);
      return findOpenConversation(db, owner.key);
    },

    async history(conversationId, afterSeq) {
      return (await messagesAfter(db, conversationId, afterSeq, CHAT_PAGE_SIZE)).map(toMessage);
    },

    async send(owner, conversation, input, kv) {
      const fresh = await findConversation(db, conversation.id);
      if (!fresh) throw new ChatRefusal('chatNotFound', 404);
      const earlier = await findByClientId(db, fresh.id, input.client_id);
      if (earlier) return toMessage(earlier);
      if (
        !(OPEN_STATUSES as readonly string[]).includes(fresh.status) &&
        // A ticketed conversation still answers 'talk to a person' (with its ticket); nothing else.
        !('action' in input && input.action === 'person' && fresh.status === 'ticketed')
      ) {
        throw new ChatRefusal('chatEnded', 409);
      }
      const since = new Date(Date.now() - 60_000).toISOString();
      if ((await userMessagesSince(db, fresh.id, since)) >= CHAT_MESSAGES_PER_MINUTE) {
        throw new ChatRefusal('chatTooMany', 429);
      }
      const t = textsFor(deps, fresh.locale, log);
      if ('action' in input) {
        const { message, fresh: isNew } = await append(fresh, {
          author: 'user',
          body: t(`chat.actions.${input.action}`),
          payload: { action: input.action },
          clientId: input.client_id,
        });
        if (isNew) await act(fresh, owner, input.action);
        return message;
      }
      const { message, fresh: isNew } = await append(fresh, {
        author: 'user',
        body: input.body,
        clientId: input.client_id,
      });
      // With a person on the other side (or waiting for one) the bot stays quiet.
      if (isNew && fresh.status === 'bot') await answer(fresh, input.body, kv);
      return message;
    },

    async typing(conversationId, author, from) {
      await publish(bus, conversationId, { type: 'typing', author, from });
    },

    post: (conversation, m) => append(conversation, m),
    transcriptTicket,
    texts: (locale) => textsFor(deps, locale, log),
  };

  async function act(conversation: ConversationRow, owner: ChatOwner, action: ChatAction) {
    const t = textsFor(deps, conversation.locale, log);
    if (action === 'person') {
      if (conversation.status === 'ticketed' && conversation.ticket_id) {
        await append(conversation, {
          author: 'bot',
          body: t('chat.bot.alreadyTicketed', { ticket: conversation.ticket_id }),
          payload: { ticket_id: conversation.ticket_id },
        });
        return;
      }
      await handOff(conversation, owner);
      return;
    }
    if (conversation.status !== 'bot') return;
    if (action === 'helped_yes') {
      await append(conversation, { author: 'bot', body: t('chat.bot.glad') });
      await setStatus(conversation, { status: 'closed' });
      return;
    }
    await append(conversation, { author: 'bot', body: t('chat.bot.notHelped'), payload: { actions: ['person'] } });
  }
}

async function publish(bus: Bus, conversationId: string, event: Record<string, unknown>): Promise<void> {
  await bus.publish(channels.conversation(conversationId), event);
}

function definedOnly(context: ChatContext): ChatContext {
  return Object.fromEntries(Object.entries(context).filter(([, v]) => v !== undefined && v !== '')) as ChatContext;
}

/** When live chat opens, as the person reads times: weekday and time in their language (UTC when no zone is known). */
export function formatOpensAt(iso: string, locale: string, timeZone?: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(resolveLocale(locale), {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: timeZone ?? 'UTC',
      timeZoneName: 'short',
    }).format(when);
  } catch {
    return iso;
  }
}
