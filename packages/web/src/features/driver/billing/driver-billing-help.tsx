import {
  type CategoryNode,
  type DriverBillingSource,
  driverBillingBack,
  driverBillingCategoryOf,
  driverStatementHref,
  formatFare,
  rideStatusWordKey,
} from '@selfserve/contract';
import { Link, Navigate } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { decodeBase64Text } from '../../../lib/base64-text';
import { formatDay } from '../../../lib/format-date';
import { useI18n } from '../../../lib/i18n';
import { useKbMeta } from '../../../lib/kb/get-kb-meta';
import { rememberNode } from '../../../lib/kb/kb-selection';
import { nodeHref } from '../../../lib/kb/paths';
import { useVisibleCategories } from '../../../lib/kb/use-kb-viewer';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverRide } from '../api/get-driver-ride';
import { useStatement } from '../api/get-statement';
import '../driver.css';
import './driver-billing.css';

type BillLabel =
  | 'driver.statement.fare'
  | 'driver.statement.commission'
  | 'driver.statement.incentives'
  | 'driver.statement.netEarnings'
  | 'driver.statement.cashCollected'
  | 'driver.statement.netPayout';

/** The bill from the driver's side, in the statement's order; what the driver gives is shown as minus. */
const BILL_LINES: readonly {
  key: 'fare' | 'commission' | 'incentives' | 'net_earnings' | 'cash_collected' | 'net_payout';
  label: BillLabel;
  minus?: true;
  total?: true;
}[] = [
  { key: 'fare', label: 'driver.statement.fare' },
  { key: 'commission', label: 'driver.statement.commission', minus: true },
  { key: 'incentives', label: 'driver.statement.incentives' },
  { key: 'net_earnings', label: 'driver.statement.netEarnings', total: true },
  { key: 'cash_collected', label: 'driver.statement.cashCollected', minus: true },
  { key: 'net_payout', label: 'driver.statement.netPayout', total: true },
];

/** The billing category of the driver's own index (contract driverBillingCategories), among the home categories. */
export function billingCategoryOf(categories: readonly CategoryNode[]): CategoryNode | null {
  return categories.find((c) => driverBillingCategoryOf(c.index_name) === c.id) ?? null;
}

function BillingArticles() {
  const { t } = useI18n();
  const meta = useKbMeta();
  const { categories, ready } = useVisibleCategories(meta.data?.data);
  const category = billingCategoryOf(categories);
  return (
    <section
      className="driver-billing__articles"
      aria-labelledby="driver-billing-articles"
      data-testid="billing-articles"
    >
      <h2 id="driver-billing-articles">{t('driverBilling.articlesHeading')}</h2>
      {meta.isError ? (
        <ErrorState error={meta.error} onRetry={() => void meta.refetch()} inline={{ className: 'driver-error' }} />
      ) : !ready ? (
        <Loader />
      ) : category && category.articles.length > 0 ? (
        <ul className="driver-billing__list" data-category={category.id}>
          {category.articles.map((article) => (
            <li key={article.id}>
              <Link to={nodeHref(article)} onClick={() => rememberNode(article)}>
                {article.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="driver-page__note">{t('driverBilling.noArticles')}</p>
      )}
    </section>
  );
}

function TripBill({ crn }: { crn: string }) {
  const { t, intl } = useI18n();
  const { user } = useSession();
  const ride = useDriverRide(user?.id, crn);
  const details = ride.data?.data;
  const statement = useStatement(user?.id, details?.has_statement ? details.id : null);
  const failed = ride.isError ? ride : statement.isError ? statement : null;
  const data = statement.data?.data;
  const money = (n: number, country: string) => {
    const text = formatFare(Math.abs(n), country, intl);
    return n < 0 ? `−${text}` : text;
  };

  if (failed) {
    return (
      <ErrorState error={failed.error} onRetry={() => void failed.refetch()} inline={{ className: 'driver-error' }} />
    );
  }
  if (!details) return <Loader />;
  return (
    <section className="driver-billing__bill" aria-labelledby="driver-billing-bill" data-testid="driver-billing-bill">
      <h2 id="driver-billing-bill">{t('driverBilling.billHeading')}</h2>
      <p className="driver-page__ref" data-testid="driver-billing-trip">
        {t('driver.statement.trip', { ride: `CRN ${details.crn}`, date: formatDay(details.pickup_date, intl) })} ·{' '}
        {t(`status.${rideStatusWordKey(details)}`)} ·{' '}
        {t(details.cash ? 'driver.payment.cash' : 'driver.payment.online')}
      </p>
      <p className="driver-billing__route">
        {decodeBase64Text(details.pickup_location)} → {decodeBase64Text(details.drop_location)}
      </p>
      {!details.has_statement ? (
        <p className="driver-page__note" data-testid="driver-billing-no-bill">
          {t('driverBilling.noBill')}
        </p>
      ) : !data ? (
        <Loader />
      ) : (
        <>
          <table className="driver-statement__table">
            <tbody>
              {BILL_LINES.map((line) => {
                const value = data.statement[line.key];
                const shown = line.minus && value !== 0 ? -value : value;
                return (
                  <tr key={line.key} className={line.total ? 'driver-statement__total' : undefined}>
                    <th scope="row">{t(line.label)}</th>
                    <td data-testid={`billing-${line.key}`} data-value={value}>
                      {money(shown, data.currency_country)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {data.statement.tolls > 0 ? (
            <p className="driver-page__note" data-testid="billing-tolls" data-value={data.statement.tolls}>
              {t('driver.statement.tolls', { amount: money(data.statement.tolls, data.currency_country) })}
            </p>
          ) : null}
          {data.statement.net_payout < 0 ? <p className="driver-page__note">{t('driver.statement.owes')}</p> : null}
          <p>
            <Link to={driverStatementHref(details.crn)} className="button" data-testid="driver-billing-statement">
              {t('driver.ride.statementLink')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

const BACK_LABELS = {
  driver_ride: 'driver.statement.back',
  driver_rides: 'driver.ride.back',
  driver_app: 'home.title',
} as const;

/**
 * /bookingdetails/billing_issue/{source} for a driver (docs/driver.md "Billing help"): the trip of `?crn=`, its bill
 * from the driver's side (E's earning statement) and the billing articles of the driver's index. Without a trip the
 * driver chooses one from his trips.
 */
export function DriverBillingHelp({ source, crn }: { source: DriverBillingSource; crn: string | null }) {
  const { t } = useI18n();
  useDocumentTitle(t('driverBilling.title'));
  if (!crn) return <Navigate to={driverBillingBack('driver_rides', null)} replace />;
  return (
    <div className="page driver-page driver-billing" data-testid="driver-billing">
      <BackButton to={driverBillingBack(source, crn)} label={t(BACK_LABELS[source])} />
      <h1>{t('driverBilling.title')}</h1>
      <p>{t('driverBilling.intro')}</p>
      <TripBill crn={crn} />
      <BillingArticles />
    </div>
  );
}
