import type { CustomerBooking } from '@selfserve/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BookingCard } from '../../../components/booking-card';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { useScrollPaging } from '../hooks/use-scroll-paging';

export interface PagedBookingListProps<Page> {
  query: UseInfiniteQueryResult<InfiniteData<Page, unknown>, Error>;
  /** The bookings of one page (the list answers `data`, the by-type list `bookings`). */
  bookingsOf: (page: Page) => CustomerBooking[];
  hrefFor: (booking: CustomerBooking) => string;
  onChoose?: (booking: CustomerBooking) => void;
  /** 'No booking found' or 'No bookings found' (spec §2). */
  emptyText: string;
  /** A hidden list (another tab is shown) does not page. */
  active?: boolean;
  labelledBy?: string;
}

/** The retry text of spec §8 with a way to try again; paging stays ended until the user does. */
function RetryNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="booking-list__error" role="alert" data-testid="booking-list-error">
      <p>{t('retry')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('bookings.tryAgain')}
      </Button>
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
}: PagedBookingListProps<Page>) {
  const { t } = useTranslation();
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
              <BookingCard
                booking={booking}
                href={hrefFor(booking)}
                {...(onChoose ? { onChoose: () => onChoose(booking) } : {})}
              />
            </li>
          ))}
        </ul>
      )}
      {query.isFetchingNextPage ? <Loader label={t('bookings.loadingMore')} /> : null}
      {query.isFetchNextPageError ? <RetryNotice onRetry={() => void query.fetchNextPage()} /> : null}
    </div>
  );
}
