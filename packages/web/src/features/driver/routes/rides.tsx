import { driverRoutes, routes } from '@selfserve/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverProfile } from '../api/get-driver-profile';
import { type DriverRideStatusFilter, useDriverRides } from '../api/get-driver-rides';
import { DriverRideCard } from '../components/driver-ride-card';
import '../driver.css';

const FILTERS: readonly DriverRideStatusFilter[] = ['all', 'completed', 'cancelled'];

function DriverRides() {
  const { t } = useI18n();
  const { user } = useSession();
  const headingId = useId();
  const filterId = useId();
  const [status, setStatus] = useState<DriverRideStatusFilter>('all');
  const query = useDriverRides(user?.id, status);
  const profile = useDriverProfile(user?.id).data;
  useDocumentTitle(t('driver.rides.title'));
  const rides = query.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="page driver-page" data-testid="driver-rides">
      <BackButton to={routes.home} />
      <h1 id={headingId}>{t('driver.rides.title')}</h1>
      <p className="driver-page__intro">{t('driver.rides.intro')}</p>
      <p>
        <Link to={driverRoutes.earnings} data-testid="driver-earnings-link">
          {t('earnings.link')}
        </Link>
      </p>
      <p>
        <Link to={driverRoutes.lostItems} data-testid="driver-lost-items-link">
          {t('driverArticles.lostLink')}
        </Link>
      </p>
      {profile ? (
        // Who these trips belong to, as the driver profile has it (core.md §3).
        <p className="driver-profile" data-testid="driver-profile">
          {profile.name}
          {profile.current_car_category ? (
            <span className="driver-card__category"> · {profile.current_car_category}</span>
          ) : null}{' '}
          · {profile.dialing_code} {profile.dialing_number}
        </p>
      ) : null}
      <p className="driver-filter">
        <label htmlFor={filterId}>{t('driver.rides.filterLabel')}</label>{' '}
        <select id={filterId} value={status} onChange={(e) => setStatus(e.target.value as DriverRideStatusFilter)}>
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'all' ? t('driver.rides.filterAll') : t(`status.${f}`)}
            </option>
          ))}
        </select>
      </p>
      {query.isError && rides.length === 0 ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} inline={{ className: 'driver-error' }} />
      ) : query.isPending ? (
        <Loader />
      ) : rides.length === 0 ? (
        <p>{t('driver.rides.empty')}</p>
      ) : (
        <>
          <ul className="driver-list" aria-labelledby={headingId}>
            {rides.map((ride) => (
              <li key={ride.id}>
                <DriverRideCard ride={ride} />
              </li>
            ))}
          </ul>
          <p className="driver-list__count" role="status" data-testid="driver-rides-count" data-count={rides.length}>
            {t('driver.rides.count', { n: rides.length })}
          </p>
          {query.isFetchNextPageError ? (
            <ErrorState
              error={query.error}
              onRetry={() => void query.fetchNextPage()}
              inline={{ className: 'driver-list__error' }}
            />
          ) : query.hasNextPage ? (
            <p>
              <Button
                variant="secondary"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
                data-testid="driver-rides-more"
              >
                {query.isFetchingNextPage ? t('driver.rides.loading') : t('driver.rides.showMore')}
              </Button>
            </p>
          ) : (
            <p className="driver-list__end" data-testid="driver-rides-end">
              {t('driver.rides.end')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** /driver/rides: the driver's trips, pages growing by Fibonacci sizes (docs/driver.md). */
export function DriverRidesPage() {
  return (
    <RequireUser>
      <DriverRides />
    </RequireUser>
  );
}
