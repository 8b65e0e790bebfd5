import { driverRoutes, isValidCrn } from '@selfserve/contract';
import { Link, useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import '../../../components/kb.css';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDriverRide } from '../api/get-driver-ride';
import '../driver.css';
import './recomplete.css';
import { RecompletePanel } from './recomplete-panel';

function Recomplete({ id, crn }: { id: string; crn: string }) {
  const { user } = useSession();
  const ride = useDriverRide(user?.id, crn);
  const data = ride.data?.data;
  return (
    <ArticleView
      id={id}
      renderExtra={(article) =>
        ride.isError ? (
          <ErrorState error={ride.error} onRetry={() => void ride.refetch()} inline={{ className: 'driver-error' }} />
        ) : data ? (
          <RecompletePanel article={article} ride={data} />
        ) : (
          <Loader />
        )
      }
    />
  );
}

/**
 * /ldt_article/{id}/{flag}/driver_default (core.md §2): the recompute article and, for the trip the flag names (its
 * CRN; docs/driver.md "Recomplete"), the pre-check and the submit. Without a trip: the article, and where to start.
 */
export function RecompletePage() {
  const { id = '', flag = '' } = useParams();
  const { t } = useI18n();
  if (!isValidCrn(flag)) {
    return (
      <ArticleView
        id={id}
        renderExtra={() => (
          <p className="driver-page__note" data-testid="recomplete-choose-trip">
            {t('recomplete.chooseTrip')} <Link to={driverRoutes.rides}>{t('recomplete.myTrips')}</Link>
          </p>
        )}
      />
    );
  }
  return (
    <RequireUser>
      <Recomplete id={id} crn={flag} />
    </RequireUser>
  );
}
