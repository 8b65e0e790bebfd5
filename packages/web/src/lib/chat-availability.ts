import { type ChatAvailabilityResponse, chatAvailabilityPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { Translate } from './i18n';
import { useSession } from './session';

/**
 * Chat availability for the reader (docs/chat.md): asked only where a "Chat with us" could show, after the page has
 * rendered (never during server rendering), and kept a minute — the answer changes with the clock and the operators'
 * configuration, not from one render to the next.
 */
export const chatAvailabilityQueryKey = (userId: string | null, bookingId: string | null) =>
  ['chat', 'availability', userId, bookingId] as const;

export const chatAvailabilityQueryOptions = (userId: string | null, bookingId: string | null) =>
  queryOptions({
    queryKey: chatAvailabilityQueryKey(userId, bookingId),
    queryFn: ({ signal }) =>
      api.get<ChatAvailabilityResponse>(chatAvailabilityPaths.availability, {
        // a visitor has no bookings to ask about
        query: { booking_id: userId ? (bookingId ?? undefined) : undefined },
        signal,
        // Only a hint for a link: a failure hides the link, it never logs anyone out or redirects.
        quiet: true,
      }),
    staleTime: 60_000,
    retry: false,
  });

/** The answer for the signed-in user (about `bookingId` when given) or the visitor; undefined while unknown. */
export function useChatAvailability(bookingId: string | null | undefined, enabled = true) {
  const { user, status, switches } = useSession();
  return useQuery({
    ...chatAvailabilityQueryOptions(user?.id ?? null, bookingId ?? null),
    // HIDE_CHAT: nothing to ask; the session must be known first (visitor and user differ)
    enabled: enabled && switches.chat && status !== 'loading',
  }).data;
}

export interface ChatbotLinkContext {
  bookingId?: string | null | undefined;
  crn?: string | null | undefined;
  articleId?: string | null | undefined;
  /** where the reader asked from: footer, result, booking */
  source: 'footer' | 'result' | 'booking' | 'search';
  /** ask for a person straight away (an article with plus_live_chat while people are there) */
  live?: boolean;
}

/** The /chatbot page with what it needs to hand the reader over (docs/chat.md "The /chatbot page"). */
export function chatbotHref(ctx: ChatbotLinkContext): string {
  const q = new URLSearchParams();
  if (ctx.bookingId) q.set('booking_id', ctx.bookingId);
  if (ctx.crn) q.set('crn', ctx.crn);
  if (ctx.articleId) q.set('article_id', ctx.articleId);
  q.set('source', ctx.source);
  if (ctx.live) q.set('action', 'live');
  return `/chatbot?${q.toString()}`;
}

/**
 * "Chat opens at 09:00" in the reader's language and their own time zone (a 24-hour clock, as opening hours are
 * written); "Chat opens on Monday at 09:00" when that is not today where the reader is.
 */
export function chatOpensText(t: Translate, opensAt: string, intl: string, now: Date = new Date()): string {
  const at = new Date(opensAt);
  const time = new Intl.DateTimeFormat(intl, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  if (day(at) === day(now)) return t('chatAvailability.opensAt', { time });
  return t('chatAvailability.opensOn', { day: new Intl.DateTimeFormat(intl, { weekday: 'long' }).format(at), time });
}
