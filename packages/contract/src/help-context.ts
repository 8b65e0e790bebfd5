/**
 * Every help-context key a booking can have (spec §4): 'rides_' + each booking status without its space, plus
 * rides_Cancelled_Charged and rides_allotment_pending. Every index a booking's help reads has categories for each
 * (content test); category front matter `contexts` names them.
 */
export const helpContextKeys = [
  'rides_completed',
  'rides_cancelled',
  'rides_Cancelled_Charged',
  'rides_allotment_pending',
  'rides_inprogress',
  'rides_pending',
  'rides_requested',
  'rides_scheduled',
  'rides_ongoing',
] as const;
export type HelpContextKey = (typeof helpContextKeys)[number];

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
