import {
  type ArticleSummary,
  articleIndexes,
  bookingArticleHref,
  bookingSectionHref,
  type CustomerBooking,
  writeToUsArticleFor,
  writeToUsHref,
} from '@selfserve/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { BookingCard } from '../../../components/booking-card';
import { CategoryBrowser } from '../../../components/category-browser';
import { ContactLinks } from '../../../components/contact-links';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { formatDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useKbMeta } from '../../../lib/kb/get-kb-meta';
import { useVisibleCategories } from '../../../lib/kb/use-kb-viewer';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/kb.css';
import { useBookingByCrn } from '../../../lib/bookings/get-booking-by-crn';
import { useBookingDetails } from '../api/get-booking-details';
import '../../../components/bookings.css';
import { BookingNotFound, isBookingMissing } from '../../../components/booking-context';
import { selectBooking, selectBookingSection } from '../../../lib/bookings/selection';

/** Where and when the ride ended and how it was paid (details call); nothing when that is unavailable. */
export function BookingDetailsPanel({ bookingId }: { bookingId: string }) {
  const { t, intl } = useI18n();
  const { user } = useSession();
  const details = useBookingDetails(user?.id, bookingId).data;
  if (!details) return null;
  return (
    <dl className="booking-details" data-testid="booking-details">
      <div>
        <dt>{t('bookings.details.city')}</dt>
        <dd>{details.city}</dd>
      </div>
      {details.stop_at ? (
        <div>
          <dt>{t('bookings.details.endedAt')}</dt>
          <dd>{formatDateTime(details.stop_at, intl)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('bookings.details.payment')}</dt>
        <dd>{details.cash_involved ? t('bookings.details.cash') : t('bookings.details.online')}</dd>
      </div>
    </dl>
  );
}

/**
 * The categories for the booking's state (meta?booking_id=, whose help context the server derives), as
 * the home page shows them: first category preselected, its sections and articles beside it. Articles
 * open in the booking's context; sections open as the booking's section page.
 */
export function BookingIssues({ crn }: { crn: string }) {
  const { t } = useI18n();
  const meta = useKbMeta({ booking_id: crn });
  const { categories, ready } = useVisibleCategories(meta.data?.data);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectedId = categories.find((c) => c.id === chosen)?.id ?? categories[0]?.id ?? '';

  if (meta.isError) {
    return (
      <ErrorState
        error={meta.error}
        inline={{ className: 'booking-list__error' }}
        retryLabel={t('bookings.tryAgain')}
        onRetry={() => void meta.refetch()}
      />
    );
  }
  if (!ready) return <Loader />;
  const childHref = (child: ArticleSummary) =>
    child.type === 'article' ? bookingArticleHref(crn, child.id) : bookingSectionHref(crn);
  const onOpenChild = (child: ArticleSummary) => {
    if (child.type !== 'article') selectBookingSection(crn, child.id);
  };
  return (
    <div data-testid="booking-issues" data-context={meta.data?.context ?? ''}>
      <CategoryBrowser
        categories={categories}
        selectedId={selectedId}
        onSelect={(category) => setChosen(category.id)}
        childHref={childHref}
        onOpenChild={onOpenChild}
      />
    </div>
  );
}

/**
 * Write to us and Call us for a booking, whatever the content has for its state (docs/bookings.md): write to us opens
 * the issue form of the write-to-us article of the index the booking's help reads, in the booking's context; each
 * shows while its master switch is on (spec §6).
 */
export function BookingContact({ booking }: { booking: CustomerBooking }) {
  const { t } = useI18n();
  const { user, switches } = useSession();
  const [index = 'customer'] = articleIndexes({
    role: user?.role ?? 'customer',
    country: user?.country_code,
    locale: user?.locale,
    booking,
  });
  const articleId = switches.write_to_us ? writeToUsArticleFor(index) : null;
  // Chat with us for a ride with the assistant (krutrim_chat), while chat is available for it (docs/chat.md).
  const chat = switches.chat && booking.krutrim_chat;
  if (!articleId && !switches.call_us && !chat) return null;
  return (
    <section className="kb-article__footer" aria-label={t('bookingPages.contact.label')} data-testid="booking-contact">
      <p>{t('kb.stillNeedHelp')}</p>
      <ContactLinks
        callUs={switches.call_us}
        callUsAbout={{ bookingId: booking.id }}
        writeToUsHref={articleId ? writeToUsHref(articleId, booking.crn) : null}
        chat={
          chat
            ? {
                place: { kind: 'booking', krutrimChat: booking.krutrim_chat },
                source: 'booking',
                bookingId: booking.id,
                crn: booking.crn,
              }
            : null
        }
      />
    </section>
  );
}

/**
 * Help for one booking (spec §2 /bdetails/{crn}): the booking card and its details, then 'Choose an Issue'
 * with the categories of the booking's state. The CRN must already have passed the check. `beforeIssues`
 * adds a part of the page above the categories (the bill on the billing-help page).
 */
export function BookingHelp({
  crn,
  beforeIssues,
}: {
  crn: string;
  beforeIssues?: (booking: CustomerBooking) => ReactNode;
}) {
  const { t } = useI18n();
  const { user } = useSession();
  const query = useBookingByCrn(user?.id, crn);
  const booking = query.data;
  const missing = isBookingMissing(query.error);
  useDocumentTitle(booking ? t('chooseAnIssue') : missing ? t('bookingNotFound') : '');

  useEffect(() => {
    if (booking) selectBooking(booking);
  }, [booking]);

  if (query.isPending) return <Loader fullPage />;
  if (missing) return <BookingNotFound />;
  if (!booking) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="page booking-help" data-testid="booking-help">
      <h1>{t('chooseAnIssue')}</h1>
      <section className="booking-help__booking" aria-label={t('bookings.yourBooking')}>
        <BookingCard booking={booking} headingLevel={2} />
        <BookingDetailsPanel bookingId={booking.id} />
      </section>
      {beforeIssues?.(booking)}
      <BookingIssues crn={booking.crn} />
      <BookingContact booking={booking} />
    </div>
  );
}
