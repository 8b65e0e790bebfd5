/**
 * Refunds (docs/one-touch-rules.md): the call types that refund a ride's charge to the chosen destination
 * (the submit's refund_destination; the destinations an article offers are refundDestinations in one-touch.ts).
 */
export const REFUND_CALL_TYPES: readonly string[] = [
  'refund',
  'cancellation_fee',
  'cancellation_fee_refund',
  'cancelled_ride_refund',
  'ride_not_taken',
];

/** The one refund of a completed ride: the rider says they never took it. */
export const RIDE_NOT_TAKEN = 'ride_not_taken';
