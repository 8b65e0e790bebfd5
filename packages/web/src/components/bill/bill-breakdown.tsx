import { type Bill, type BillLineKey, formatFare } from '@selfserve/contract';
import { useBill } from '../../lib/bookings/get-bill';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ErrorState } from '../error-state';
import { Loader } from '../loader';
import './bill.css';

/** An amount of the bill; an adjustment (negative) reads '−₹40', not '₹-40'. */
export function billAmount(amount: number, country: string, locale: string): string {
  return amount < 0 ? `−${formatFare(-amount, country, locale)}` : formatFare(amount, country, locale);
}

/** A line's name: 'Distance (12.4 km)' and 'Waiting (5 min)' when the ride recorded them. */
export function BillLineName({ lineKey, bill }: { lineKey: BillLineKey; bill: Bill }) {
  const { t } = useI18n();
  if (lineKey === 'distance' && bill.distance_km !== null) {
    return t('bill.line.distanceKm', { km: bill.distance_km });
  }
  if (lineKey === 'waiting' && bill.waiting_minutes !== null) {
    return t('bill.line.waitingMinutes', { minutes: bill.waiting_minutes });
  }
  return t(`bill.line.${lineKey}`);
}

/**
 * A ride's bill (billing dispute): its lines with their amounts and the total as a table, then what the
 * rider compares them with — the estimate at booking, the distance charged against the route on the map,
 * and the ride time — when they were recorded.
 */
export function BillBreakdown({ bill, caption }: { bill: Bill; caption?: string }) {
  const { t, intl } = useI18n();
  const money = (amount: number) => billAmount(amount, bill.currency_country, intl);
  // A bill may repeat a key (two tolls): the second one is 'toll-2'.
  const seen = new Map<string, number>();
  const rows = bill.lines.map((line) => {
    const n = (seen.get(line.key) ?? 0) + 1;
    seen.set(line.key, n);
    return { id: n === 1 ? line.key : `${line.key}-${n}`, line };
  });
  const facts: { name: string; value: string; testId: string }[] = [];
  if (bill.estimated_fare !== null) {
    facts.push({ name: t('bill.estimate'), value: money(bill.estimated_fare), testId: 'bill-estimate' });
  }
  if (bill.distance_km !== null) {
    facts.push({
      name: t('bill.charged'),
      value: t('bill.km', { km: bill.distance_km }),
      testId: 'bill-charged-distance',
    });
  }
  if (bill.route_km !== null) {
    facts.push({
      name: t('bill.route'),
      value: t('bill.km', { km: bill.route_km }),
      testId: 'bill-route-distance',
    });
  }
  if (bill.ride_minutes !== null) {
    facts.push({
      name: t('bill.rideTime'),
      value: t('bill.minutes', { minutes: bill.ride_minutes }),
      testId: 'bill-ride-time',
    });
  }

  return (
    <div className="bill" data-testid="bill-breakdown">
      <table className="bill__lines">
        <caption>{caption ?? t('bill.caption')}</caption>
        <tbody>
          {rows.map(({ id, line }) => (
            <tr key={id} data-line={line.key}>
              <th scope="row">
                <BillLineName lineKey={line.key} bill={bill} />
              </th>
              <td>{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-line="total">
            <th scope="row">{t('bill.total')}</th>
            <td>{money(bill.total)}</td>
          </tr>
        </tfoot>
      </table>
      {facts.length > 0 ? (
        <dl className="bill__facts">
          {facts.map((fact) => (
            <div key={fact.testId} data-testid={fact.testId}>
              <dt>{fact.name}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** Loading or failure of a bill fetch: the loader, or the failure text with a retry. */
export function BillLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useI18n();
  if (!failed) return <Loader />;
  return (
    <ErrorState
      message={t('bill.loadFailed')}
      retryLabel={t('bill.tryAgain')}
      onRetry={onRetry}
      inline={{ className: 'bill__error', testId: 'bill-error' }}
    />
  );
}

/** The bill of one of the user's rides, fetched (the billing-help booking page). */
export function RideBill({ bookingId }: { bookingId: string }) {
  const { user } = useSession();
  const query = useBill(user?.id, bookingId);
  if (!query.data) return <BillLoadState failed={query.isError} onRetry={() => void query.refetch()} />;
  if (!query.data.bill) return <NoBill />;
  return <BillBreakdown bill={query.data.bill} />;
}

/** A ride without a bill (not completed and not charged). */
export function NoBill() {
  const { t } = useI18n();
  return (
    <p className="bill__none" data-testid="bill-none">
      {t('bill.none')}
    </p>
  );
}
