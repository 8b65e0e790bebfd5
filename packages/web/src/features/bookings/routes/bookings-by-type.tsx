import { routes } from '@selfserve/contract';
import { useId } from 'react';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useBack } from '../../../lib/use-back';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/kb.css';
import { useBookingsByType } from '../api/get-bookings-by-type';
import '../../../components/bookings.css';
import { selectBooking } from '../../../lib/bookings/selection';
import { PagedBookingList } from '../components/paged-booking-list';

function BookingsByType({ articleId, previous }: { articleId: string; previous: string }) {
  const { t } = useI18n();
  const { user } = useSession();
  const headingId = useId();
  // Back by the route's previous and the entry mode (contract backAction): in the app, the host at the top.
  const onBack = useBack({ previous });
  const query = useBookingsByType(user?.id, articleId);
  useDocumentTitle(t('selectYourBooking'));
  const back = previous === 'home' ? { to: routes.home } : { onBack };
  const articleHref = `/dreport/${encodeURIComponent(articleId)}`;

  return (
    <div className="page booking-page">
      <div className="booking-page__bar">
        <BackButton {...back} />
        <h1 id={headingId}>{t('bookings.byTypeHeading')}</h1>
      </div>
      <p className="booking-page__subtitle">{t('selectYourBooking')}</p>
      <PagedBookingList
        query={query}
        bookingsOf={(page) => page.bookings}
        hrefFor={() => articleHref}
        onChoose={selectBooking}
        emptyText={t('noBookingsFound')}
        labelledBy={headingId}
      />
    </div>
  );
}

/**
 * /bookingsByType/{articleId}/{previous} (spec §2): the user's bookings an article is about, heading
 * 'Bookings' (title 'Select your booking'); choosing one selects it and opens /dreport/{articleId}.
 */
export function BookingsByTypePage() {
  const { articleId = '', previous = 'default' } = useParams();
  return (
    <RequireUser>
      <BookingsByType key={articleId} articleId={articleId} previous={previous} />
    </RequireUser>
  );
}
