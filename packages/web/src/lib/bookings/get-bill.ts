import { type BillResponse, bookingPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const billQueryKey = (userId: string, bookingId: string) => ['bookings', 'bill', userId, bookingId] as const;

/** GET /api/bookings/v1/bill: a ride's bill and the answer to an earlier dispute; 404 when it is not the user's. */
export function getBill(bookingId: string, signal?: AbortSignal): Promise<BillResponse> {
  return api.get<BillResponse>(bookingPaths.bill, { query: { booking_id: bookingId }, ...(signal ? { signal } : {}) });
}

export const billQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: billQueryKey(userId, bookingId),
    queryFn: ({ signal }) => getBill(bookingId, signal),
    staleTime: 60_000,
  });

export function useBill(userId: string | null | undefined, bookingId: string | null | undefined) {
  return useQuery({ ...billQueryOptions(userId ?? '', bookingId ?? ''), enabled: Boolean(userId && bookingId) });
}
