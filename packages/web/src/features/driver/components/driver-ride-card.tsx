import { type DriverBooking, driverRideHref, formatFare, rideReference, rideStatusWordKey } from '@selfserve/contract';
import { Link } from 'react-router';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { serviceLabelKey } from './service-label';

/** The driver booking card (core.md §3 "Booking (driver)"): the ride's reference, when, what kind, its fare. */
export function DriverRideCard({ ride }: { ride: DriverBooking }) {
  const { t, intl } = useI18n();
  const ref = rideReference({ brand: ride.osn ? 'ola_share' : 'ola', crn: ride.crn, osn: ride.osn });
  return (
    <article className="driver-card" data-testid="driver-ride-card" data-crn={ride.crn}>
      <div className="driver-card__head">
        <Link to={driverRideHref(ride.crn)} className="driver-card__ref">
          {ref.label} {ref.value}
        </Link>
        <span className="driver-card__status">{t(`status.${rideStatusWordKey(ride)}`)}</span>
      </div>
      <p className="driver-card__when">
        <time dateTime={isoDateTime(ride.pickup_date)}>{formatDateTime(ride.pickup_date, intl)}</time>
      </p>
      <dl className="driver-card__facts">
        <div>
          <dt>{t('driver.ride.service')}</dt>
          <dd>
            {t(serviceLabelKey(ride.service_type))} ·{' '}
            {t(ride.ride_type === 'later' ? 'driver.rideType.later' : 'driver.rideType.now')}
          </dd>
        </div>
        <div>
          <dt>{t('driver.ride.category')}</dt>
          <dd className="driver-card__category">{ride.car_category}</dd>
        </div>
        <div>
          <dt>{t('driver.card.fare')}</dt>
          <dd data-testid="driver-ride-fare">{formatFare(ride.total_fare, ride.currency_country, intl)}</dd>
        </div>
        <div>
          <dt>{t('driver.payment.label')}</dt>
          <dd>{t(ride.cash ? 'driver.payment.cash' : 'driver.payment.online')}</dd>
        </div>
      </dl>
    </article>
  );
}
