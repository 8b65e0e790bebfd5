import { BOOKING_LIST_MAX_PAGES, type BookingsByArticleResponse, bookingPaths } from '@selfserve/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BookingPageParam } from './get-bookings';
import { firstBookingPage } from './get-bookings';

/** The by-type list answers `bookings` and `page_no` (spec §3); a null page_key means no more pages. */
export type { BookingsByArticleResponse };

export const bookingsByArticleQueryKey = (userId: string, articleId: string) =>
  ['bookings', 'by-article', userId, articleId] as const;

export function getBookingsByArticle(
  articleId: string,
  page: BookingPageParam,
  signal?: AbortSignal,
): Promise<BookingsByArticleResponse> {
  return api.get<BookingsByArticleResponse>(bookingPaths.byArticle, {
    query: { article_id: articleId, page_no: page.page_no, page_key: page.page_key },
    ...(signal ? { signal } : {}),
  });
}

export function nextBookingsByArticlePage(
  last: BookingsByArticleResponse,
  lastParam: BookingPageParam,
): BookingPageParam | undefined {
  if (!last.page_key || lastParam.page_no >= BOOKING_LIST_MAX_PAGES) return undefined;
  return { page_no: lastParam.page_no + 1, page_key: last.page_key };
}

export const bookingsByArticleQueryOptions = (userId: string, articleId: string) =>
  infiniteQueryOptions({
    queryKey: bookingsByArticleQueryKey(userId, articleId),
    queryFn: ({ pageParam, signal }) => getBookingsByArticle(articleId, pageParam, signal),
    initialPageParam: firstBookingPage,
    getNextPageParam: (last, _all, lastParam) => nextBookingsByArticlePage(last, lastParam),
    staleTime: 60_000,
    // A refetch re-asks every loaded page (up to ten); a list of past rides is not worth that on focus.
    refetchOnWindowFocus: false,
  });

/** The user's bookings an article is about (its top category's booking states), page by page. */
export function useBookingsByArticle(userId: string | null | undefined, articleId: string) {
  return useInfiniteQuery({
    ...bookingsByArticleQueryOptions(userId ?? '', articleId),
    enabled: Boolean(userId && articleId),
  });
}
