// Our own chat's schemas (issue 17 item 6; docs/chat-conversations.md); its paths and limits are in chat-paths.ts.
import { z } from 'zod';
import { CHAT_MESSAGE_MAX_CHARS } from './chat-paths.ts';
import { says } from './messages.ts';

export const chatStatusSchema = z.enum(['bot', 'waiting', 'with_agent', 'ticketed', 'closed']);
export type ChatStatus = z.infer<typeof chatStatusSchema>;
export const chatAuthorSchema = z.enum(['user', 'bot', 'agent', 'system']);
export type ChatAuthor = z.infer<typeof chatAuthorSchema>;

/** What a person can tap under a bot message: it helped, it did not, or talk to a person. */
export const chatActionSchema = z.enum(['helped_yes', 'helped_no', 'person']);
export type ChatAction = z.infer<typeof chatActionSchema>;

/** A client's own id for a message, so a resend after a dropped connection is stored once. */
export const chatClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, says('chatUnreadable'));

const messageBody = z
  .string()
  .trim()
  .min(1, says('chatTypeMessage'))
  // the catalogue's text names the limit: 1000
  .max(CHAT_MESSAGE_MAX_CHARS, says('chatMessageTooLong'));

/** An article the bot offers: its page, and in the booking's context its one-touch action when there is one. */
export const chatArticleCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  href: z.string(),
  action_href: z.string().nullable(),
});
export type ChatArticleCard = z.infer<typeof chatArticleCardSchema>;

export const chatMessagePayloadSchema = z.object({
  cards: z.array(chatArticleCardSchema).optional(),
  actions: z.array(chatActionSchema).optional(),
  /** a person's tap on an action is sent as a message naming it */
  action: chatActionSchema.optional(),
  ticket_id: z.string().optional(),
  /** a link the message offers (sign in first) */
  link: z.object({ href: z.string(), label: z.string() }).optional(),
});
export type ChatMessagePayload = z.infer<typeof chatMessagePayloadSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  seq: z.number().int().min(1),
  author: chatAuthorSchema,
  body: z.string(),
  payload: chatMessagePayloadSchema,
  client_id: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id: z.string(),
  status: chatStatusSchema,
  locale: z.string(),
  ticket_id: z.string().nullable(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** POST start: what the page knows of where the person came from (both optional). */
export const chatStartRequestSchema = z.object({
  crn: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, says('bookingNotFound'))
    .optional(),
  article_id: z
    .string()
    .regex(/^[\w-]{1,40}$/, says('invalidArticleId'))
    .optional(),
  /** true: close the current conversation and start a new one */
  fresh: z.boolean().optional(),
});
export type ChatStartRequest = z.infer<typeof chatStartRequestSchema>;

export const chatStartResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  conversation: chatConversationSchema,
  messages: z.array(chatMessageSchema),
});
export type ChatStartResponse = z.infer<typeof chatStartResponseSchema>;

export const chatMessagesQuerySchema = z.object({
  conversation_id: z
    .string()
    .regex(/^[\w-]{1,64}$/, says('chatNotFound'))
    .optional(),
  after_seq: z.coerce.number().int().min(0).default(0),
});
export const chatMessagesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  conversation: chatConversationSchema,
  messages: z.array(chatMessageSchema),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

/** POST messages (the HTTP way to send): a typed message or a tapped action. */
export const chatSendRequestSchema = z.union([
  z.object({ conversation_id: z.string().max(64).optional(), client_id: chatClientIdSchema, body: messageBody }),
  z.object({ conversation_id: z.string().max(64).optional(), client_id: chatClientIdSchema, action: chatActionSchema }),
]);
export type ChatSendRequest = z.infer<typeof chatSendRequestSchema>;
export const chatSendResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** the stored message (the first one when this client_id was sent before) */
  message: chatMessageSchema,
});

/** What a client sends on the socket. */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), client_id: chatClientIdSchema, body: messageBody }),
  z.object({ type: z.literal('action'), client_id: chatClientIdSchema, action: chatActionSchema }),
  z.object({ type: z.literal('typing') }),
  z.object({ type: z.literal('resume'), after_seq: z.number().int().min(0) }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** What the server sends on the socket. */
export const chatServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), conversation: chatConversationSchema }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('typing'), author: chatAuthorSchema }),
  z.object({ type: z.literal('status'), conversation: chatConversationSchema }),
  /** a frame the server refused (too long, too many, invalid): the code's text is shown; the socket stays open */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), client_id: z.string().optional() }),
  z.object({ type: z.literal('pong') }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

/** Merges messages into a list kept in seq order with no repeats (the reconnect's catch-up may overlap live ones). */
export function mergeChatMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  for (const m of current) bySeq.set(m.seq, m);
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
