import { setSelectedBooking } from '../selected-booking';
import { createSmallStore } from '../small-store';

/** Remembers the booking the user chose (spec §2), for the article pages that follow. */
export function selectBooking(b: { id: string; crn: string; cab_category: string; city?: string }): void {
  setSelectedBooking({ id: b.id, crn: b.crn, cab_category: b.cab_category, city: b.city ?? null });
}

/** The section the user opened under 'Choose an Issue', for /dsection and /{crn}/dsection. */
export interface BookingSection {
  crn: string;
  sectionId: string;
}

export const bookingSectionStore = createSmallStore<BookingSection | null>(null, 'selfserve.booking.section');

export function selectBookingSection(crn: string, sectionId: string): void {
  const current = bookingSectionStore.get();
  if (current?.crn !== crn || current.sectionId !== sectionId) bookingSectionStore.set({ crn, sectionId });
}
