import { z } from 'zod';
import { chatAuthorSchema, chatClientIdSchema, chatConversationSchema, chatMessageSchema } from './chat.ts';
import { CHAT_MESSAGE_MAX_CHARS } from './chat-paths.ts';

/**
 * Live chat on the agent's side (issue 21 item 3; docs/agent.md "Live chat"): presence (available / away, with a
 * heartbeat), the queue's escalated conversations, the conversation with its bot transcript and context, the agent's
 * messages, take, transfer and end; live updates on the console's one WebSocket.
 */
export const agentChatPaths = {
  /** GET: my presence; PUT: mark myself available or away (and the heartbeat, every AGENT_HEARTBEAT_MS) */
  presence: '/api/agent/v1/chat/presence',
  /** GET: the agents of my queue available now (whom a chat can be transferred to) */
  agents: '/api/agent/v1/chat/agents',
  /** GET: the queue's conversations with a person or waiting for one */
  chats: '/api/agent/v1/chats',
  /** GET: one conversation with its messages and context */
  chat: '/api/agent/v1/chats/:id',
  /** POST: the agent's message */
  messages: '/api/agent/v1/chats/:id/messages',
  /** POST: take the conversation (it becomes mine) */
  take: '/api/agent/v1/chats/:id/take',
  /** POST: hand it to another available agent of the queue */
  transfer: '/api/agent/v1/chats/:id/transfer',
  /** POST: end it; follow_up true makes one ticket with the transcript */
  end: '/api/agent/v1/chats/:id/end',
  /** the console's live connection */
  ws: '/api/agent/v1/ws',
} as const;

export const agentChatPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The console sends its heartbeat this often while the agent is available (the server forgets them after 2 min). */
export const AGENT_HEARTBEAT_MS = 30_000;

export const agentPresenceRequestSchema = z.object({ available: z.boolean() }).strict();
export const agentPresenceResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  available: z.boolean(),
  /** the chat region the agent serves (from their queue); null: every region (admins) */
  region: z.string().nullable(),
  last_seen_at: z.string().nullable(),
});
export type AgentPresence = z.infer<typeof agentPresenceResponseSchema>;

export const availableAgentsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  agents: z.array(z.object({ id: z.string(), name: z.string(), region: z.string().nullable() })),
});

export const agentChatSummarySchema = z.object({
  id: z.string(),
  status: chatConversationSchema.shape.status,
  country: z.string().nullable(),
  /** the rider's name; null for a visitor who is not signed in */
  user_name: z.string().nullable(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  /** the conversation is the asking agent's */
  mine: z.boolean(),
  crn: z.string().nullable(),
  updated_at: z.string(),
});
export type AgentChatSummary = z.infer<typeof agentChatSummarySchema>;

export const agentChatsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  chats: z.array(agentChatSummarySchema),
});

export const agentChatDetailSchema = z.object({
  status: z.literal('SUCCESS'),
  chat: agentChatSummarySchema,
  conversation: chatConversationSchema,
  messages: z.array(chatMessageSchema),
  context: z.object({
    user: z
      .object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        country_code: z.string(),
        city: z.string().nullable(),
      })
      .nullable(),
    booking: z
      .object({
        id: z.string(),
        crn: z.string(),
        status: z.string(),
        city: z.string().nullable(),
        pickup_location: z.string().nullable(),
        drop_location: z.string().nullable(),
        pickup_date: z.string().nullable(),
      })
      .nullable(),
    article: z.object({ id: z.string(), title: z.string() }).nullable(),
    locale: z.string(),
  }),
});
export type AgentChatDetail = z.infer<typeof agentChatDetailSchema>;

export const agentChatIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

export const agentChatSendSchema = z
  .object({
    client_id: chatClientIdSchema,
    body: z.string().trim().min(1, 'write a message').max(CHAT_MESSAGE_MAX_CHARS),
  })
  .strict();
export const agentChatSendResponseSchema = z.object({ status: z.literal('SUCCESS'), message: chatMessageSchema });

export const agentChatTransferSchema = z.object({ agent_id: z.string().trim().min(1).max(64) }).strict();
export const agentChatEndSchema = z.object({ follow_up: z.boolean() }).strict();
export const agentChatActionResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  conversation: chatConversationSchema,
});

/** What the console sends on its socket: follow a conversation (its messages and typing), type, ping. */
export const agentClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('watch'), conversation_id: z.string().max(64) }),
  z.object({ type: z.literal('unwatch'), conversation_id: z.string().max(64) }),
  z.object({ type: z.literal('typing'), conversation_id: z.string().max(64) }),
  z.object({ type: z.literal('ping') }),
]);
export type AgentClientFrame = z.infer<typeof agentClientFrameSchema>;

/** What the server sends the console. */
export const agentServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** the queue changed (a chat arrived, was taken, transferred or ended): read the list again */
  z.object({ type: z.literal('inbox'), conversation_id: z.string() }),
  z.object({ type: z.literal('message'), conversation_id: z.string(), message: chatMessageSchema }),
  z.object({ type: z.literal('typing'), conversation_id: z.string(), author: chatAuthorSchema }),
  z.object({ type: z.literal('status'), conversation_id: z.string(), conversation: chatConversationSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type AgentServerFrame = z.infer<typeof agentServerFrameSchema>;

/** The console's socket address (same origin). */
export function agentSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${agentChatPaths.ws}`;
}
