import type { EntryMode } from './auth.ts';
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
