// Zod-free and small: the chat page's route, the calls' paths, the limits and the socket helpers need no schemas
// (chat.ts has them), so the router's table that names the page does not load them into the first page.

/**
 * Our own chat (issue 17 item 6; docs/chat-conversations.md): a conversation per user (or visitor cookie), its
 * messages numbered per conversation (`seq`), delivered live over one WebSocket and readable over HTTP as a fallback.
 */
export const chatPaths = {
  /** the support-UI form post of core.md §7 when no external CHAT_HANDOFF_URL is set: opens the chat page */
  handoff: '/api/chat/v1/handoff',
  /** the page's own start: opens or resumes the conversation, with its history */
  start: '/api/chat/v1/start',
  /** GET: messages after a seq (the fallback and the reconnect's catch-up); POST: send one over HTTP */
  messages: '/api/chat/v1/messages',
  /** the live connection */
  ws: '/api/chat/v1/ws',
} as const;

/** Longest message a person may send, in characters. */
export const CHAT_MESSAGE_MAX_CHARS = 1000;
/** Messages a conversation's person may send per minute (counted in the database, so across instances). */
export const CHAT_MESSAGES_PER_MINUTE = 20;
/** Most messages one page of history or one catch-up returns. */
export const CHAT_PAGE_SIZE = 200;
/** The server pings every socket this often; one that has not answered the previous ping is closed. */
export const CHAT_HEARTBEAT_MS = 25_000;
/** Close codes of the socket: the page shows what they mean and does not retry a refusal. */
export const CHAT_CLOSE = { policy: 4403, unknownConversation: 4404, tooLarge: 1009 } as const;

/** Largest socket frame the server reads, in bytes (a message at its limit in any script fits). */
export const CHAT_MAX_FRAME_BYTES = CHAT_MESSAGE_MAX_CHARS * 4 + 512;

/** The relative socket address of a page at `location` (works inside the app's WebView: same origin, no popup). */
export function chatSocketUrl(location: { protocol: string; host: string }, conversationId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${chatPaths.ws}?conversation_id=${encodeURIComponent(conversationId)}`;
}

/** Reconnect delays: 0.5 s doubling to 15 s, with up to 30% jitter so many clients do not return at once. */
export function chatReconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.3 * random()));
}
