import { type BookingDetailsResponse, bookingPaths } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The selected ride's status and end (GET /api/bookings/v2/details), for an article whose call to the driver expires
 * (call_driver_expiry_time:{x}; docs/driver.md "Driver one-touch articles"). Asked again every minute, so the button
 * goes away when the call expires while the page is open.
 */
export function useRideClock(bookingId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['calls', 'ride-clock', bookingId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get<BookingDetailsResponse>(bookingPaths.details, { query: { id: bookingId }, signal }),
    enabled: enabled && bookingId !== null,
    refetchInterval: 60_000,
    select: (d) => ({
      status: d.data.status,
      stop_at: d.stop_at,
      date_entered_timestamp: d.data.date_entered_timestamp,
    }),
  });
}
