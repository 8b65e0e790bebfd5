/**
 * The help-context key of a booking (spec §4): 'rides_' + the status without its space; a cancelled
 * ride with a positive fare is rides_Cancelled_Charged; sub_status allotment_pending wins over both.
 * Category content is tagged with these keys (contexts) to choose what 'Choose an Issue' shows.
 */
export function helpContextKey(booking: { status: string; sub_status?: string | null; fare?: unknown }): string {
  if (booking.sub_status === 'allotment_pending') return 'rides_allotment_pending';
  const status = booking.status.replace(/\s+/g, '');
  const fare = typeof booking.fare === 'string' ? Number(booking.fare) : booking.fare;
  if (status.toLowerCase() === 'cancelled' && typeof fare === 'number' && fare > 0) return 'rides_Cancelled_Charged';
  return `rides_${status}`;
}
