import { articleIndexes, type DriverRideDetails, recompleteArticleFor, recompleteHref } from '@selfserve/contract';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/**
 * "Trip ended early? Recompute" on a completed trip's page: the recompute article of the driver's trip index, for
 * this trip (docs/driver.md "Recomplete"). The pre-check there says whether it can be recomputed or goes to a person.
 */
export function RecompleteLink({ ride }: { ride: DriverRideDetails }) {
  const { t } = useI18n();
  const { user } = useSession();
  if (ride.status !== 'completed' || !user) return null;
  const [index = ''] = articleIndexes({
    role: 'driver',
    country: user.country_code,
    locale: user.locale,
    booking: { cab_category: ride.car_category },
  });
  return (
    <p>
      <Link
        to={recompleteHref(recompleteArticleFor(index), ride.crn)}
        className="button button--secondary"
        data-testid="driver-recomplete-link"
      >
        {t('recomplete.rideLink')}
      </Link>
    </p>
  );
}
