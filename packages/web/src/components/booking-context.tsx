import { bdetailsHref, type CustomerBooking } from '@selfserve/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BookingCard } from '../../../components/booking-card';
import { Loader } from '../../../components/loader';
import { useSession } from '../../../lib/session';
import { LoadError } from '../../kb/components/load-error';
import { useBookingByCrn } from '../api/get-booking-by-crn';
import { selectBooking } from '../utils/selection';
import { BookingNotFound, isBookingMissing } from './booking-help';

/**
 * Help in a booking's context: loads the user's booking by CRN, makes it the selected booking,
 * shows its card, then whatever is about it (an article, an issue form). 'Booking Not found.' when
 * the CRN is not one of the user's bookings.
 */
export function BookingContext({ crn, children }: { crn: string; children: (booking: CustomerBooking) => ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useBookingByCrn(user?.id, crn);
  const booking = query.data;

  useEffect(() => {
    if (booking) selectBooking(booking);
  }, [booking]);

  if (query.isPending) return <Loader fullPage />;
  if (isBookingMissing(query.error)) return <BookingNotFound />;
  if (!booking) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <>
      <section className="booking-context" aria-label={t('bookings.yourBooking')} data-testid="booking-context">
        <BookingCard booking={booking} href={bdetailsHref(crn)} headingLevel={null} />
      </section>
      {children(booking)}
    </>
  );
}
