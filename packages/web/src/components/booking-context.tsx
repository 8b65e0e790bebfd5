import { bdetailsHref, type CustomerBooking, isValidCrn } from '@selfserve/contract';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../lib/api-client';
import { useBookingByCrn } from '../lib/bookings/get-booking-by-crn';
import { selectBooking } from '../lib/bookings/selection';
import { useI18n } from '../lib/i18n';
import { setSelectedBooking } from '../lib/selected-booking';
import { useSession } from '../lib/session';
import { NotFound } from './article-not-found';
import { BookingCard } from './booking-card';
import { ErrorState } from './error-state';
import { Loader } from './loader';

/** Spec §8: 'Booking Not found.' when the reference has no booking of this user (or fails the check). */
export function BookingNotFound() {
  const { t } = useI18n();
  return <NotFound title={t('bookingNotFound')} />;
}

/** 404 (not this user's, or missing) and 400 (the server's own CRN check) both mean no such booking. */
export function isBookingMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A CRN from the address bar: checked first (spec §5); an invalid one clears the selection and is not asked. */
export function CheckedCrn({ crn, children }: { crn: string; children: (crn: string) => ReactNode }) {
  const valid = isValidCrn(crn);
  useEffect(() => {
    if (!valid) setSelectedBooking(null);
  }, [valid]);
  if (!valid) return <BookingNotFound />;
  return children(crn);
}

/**
 * Help in a booking's context: loads the user's booking by CRN, makes it the selected booking,
 * shows its card, then whatever is about it (an article, an issue form). 'Booking Not found.' when
 * the CRN is not one of the user's bookings.
 */
export function BookingContext({ crn, children }: { crn: string; children: (booking: CustomerBooking) => ReactNode }) {
  const { t } = useI18n();
  const { user } = useSession();
  const query = useBookingByCrn(user?.id, crn);
  const booking = query.data;

  useEffect(() => {
    if (booking) selectBooking(booking);
  }, [booking]);

  if (query.isPending) return <Loader fullPage />;
  if (isBookingMissing(query.error)) return <BookingNotFound />;
  if (!booking) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <section className="booking-context" aria-label={t('bookings.yourBooking')} data-testid="booking-context">
        <BookingCard booking={booking} href={bdetailsHref(crn)} headingLevel={null} />
      </section>
      {children(booking)}
    </>
  );
}
