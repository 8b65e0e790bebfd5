import { bookingRoutes } from '@selfserve/contract';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { CheckedCrn } from '../../../components/booking-context';
import { RequireUser } from '../../../components/require-user';
import { selectedBookingStore } from '../../../lib/selected-booking';
import { BookingHelp } from '../components/booking-help';

/**
 * /bdetails/{crn} (spec §2): the booking card and 'Choose an Issue' for a booking reference. An invalid
 * reference clears the selected booking and shows 'Booking Not found.'; bare /bdetails goes to /main.
 */
export function BdetailsPage() {
  const { crn } = useParams();
  if (!crn) return <Navigate to={bookingRoutes.main} replace />;
  return (
    <RequireUser>
      <CheckedCrn key={crn} crn={crn}>
        {(valid) => <BookingHelp key={valid} crn={valid} />}
      </CheckedCrn>
    </RequireUser>
  );
}

/** /bookingdetails (spec §2): the selected booking's detail, else the user's bookings (/main). */
export function BookingDetailsPage() {
  const [crn] = useState(() => selectedBookingStore.get()?.crn ?? null);
  return (
    <RequireUser>
      {crn ? (
        <CheckedCrn crn={crn}>{(valid) => <BookingHelp crn={valid} />}</CheckedCrn>
      ) : (
        <Navigate to={bookingRoutes.main} replace />
      )}
    </RequireUser>
  );
}
