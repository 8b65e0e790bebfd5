import { articleIndexes, type CustomerBooking, routes, writeToUsArticleFor, writeToUsHref } from '@selfserve/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookingCard } from '../../../components/booking-card';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useScrollPaging } from '../hooks/use-scroll-paging';
import '../bookings-pages.css';

export interface PagedBookingListProps<Page> {
  query: UseInfiniteQueryResult<InfiniteData<Page, unknown>, Error>;
  /** The bookings of one page (the list answers `data`, the by-type list `bookings`). */
  bookingsOf: (page: Page) => CustomerBooking[];
  hrefFor: (booking: CustomerBooking) => string;
  onChoose?: (booking: CustomerBooking) => void;
  /** What follows a booking's card in the list (the invoice view's e-mail action). */
  renderAfter?: (booking: CustomerBooking) => ReactNode;
  /** 'No booking found' or 'No bookings found' (spec §2). */
  emptyText: string;
  /** A hidden list (another tab is shown) does not page. */
  active?: boolean;
  labelledBy?: string;
}

/** The retry text of spec §8 with a way to try again; paging stays ended until the user does. */
function RetryNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <ErrorState
      message={t('retry')}
      retryLabel={t('bookings.tryAgain')}
      onRetry={onRetry}
      inline={{ className: 'booking-list__error', testId: 'booking-list-error' }}
    />
  );
}

/** A permanent refusal (403): asking again cannot help, so no retry. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

/**
 * A list this user may not open (a food-delivery rider's bookings, core.md §6): the server's reason, what they can
 * do instead — the help topics, write to us (when it is on) — and never a retry, which could not work.
 */
export function RefusedNotice({ error }: { error: ApiError }) {
  const { t } = useI18n();
  const { user, switches } = useSession();
  // Straight to the issue form of the user's own write-to-us article: the general page would ask which ride first.
  const [index = 'customer'] = articleIndexes({
    role: user?.role ?? 'customer',
    country: user?.country_code,
    locale: user?.locale,
  });
  const writeToUs = switches.write_to_us ? writeToUsArticleFor(index) : null;
  return (
    <div className="booking-list__error" role="alert" data-testid="booking-list-refused">
      <p>{error.text}</p>
      <p>{t('bookingPages.refused.instead')}</p>
      <p className="booking-list__actions">
        <Link to={routes.home} className="button">
          {t('bookingPages.refused.helpTopics')}
        </Link>{' '}
        {writeToUs ? (
          <Link to={writeToUsHref(writeToUs)} className="button button--secondary">
            {t('bookingPages.refused.writeToUs')}
          </Link>
        ) : null}
      </p>
    </div>
  );
}

/**
 * A booking list that loads page by page as the user scrolls near the bottom (spec §4), with the empty
 * text when there is nothing and the retry text when a page fails.
 */
export function PagedBookingList<Page>({
  query,
  bookingsOf,
  hrefFor,
  onChoose,
  emptyText,
  active = true,
  labelledBy,
  renderAfter,
}: PagedBookingListProps<Page>) {
  const { t } = useI18n();
  const pages = query.data?.pages ?? [];
  const bookings = pages.flatMap(bookingsOf);

  useScrollPaging({
    pagesLoaded: pages.length,
    hasNextPage: query.hasNextPage,
    loading: query.isFetching,
    failed: query.isError,
    loadNext: () => void query.fetchNextPage(),
    enabled: active,
  });

  if (isRefusal(query.error)) return <RefusedNotice error={query.error} />;
  if (query.isPending) return <Loader />;
  if (pages.length === 0) return <RetryNotice onRetry={() => void query.refetch()} />;

  return (
    <div className="booking-list" data-testid="booking-list" data-pages={pages.length}>
      {bookings.length === 0 ? (
        <p className="booking-list__empty" data-testid="booking-list-empty">
          {emptyText}
        </p>
      ) : (
        <ul className="booking-list__items" aria-labelledby={labelledBy}>
          {bookings.map((booking) => (
            <li key={booking.id}>
              {/* Cards sit right under the page's h1: their titles are h2 (axe heading-order). */}
              <BookingCard
                booking={booking}
                headingLevel={2}
                href={hrefFor(booking)}
                {...(onChoose ? { onChoose: () => onChoose(booking) } : {})}
              />
              {renderAfter?.(booking)}
            </li>
          ))}
        </ul>
      )}
      {query.isFetchingNextPage ? <Loader label={t('bookings.loadingMore')} /> : null}
      {query.isFetchNextPageError ? <RetryNotice onRetry={() => void query.fetchNextPage()} /> : null}
    </div>
  );
}
