import {
  type ArticleSummary,
  bdetailsHref,
  bookingArticleHref,
  bookingRoutes,
  isValidCrn,
  supportArticleHref,
} from '@selfserve/contract';
import { type ReactElement, useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import { BookingCard } from '../../../components/booking-card';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { selectedBookingStore } from '../../../lib/selected-booking';
import { useSession } from '../../../lib/session';
import '../../../components/kb.css';
import { useBookingDetails } from '../api/get-booking-details';
import '../../../components/bookings.css';
import { BookingContext, BookingNotFound, CheckedCrn, isBookingMissing } from '../../../components/booking-context';
import { bookingSectionStore, selectBooking } from '../../../lib/bookings/selection';

/** An article with the booking it is about above it; its child topics stay in the booking's context. */
function ArticleForCrn({ crn, articleId }: { crn: string; articleId: string }) {
  return (
    <BookingContext crn={crn}>
      {() => (
        <ArticleView
          key={articleId}
          id={articleId}
          hrefFor={(node: ArticleSummary) => bookingArticleHref(crn, node.id)}
        />
      )}
    </BookingContext>
  );
}

/**
 * /{crn}/dreport/{articleId}[/{bookingId}/{carCategory}] (spec §2): an article in a booking's context.
 * Needs a signed-in user; the loader shows until the booking answers, then the article or 'Booking Not found.'.
 */
export function BookingArticlePage() {
  const { crn = '', articleId = '' } = useParams();
  return (
    <RequireUser>
      <CheckedCrn key={crn} crn={crn}>
        {(valid) => <ArticleForCrn crn={valid} articleId={articleId} />}
      </CheckedCrn>
    </RequireUser>
  );
}

function ArticleForBookingId({ bookingId, articleId }: { bookingId: string; articleId: string }) {
  const { t } = useI18n();
  const { user } = useSession();
  // The booking must be the user's own; the details call answers 404 for anyone else's (docs/bookings.md).
  const details = useBookingDetails(user?.id, bookingId);
  const booking = details.data?.data;

  useEffect(() => {
    if (booking) selectBooking(booking);
  }, [booking]);

  if (details.isPending) return <Loader fullPage />;
  if (isBookingMissing(details.error)) return <BookingNotFound />;
  if (!booking) return <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  return (
    <>
      {/* Which ride the request is about: the booking's card above the article, as every booking context shows it. */}
      <section className="booking-context" aria-label={t('bookings.yourBooking')} data-testid="booking-context">
        <BookingCard booking={booking} href={bdetailsHref(booking.crn)} headingLevel={null} />
      </section>
      <ArticleView
        key={articleId}
        id={articleId}
        hrefFor={(node: ArticleSummary) => supportArticleHref(bookingId, node.id)}
      />
    </>
  );
}

/** /support/{bid}/dreport/{articleId} (spec §2): a website article for one of the user's bookings, by id. */
export function SupportBookingArticlePage() {
  const { bid = '', articleId = '' } = useParams();
  return (
    <RequireUser>
      <ArticleForBookingId key={bid} bookingId={bid} articleId={articleId} />
    </RequireUser>
  );
}

/**
 * /dsection and /{crn}/dsection (spec §2): the section chosen under the booking's 'Choose an Issue'.
 * Without a chosen section it goes to the booking's help (/bdetails/{crn}), or to /main without a booking.
 */
export function DsectionPage() {
  const { crn: crnParam } = useParams();
  const [section] = useState(() => bookingSectionStore.get());
  const [selected] = useState(() => selectedBookingStore.get());
  const crn = crnParam ?? selected?.crn ?? null;

  let content: ReactElement;
  if (!crn || !isValidCrn(crn)) content = <Navigate to={bookingRoutes.main} replace />;
  else if (section?.crn !== crn) content = <Navigate to={bdetailsHref(crn)} replace />;
  else {
    content = (
      <ArticleView
        key={section.sectionId}
        id={section.sectionId}
        hrefFor={(node: ArticleSummary) => bookingArticleHref(crn, node.id)}
      />
    );
  }
  return <RequireUser>{content}</RequireUser>;
}
