import type { EntryMode } from './auth.ts';
import { mayListBookings } from './booking-paths.ts';
import { entryModes } from './entry-modes.ts';

/**
 * Whether the shell and home offer rider-only cards — the Select membership card and stamp (guided-flows.md §2:
 * paid membership is for customers) — issue 14: only a signed-in customer (a rider) in a mode that reads the
 * customers' help (the website, the customer, self-drive or share-pass apps). Drivers, food-delivery riders and
 * anyone in the operator or restaurant app never see them; a visitor has no membership to show.
 */
export function seesRiderCards(at: { role: string | null | undefined; entryMode: EntryMode }): boolean {
  if (at.role !== 'customer') return false;
  const audience = entryModes[at.entryMode].index;
  return audience === 'viewer' || audience === 'customer';
}

/**
 * Whether the shell and home offer My Bookings: to those who may list bookings (customers their rides, drivers and
 * operators the trips they drove, core.md §6), in a mode that has a booking list — the restaurant app and the
 * share-pass popup have none.
 */
export function offersBookings(at: { role: string | null | undefined; entryMode: EntryMode }): boolean {
  return mayListBookings(at.role) && entryModes[at.entryMode].bookings !== 'none';
}
