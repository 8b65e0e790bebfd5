import { bdetailsHref } from '@selfserve/contract';
import { useTranslation } from 'react-i18next';
import { selectBooking } from '../../../lib/bookings/selection';
import { useSession } from '../../../lib/session';
import { useBookings } from '../api/get-bookings';
import { PagedBookingList } from './paged-booking-list';

/**
 * The signed-in user's bookings with infinite scroll (spec §2 /main, /bookings, /myrides). Choosing one
 * remembers it and opens its help, /bdetails/{crn}.
 */
export function UserBookings({ active = true, labelledBy }: { active?: boolean; labelledBy?: string }) {
  const { t } = useTranslation();
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
