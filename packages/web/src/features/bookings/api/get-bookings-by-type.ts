import { BOOKING_LIST_MAX_PAGES, type BookingsByTypeResponse, bookingPaths } from '@selfserve/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BookingPageParam } from './get-bookings';
import { firstBookingPage } from './get-bookings';

/**
 * The bookings-by-type call (guided-flows.md §7; docs/bookings.md): the bookings an article is about, answered as
 * `status, bookings, page_no, page_key` — a null page_key means no more pages.
 */
export type { BookingsByTypeResponse };

export const bookingsByTypeQueryKey = (userId: string, articleId: string) =>
  ['bookings', 'by-type', userId, articleId] as const;

export function getBookingsByType(
  articleId: string,
  page: BookingPageParam,
  signal?: AbortSignal,
): Promise<BookingsByTypeResponse> {
  return api.get<BookingsByTypeResponse>(bookingPaths.byType, {
    query: { article_id: articleId, page_no: page.page_no, page_key: page.page_key },
    ...(signal ? { signal } : {}),
  });
}

export function nextBookingsByTypePage(
  last: BookingsByTypeResponse,
  lastParam: BookingPageParam,
): BookingPageParam | undefined {
  if (!last.page_key || lastParam.page_no >= BOOKING_LIST_MAX_PAGES) return undefined;
  return { page_no: lastParam.page_no + 1, page_key: last.page_key };
}

export const bookingsByTypeQueryOptions = (userId: string, articleId: string) =>
  infiniteQueryOptions({
    queryKey: bookingsByTypeQueryKey(userId, articleId),
    queryFn: ({ pageParam, signal }) => getBookingsByType(articleId, pageParam, signal),
    initialPageParam: firstBookingPage,
    getNextPageParam: (last, _all, lastParam) => nextBookingsByTypePage(last, lastParam),
    staleTime: 60_000,
    // A refetch re-asks every loaded page (up to ten); a list of past rides is not worth that on focus.
    refetchOnWindowFocus: false,
  });

/** The user's bookings an article is about (its top category's booking states), page by page. */
export function useBookingsByType(userId: string | null | undefined, articleId: string) {
  return useInfiniteQuery({
    ...bookingsByTypeQueryOptions(userId ?? '', articleId),
    enabled: Boolean(userId && articleId),
  });
}
