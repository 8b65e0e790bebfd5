import { bookingPaths, type CustomerBooking } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

interface BookingResponse {
  status: 'SUCCESS';
  data: CustomerBooking;
}

export const bookingByCrnQueryKey = (userId: string, crn: string) => ['bookings', 'by-crn', userId, crn] as const;

/** One of the user's bookings by its reference; 404 'Booking Not found.' when it is not theirs or missing. */
export async function getBookingByCrn(crn: string, signal?: AbortSignal): Promise<CustomerBooking> {
  return (
    await api.get<BookingResponse>(bookingPaths.getByCrn, { query: { ref_no: crn }, ...(signal ? { signal } : {}) })
  ).data;
}

export const bookingByCrnQueryOptions = (userId: string, crn: string) =>
  queryOptions({
    queryKey: bookingByCrnQueryKey(userId, crn),
    queryFn: ({ signal }) => getBookingByCrn(crn, signal),
    staleTime: 60_000,
  });

/** Asks only for a CRN that passed the check (the caller validates; an invalid one is never sent). */
export function useBookingByCrn(userId: string | null | undefined, crn: string | null) {
  return useQuery({ ...bookingByCrnQueryOptions(userId ?? '', crn ?? ''), enabled: Boolean(userId && crn) });
}
