import { routes } from '@selfserve/contract';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { useBack } from '../../../lib/use-back';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/kb.css';
import '../../../components/bookings.css';
import { UserBookings } from '../components/user-bookings';

function BookingListPage({ title, back }: { title: string; back?: { to: string } | { onBack: () => void } }) {
  const headingId = useId();
  useDocumentTitle(title);
  return (
    <div className="page booking-page">
      <div className="booking-page__bar">
        {back ? <BackButton {...back} /> : null}
        <h1 id={headingId}>{title}</h1>
      </div>
      <UserBookings labelledBy={headingId} />
    </div>
  );
}

/** /bookings and /bookings/default (spec §2): the ride picker; choosing a ride opens /bdetails/{crn}. */
export function BookingsPage() {
  const { t } = useI18n();
  return (
    <RequireUser>
      <BookingListPage title={t('bookings.myBookingsTitle')} />
    </RequireUser>
  );
}

/** /myrides?previous=home (spec §2): the rides list; Back goes home when it came from there, else back. */
export function MyRidesPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const previous = params.get('previous');
  // Back by the entry mode where no previous names a place (contract backAction): in the app, the host at the top.
  const onBack = useBack({ previous });
  const back = previous === 'home' ? { to: routes.home } : { onBack };
  return (
    <RequireUser>
      <BookingListPage title={t('bookings.myRidesTitle')} back={back} />
    </RequireUser>
  );
}
