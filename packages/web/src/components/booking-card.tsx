import { type CustomerBooking, formatFare, rideReference, rideStatusWordKey, statusWordKey } from '@selfserve/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { decodeBase64Text } from '../lib/base64-text';
import { formatDateTime, isoDateTime } from '../lib/format-date';
import { useI18n } from '../lib/i18n';
import { Avatar } from './avatar';
import './cards.css';

/** The fields a card shows (spec §2); the by-CRN answer, list rows and by-type rows all carry them. */
export type BookingCardData = Pick<
  CustomerBooking,
  | 'id'
  | 'crn'
  | 'osn'
  | 'brand'
  | 'status'
  | 'sub_status'
  | 'fare'
  | 'country'
  | 'cab_category'
  | 'vehicle_category'
  | 'display_car_name'
  | 'pickup_date'
  | 'pickup_location'
  | 'drop_location'
  | 'driver_image_url'
  | 'map_img_url'
  | 'clickable'
>;

export interface BookingCardProps {
  booking: BookingCardData;
  /** Where choosing the card goes; a booking the server marks not clickable never links. */
  href?: string;
  /** Runs before the link navigates (to remember the chosen booking). */
  onChoose?: (booking: BookingCardData) => void;
  /** The card's title is a heading of this level in lists; null makes it plain text (a summary above a page's h1). */
  headingLevel?: 2 | 3 | null;
}

/** The vehicle as riders know it: the display name, else the vehicle or cab category. */
export function vehicleName(b: Pick<BookingCardData, 'display_car_name' | 'vehicle_category' | 'cab_category'>) {
  const name = b.display_car_name || b.vehicle_category || b.cab_category;
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : '';
}

function RouteMap({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  // The sketch repeats the addresses shown beside it, so it is decorative.
  return (
    <img
      className="booking-card__map"
      src={src}
      alt=""
      width={96}
      height={64}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * One booking (spec §2): status, pickup and drop (base64 UTF-8, decoded here), fare in the ride country's
 * currency, vehicle, ride id (OSN for share rides, else CRN), driver picture and pickup date. With an
 * href and a clickable booking the title is a link that covers the whole card.
 */
export function BookingCard({ booking, href, onChoose, headingLevel = 3 }: BookingCardProps) {
  const { t, intl, locale } = useI18n();
  const titleId = useId();
  // The badge's colour follows the status; its word may be more precise (cancelled by whom), issue 14.
  const statusKey = statusWordKey(booking.status);
  const statusText = t(`status.${rideStatusWordKey(booking)}`);
  const reference = rideReference(booking);
  const vehicle = vehicleName(booking);
  const when = formatDateTime(booking.pickup_date, intl);
  const title = (
    <>
      {/* Product names stay English in every language (issue 14: English inside a translated page says so). */}
      {vehicle ? <span lang={locale === 'en' ? undefined : 'en'}>{vehicle}</span> : null}
      {vehicle && when ? ' · ' : null}
      {when ? <time dateTime={isoDateTime(booking.pickup_date)}>{when}</time> : null}
    </>
  );
  const pickup = decodeBase64Text(booking.pickup_location);
  const drop = decodeBase64Text(booking.drop_location);
  const linked = Boolean(href) && booking.clickable;

  const titleContent = linked ? (
    <Link
      to={href as string}
      className="booking-card__link"
      onClick={onChoose ? () => onChoose(booking) : undefined}
      data-testid="booking-card-link"
    >
      {title}
    </Link>
  ) : (
    title
  );
  const Title = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'p';

  return (
    <article
      className={linked ? 'booking-card booking-card--linked' : 'booking-card'}
      aria-labelledby={titleId}
      data-testid="booking-card"
      data-booking-id={booking.id}
      data-crn={booking.crn}
      data-status={statusKey}
    >
      <div className="booking-card__media">
        <Avatar
          key={booking.driver_image_url ?? 'none'}
          src={booking.driver_image_url}
          alt={t('bookings.driverPhoto')}
          name={vehicle}
        />
      </div>
      <div className="booking-card__body">
        <Title id={titleId} className="booking-card__title">
          {titleContent}
        </Title>
        <p className="booking-card__meta">
          <span className={`status-badge status-badge--${statusKey}`} data-testid="booking-status">
            {statusText}
          </span>
          <span className="booking-card__ref" data-testid="booking-ref">
            <span className="booking-card__ref-label">{reference.label}</span> {reference.value}
          </span>
        </p>
        <dl className="booking-card__facts">
          <div>
            <dt>{t('bookings.pickup')}</dt>
            <dd data-testid="booking-pickup">{pickup}</dd>
          </div>
          <div>
            <dt>{t('bookings.drop')}</dt>
            <dd data-testid="booking-drop">{drop}</dd>
          </div>
          {booking.fare > 0 ? (
            <div>
              <dt>{t('bookings.fare')}</dt>
              <dd data-testid="booking-fare">{formatFare(booking.fare, booking.country, intl)}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {booking.map_img_url ? <RouteMap key={booking.map_img_url} src={booking.map_img_url} /> : null}
    </article>
  );
}
