import { createSmallStore } from './small-store';

/** The booking the user is getting help with (booking pages fill it; the home page clears it, spec §2). */
export interface SelectedBooking {
  id: string;
  crn?: string | null;
  cab_category?: string | null;
  /** the ride's city: city-configured flows (the safety report's v2 questions) apply by it */
  city?: string | null;
}

// Kept for the tab's life, so a reload of a booking page (/bookingdetails, /dsection) still knows the booking.
export const selectedBookingStore = createSmallStore<SelectedBooking | null>(null, 'selfserve.selected.booking');

export function setSelectedBooking(booking: SelectedBooking | null): void {
  selectedBookingStore.set(booking);
}

export function useSelectedBooking(): SelectedBooking | null {
  return selectedBookingStore.use();
}
