/** The booking states of spec §2, as keys of the web app's labels. */
export const bookingStatusKeys = {
  inprogress: 'inProgress',
  pending: 'pending',
  requested: 'requested',
  scheduled: 'scheduled',
  cancelled: 'cancelled',
  completed: 'completed',
  ongoing: 'ongoing',
} as const;
export type BookingStatusKey = (typeof bookingStatusKeys)[keyof typeof bookingStatusKeys];

/** 'in progress', 'In Progress', 'in_progress' and 'Ongoing' all name a state; anything else is shown as sent. */
export function bookingStatusKey(status: string): BookingStatusKey | null {
  const normal = status.toLowerCase().replace(/[\s_-]+/g, '');
  return Object.hasOwn(bookingStatusKeys, normal) ? bookingStatusKeys[normal as keyof typeof bookingStatusKeys] : null;
}
