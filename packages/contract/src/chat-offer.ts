// Zod-free: the contact links under every article and the result dialog use these, and must not carry the schemas
// (chat-availability.ts has them).

export const chatAvailabilityPaths = {
  /** GET: the answer for the signed-in user (optionally about one of their bookings: booking_id) or the visitor */
  availability: '/api/chat/v1/availability',
  /** GET / PUT: the configuration, for an operator with the ADMIN_API_TOKEN bearer token (docs/chat.md) */
  config: '/api/chat/v1/config',
  /** POST (an HTML form, navigates away): our own chat's hand-off target when CHAT_HANDOFF_URL is unset */
  handoff: '/api/chat/v1/handoff',
} as const;

/**
 * Is "Chat with us" offered in this place (docs/chat.md)? Availability first (region, city, category, hours and the
 * HIDE_CHAT switch, already in `availability.chat`); then the place's own say: an article's footer always may, a
 * one-touch result only when its answer (side_load one_touch_chat_with_us) or the article (add_chat_with_us) asks,
 * a booking's help only when the booking has the bot (krutrim_chat).
 */
export function chatOffered(
  availability: { chat: boolean } | null | undefined,
  place:
    | { kind: 'article' }
    | { kind: 'result'; sideLoadChat: boolean | undefined; addChatWithUs: boolean }
    | { kind: 'booking'; krutrimChat: boolean },
): boolean {
  if (!availability?.chat) return false;
  switch (place.kind) {
    case 'article':
      return true;
    case 'result':
      return place.sideLoadChat ?? place.addChatWithUs;
    case 'booking':
      return place.krutrimChat;
  }
}
