import { driverRideHref, type EarningLineKey, formatFare } from '@selfserve/contract';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { Button } from '../../../components/button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { formatDay } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverRide } from '../api/get-driver-ride';
import { statementPdfHref, useStatement } from '../api/get-statement';
import '../driver.css';

/** The statement's lines in order: what the ride earned, then what is paid out. Amounts the driver gives are minus. */
const LINES: readonly { key: Exclude<EarningLineKey, 'tolls'>; label: LineLabel; minus?: true; total?: true }[] = [
  { key: 'fare', label: 'driver.statement.fare' },
  { key: 'commission', label: 'driver.statement.commission', minus: true },
  { key: 'incentives', label: 'driver.statement.incentives' },
  { key: 'net_earnings', label: 'driver.statement.netEarnings', total: true },
  { key: 'cash_collected', label: 'driver.statement.cashCollected', minus: true },
  { key: 'net_payout', label: 'driver.statement.netPayout', total: true },
];
type LineLabel =
  | 'driver.statement.fare'
  | 'driver.statement.commission'
  | 'driver.statement.incentives'
  | 'driver.statement.netEarnings'
  | 'driver.statement.cashCollected'
  | 'driver.statement.netPayout';

function Statement({ crn }: { crn: string }) {
  const { t, intl } = useI18n();
  const { user } = useSession();
  const ride = useDriverRide(user?.id, crn);
  const statement = useStatement(user?.id, ride.data?.data.id);
  useDocumentTitle(t('driver.statement.title'));
  const failed = ride.isError ? ride : statement.isError ? statement : null;
  const data = statement.data?.data;
  const money = (n: number) => {
    const text = formatFare(Math.abs(n), data?.currency_country ?? 'IN', intl);
    return n < 0 ? `−${text}` : text;
  };

  return (
    <div className="page driver-page driver-statement" data-testid="driver-statement">
      <div className="driver-no-print">
        <BackButton to={driverRideHref(crn)} label={t('driver.statement.back')} />
      </div>
      <h1>{t('driver.statement.title')}</h1>
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} inline={{ className: 'driver-error' }} />
      ) : !data ? (
        <Loader />
      ) : (
        <>
          <p className="driver-page__ref">
            {user?.name ? `${user.name} · ` : ''}
            {t('driver.statement.trip', { ride: `CRN ${data.crn}`, date: formatDay(data.pickup_date, intl) })}
          </p>
          <table className="driver-statement__table">
            <tbody>
              {LINES.map((line) => {
                const value = data.statement[line.key];
                const shown = line.minus && value !== 0 ? -value : value;
                return (
                  <tr key={line.key} className={line.total ? 'driver-statement__total' : undefined}>
                    <th scope="row">{t(line.label)}</th>
                    <td data-testid={`statement-${line.key}`} data-value={value}>
                      {money(shown)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {data.statement.tolls > 0 ? (
            <p className="driver-page__note" data-testid="statement-tolls">
              {t('driver.statement.tolls', { amount: money(data.statement.tolls) })}
            </p>
          ) : null}
          {data.statement.net_payout < 0 ? <p className="driver-page__note">{t('driver.statement.owes')}</p> : null}
          <p className="driver-statement__actions driver-no-print">
            <Button variant="secondary" onClick={() => window.print()}>
              {t('driver.statement.print')}
            </Button>{' '}
            <a className="button" href={statementPdfHref(data.id)} download data-testid="statement-pdf">
              {t('driver.statement.download')}
            </a>
          </p>
        </>
      )}
    </div>
  );
}

/** /driver/rides/{crn}/statement: the earning statement of one trip, printable, with its PDF. */
export function DriverStatementPage() {
  const { crn = '' } = useParams();
  return (
    <RequireUser>
      <Statement crn={crn} />
    </RequireUser>
  );
}
