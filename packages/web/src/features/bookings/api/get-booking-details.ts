import { type BookingDetailsResponse, bookingPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/bookings/v2/details (spec §3): where and when the ride ended and how it was paid. */
export type BookingDetails = BookingDetailsResponse;

export const bookingDetailsQueryKey = (userId: string, bookingId: string) =>
  ['bookings', 'details', userId, bookingId] as const;

export function getBookingDetails(bookingId: string, signal?: AbortSignal): Promise<BookingDetails> {
  return api.get<BookingDetails>(bookingPaths.details, { query: { id: bookingId }, ...(signal ? { signal } : {}) });
}

export const bookingDetailsQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: bookingDetailsQueryKey(userId, bookingId),
    queryFn: ({ signal }) => getBookingDetails(bookingId, signal),
    staleTime: 60_000,
  });

export function useBookingDetails(userId: string | null | undefined, bookingId: string | null | undefined) {
  return useQuery({
    ...bookingDetailsQueryOptions(userId ?? '', bookingId ?? ''),
    enabled: Boolean(userId && bookingId),
  });
}
