import { TOLL_DETAILS_PATH, type TollDetails } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const tollDetailsQueryKey = (userId: string, bookingId: string) =>
  ['bookings', 'tolls', userId, bookingId] as const;

/** GET TOLL_DETAILS_PATH: a ride's toll_amount and break-up, and its toll refund; 404 when it is not the user's. */
export function getTollDetails(bookingId: string, signal?: AbortSignal): Promise<TollDetails> {
  return api.get<TollDetails>(TOLL_DETAILS_PATH, { query: { booking_id: bookingId }, ...(signal ? { signal } : {}) });
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
