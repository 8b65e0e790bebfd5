import { bookingRoutes, driverBillingSourceOf } from '@selfserve/contract';
import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { RideBill } from '../../components/bill/bill-breakdown';
import { CheckedCrn } from '../../components/booking-context';
import { RequireUser } from '../../components/require-user';
import { BookingHelp } from '../../features/bookings/components/booking-help';
import { DriverBillingHelp } from '../../features/driver/billing/driver-billing-help';
import { selectedBookingStore } from '../../lib/selected-booking';
import { useSession } from '../../lib/session';

/** The bill's table names itself ('Your bill'), so the part needs no heading of its own. */
function BillSection({ bookingId }: { bookingId: string }) {
  return (
    <div className="booking-help__bill" data-testid="booking-bill">
      <RideBill bookingId={bookingId} />
    </div>
  );
}

/** A rider: the selected booking's detail as on /bookingdetails, its bill above 'Choose an Issue'; none → /main. */
function RiderBillingIssue() {
  const [crn] = useState(() => selectedBookingStore.get()?.crn ?? null);
  return crn ? (
    <CheckedCrn crn={crn}>
      {(valid) => <BookingHelp crn={valid} beforeIssues={(booking) => <BillSection bookingId={booking.id} />} />}
    </CheckedCrn>
  ) : (
    <Navigate to={bookingRoutes.main} replace />
  );
}

/** A driver: the trip of `?crn=`, its bill from the driver's side and the driver's billing articles. */
function DriverBillingIssue() {
  const { source } = useParams();
  const [search] = useSearchParams();
  return <DriverBillingHelp source={driverBillingSourceOf(source)} crn={search.get('crn')} />;
}

/**
 * /bookingdetails/billing_issue/{source} (spec §2, driver booking detail with billing help; docs/driver.md "Billing
 * help"). A driver sees his trip with its bill from his side; `{source}` is the page he came from (where Back goes).
 * Anyone else keeps the rider's page: the selected booking with its bill.
 */
export function BillingIssuePage() {
  const { user } = useSession();
  return <RequireUser>{user?.role === 'driver' ? <DriverBillingIssue /> : <RiderBillingIssue />}</RequireUser>;
}
