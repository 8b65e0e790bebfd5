import { bdetailsHref } from '@selfserve/contract';
import { selectBooking } from '../../../lib/bookings/selection';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useBookings } from '../api/get-bookings';
import { PagedBookingList } from './paged-booking-list';

/**
 * The signed-in user's bookings with infinite scroll (spec §2 /main, /bookings, /myrides). Choosing one
 * remembers it and opens its help, /bdetails/{crn}.
 */
export function UserBookings({ active = true, labelledBy }: { active?: boolean; labelledBy?: string }) {
  const { t } = useI18n();
  const { user } = useSession();
  const query = useBookings(user?.id);
  return (
    <PagedBookingList
      query={query}
      bookingsOf={(page) => page.data}
      hrefFor={(booking) => bdetailsHref(booking.crn)}
      onChoose={selectBooking}
      emptyText={t('noBookingFound')}
      active={active}
      {...(labelledBy ? { labelledBy } : {})}
    />
  );
}
