import { routes } from '@selfserve/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { RequireUser } from '../../../components/require-user';
import { canGoBack } from '../../../lib/history';
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
  const { t } = useTranslation();
  return (
    <RequireUser>
      <BookingListPage title={t('bookings.myBookingsTitle')} />
    </RequireUser>
  );
}

/** /myrides?previous=home (spec §2): the rides list; Back goes home when it came from there, else back. */
export function MyRidesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back =
    params.get('previous') === 'home'
      ? { to: routes.home }
      : { onBack: () => void (canGoBack() ? navigate(-1) : navigate(routes.home)) };
  return (
    <RequireUser>
      <BookingListPage title={t('bookings.myRidesTitle')} back={back} />
    </RequireUser>
  );
}
