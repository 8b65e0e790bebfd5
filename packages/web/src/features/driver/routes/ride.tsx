import {
  driverBillingHref,
  driverRoutes,
  driverStatementHref,
  formatFare,
  rideStatusWordKey,
} from '@selfserve/contract';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { decodeBase64Text } from '../../../lib/base64-text';
import { formatDateTime, isoDateTime } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverRide } from '../api/get-driver-ride';
import { serviceLabelKey } from '../components/service-label';
import { RecompleteLink } from '../recomplete/recomplete-link';
import '../driver.css';

function DriverRide({ crn }: { crn: string }) {
  const { t, intl } = useI18n();
  const { user } = useSession();
  const query = useDriverRide(user?.id, crn);
  useDocumentTitle(t('driver.ride.title'));
  const ride = query.data?.data;

  return (
    <div className="page driver-page" data-testid="driver-ride">
      <BackButton to={driverRoutes.rides} label={t('driver.ride.back')} />
      <h1>{t('driver.ride.title')}</h1>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} inline={{ className: 'driver-error' }} />
      ) : !ride ? (
        <Loader />
      ) : (
        <>
          <p className="driver-page__ref">CRN {ride.crn}</p>
          <dl className="driver-details">
            <div>
              <dt>{t('driver.ride.status')}</dt>
              <dd data-testid="driver-ride-status">{t(`status.${rideStatusWordKey(ride)}`)}</dd>
            </div>
            <div>
              <dt>{t('driver.ride.booked')}</dt>
              <dd>
                <time dateTime={isoDateTime(ride.pickup_date)}>{formatDateTime(ride.pickup_date, intl)}</time>
              </dd>
            </div>
            {ride.stop_at ? (
              <div>
                <dt>{t('driver.ride.ended')}</dt>
                <dd>
                  <time dateTime={isoDateTime(ride.stop_at)}>{formatDateTime(ride.stop_at, intl)}</time>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('driver.ride.pickup')}</dt>
              <dd>{decodeBase64Text(ride.pickup_location)}</dd>
            </div>
            <div>
              <dt>{t('driver.ride.drop')}</dt>
              <dd>{decodeBase64Text(ride.drop_location)}</dd>
            </div>
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
            {ride.car_number ? (
              <div>
                <dt>{t('driver.ride.car')}</dt>
                <dd>
                  {ride.car_model} · {ride.car_number}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('driver.card.fare')}</dt>
              <dd>{formatFare(ride.total_fare, ride.currency_country, intl)}</dd>
            </div>
            <div>
              <dt>{t('driver.payment.label')}</dt>
              <dd>{t(ride.cash ? 'driver.payment.cash' : 'driver.payment.online')}</dd>
            </div>
          </dl>
          {ride.has_statement ? (
            <p>
              <Link to={driverStatementHref(ride.crn)} className="button" data-testid="driver-statement-link">
                {t('driver.ride.statementLink')}
              </Link>
            </p>
          ) : (
            <p className="driver-page__note">{t('driverNoStatement')}</p>
          )}
          <RecompleteLink ride={ride} />
          {/* The trip's bill from the driver's side and the billing articles (docs/driver.md "Billing help"). */}
          <p>
            <Link to={driverBillingHref(ride.crn)} className="button" data-testid="driver-billing-link">
              {t('driverBilling.title')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

/** /driver/rides/{crn}: one of the driver's trips. */
export function DriverRidePage() {
  const { crn = '' } = useParams();
  return (
    <RequireUser>
      <DriverRide crn={crn} />
    </RequireUser>
  );
}
