import { BOOKING_LIST_MAX_PAGES, type BookingListResponse, bookingPaths } from '@selfserve/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Page 1 needs no key; every later page needs the key the page before it answered (docs/bookings.md). */
export interface BookingPageParam {
  page_no: number;
  page_key: string | null;
}

export const firstBookingPage: BookingPageParam = { page_no: 1, page_key: null };

/** A list of one status only (docs/bookings.md "Status filter"): the invoice view lists completed rides. */
export type BookingStatusFilter = 'completed';

/** Keyed by user (another sign-in in this tab never sees the previous user's rides) and by the status filter. */
export const bookingsQueryKey = (userId: string, status: BookingStatusFilter | null = null) =>
  ['bookings', 'list', userId, status] as const;

export function getBookings(
  page: BookingPageParam,
  signal?: AbortSignal,
  status: BookingStatusFilter | null = null,
): Promise<BookingListResponse> {
  return api.get<BookingListResponse>(bookingPaths.list, {
    query: { page_no: page.page_no, page_key: page.page_key, status },
    ...(signal ? { signal } : {}),
  });
}

/** The next page while the server offers one, never beyond page 10 (spec §9). */
export function nextBookingPage(last: BookingListResponse, lastParam: BookingPageParam): BookingPageParam | undefined {
  if (!last.next_page || !last.page_key || lastParam.page_no >= BOOKING_LIST_MAX_PAGES) return undefined;
  return { page_no: lastParam.page_no + 1, page_key: last.page_key };
}

export const bookingsQueryOptions = (userId: string, status: BookingStatusFilter | null = null) =>
  infiniteQueryOptions({
    queryKey: bookingsQueryKey(userId, status),
    queryFn: ({ pageParam, signal }) => getBookings(pageParam, signal, status),
    initialPageParam: firstBookingPage,
    getNextPageParam: (last, _all, lastParam) => nextBookingPage(last, lastParam),
    staleTime: 60_000,
    // A refetch re-asks every loaded page (up to ten); a list of past rides is not worth that on focus.
    refetchOnWindowFocus: false,
  });

/** The signed-in user's bookings (of one status when asked), newest first, page by page. */
export function useBookings(userId: string | null | undefined, status: BookingStatusFilter | null = null) {
  return useInfiniteQuery({ ...bookingsQueryOptions(userId ?? '', status), enabled: Boolean(userId) });
}
