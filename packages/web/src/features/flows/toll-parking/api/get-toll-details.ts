import { bookingPaths, type TollDetails } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const tollDetailsQueryKey = (userId: string, bookingId: string) =>
  ['bookings', 'tolls', userId, bookingId] as const;

/** GET bookingPaths.tolls: a ride's toll_amount and break-up, and its toll refund; 404 when it is not the user's. */
export function getTollDetails(bookingId: string, signal?: AbortSignal): Promise<TollDetails> {
  return api.get<TollDetails>(bookingPaths.tolls, { query: { booking_id: bookingId }, ...(signal ? { signal } : {}) });
}

export const tollDetailsQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: tollDetailsQueryKey(userId, bookingId),
    queryFn: ({ signal }) => getTollDetails(bookingId, signal),
    staleTime: 60_000,
  });

export function useTollDetails(userId: string | null | undefined, bookingId: string) {
  return useQuery({ ...tollDetailsQueryOptions(userId ?? '', bookingId), enabled: Boolean(userId) });
}
