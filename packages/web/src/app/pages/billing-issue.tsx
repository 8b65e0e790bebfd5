import { bookingRoutes } from '@selfserve/contract';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { RideBill } from '../../components/bill/bill-breakdown';
import { CheckedCrn } from '../../components/booking-context';
import { RequireUser } from '../../components/require-user';
import { BookingHelp } from '../../features/bookings/components/booking-help';
import { selectedBookingStore } from '../../lib/selected-booking';

/** The bill's table names itself ('Your bill'), so the part needs no heading of its own. */
function BillSection({ bookingId }: { bookingId: string }) {
  return (
    <div className="booking-help__bill" data-testid="booking-bill">
      <RideBill bookingId={bookingId} />
    </div>
  );
}

/**
 * /bookingdetails/billing_issue/{source} (spec §2, booking detail with billing help): the selected booking's
 * detail as on /bookingdetails, with its bill above the 'Choose an Issue' categories; no selection goes to /main.
 */
export function BillingIssuePage() {
  const [crn] = useState(() => selectedBookingStore.get()?.crn ?? null);
  return (
    <RequireUser>
      {crn ? (
        <CheckedCrn crn={crn}>
          {(valid) => <BookingHelp crn={valid} beforeIssues={(booking) => <BillSection bookingId={booking.id} />} />}
        </CheckedCrn>
      ) : (
        <Navigate to={bookingRoutes.main} replace />
      )}
    </RequireUser>
  );
}
