import {
  addDays,
  dayInZone,
  driverTimeZone,
  type EarningsBucket,
  type EarningsGranularity,
  type EarningsHistory,
  type EarningsHistoryRequest,
  formatFare,
  routes,
} from '@selfserve/contract';
import { useId, useMemo, useState } from 'react';
import { BackButton } from '../../../components/back-button';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { RequireUser } from '../../../components/require-user';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAttachedCars, useDriverCities, useEarnings } from './api';
import { type ChartBar, EarningsChart } from './earnings-chart';
import '../driver.css';
import './earnings.css';

export type EarningsPreset = 'week' | 'month' | 'quarter' | 'half' | 'custom';
/** How many days each preset period covers, ending today (the driver's today). */
export const PRESET_DAYS: Readonly<Record<Exclude<EarningsPreset, 'custom'>, number>> = {
  week: 7,
  month: 30,
  quarter: 91,
  half: 183,
};
const PRESETS: readonly EarningsPreset[] = ['week', 'month', 'quarter', 'half', 'custom'];
const GRANULARITIES: readonly EarningsGranularity[] = ['day', 'week', 'month'];

const presetLabel = {
  week: 'earnings.preset.week',
  month: 'earnings.preset.month',
  quarter: 'earnings.preset.quarter',
  half: 'earnings.preset.half',
  custom: 'earnings.preset.custom',
} as const;
const byLabel = { day: 'earnings.by.day', week: 'earnings.by.week', month: 'earnings.by.month' } as const;

/** The money columns of the table, in order (what the trips earned, then what is paid out). */
const COLUMNS = [
  ['fare', 'earnings.table.fare'],
  ['commission', 'earnings.table.commission'],
  ['incentives', 'earnings.table.incentives'],
  ['tolls', 'earnings.table.tolls'],
  ['net_earnings', 'earnings.table.net'],
  ['cash_collected', 'earnings.table.cash'],
  ['net_payout', 'earnings.table.payout'],
] as const;

function dayFormat(intl: string, options: Intl.DateTimeFormatOptions) {
  try {
    return new Intl.DateTimeFormat(intl, { ...options, timeZone: 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
  }
}

/** A bucket's label: the day, the week's days ("16 Nov – 22 Nov"), the month ("Nov 2026"); short for the chart. */
function labeller(intl: string, granularity: EarningsGranularity) {
  const day = dayFormat(intl, { day: 'numeric', month: 'short' });
  const month = dayFormat(intl, { month: 'short', year: 'numeric' });
  const monthShort = dayFormat(intl, { month: 'short' });
  const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return {
    long: (b: Pick<EarningsBucket, 'start' | 'from' | 'to'>) =>
      granularity === 'day'
        ? day.format(d(b.from))
        : granularity === 'week'
          ? `${day.format(d(b.from))} – ${day.format(d(b.to))}`
          : month.format(d(b.start)),
    short: (b: Pick<EarningsBucket, 'start' | 'from'>) =>
      granularity === 'month' ? monthShort.format(d(b.start)) : day.format(d(b.from)),
  };
}

function Earnings() {
  const { t, intl } = useI18n();
  const { user } = useSession();
  const ids = { preset: useId(), from: useId(), to: useId(), by: useId(), car: useId(), city: useId(), table: useId() };
  const timeZone = driverTimeZone(user?.country_code ?? 'IN');
  const today = useMemo(() => dayInZone(Date.now(), timeZone), [timeZone]);
  const [preset, setPreset] = useState<EarningsPreset>('half');
  const [range, setRange] = useState({ from: addDays(today, -(PRESET_DAYS.half - 1)), to: today });
  const [granularity, setGranularity] = useState<EarningsGranularity>('month');
  const [car, setCar] = useState('');
  const [city, setCity] = useState('');
  const cars = useAttachedCars(user?.id).data ?? [];
  const cities = useDriverCities(user?.id).data ?? [];
  useDocumentTitle(t('earnings.title'));

  const request: EarningsHistoryRequest = { ...range, granularity, ...(car ? { car } : {}), ...(city ? { city } : {}) };
  const query = useEarnings(user?.id, request);
  const data = query.data;

  const choosePreset = (p: EarningsPreset) => {
    setPreset(p);
    if (p !== 'custom') setRange({ from: addDays(today, -(PRESET_DAYS[p] - 1)), to: today });
  };

  return (
    <div className="page driver-page earnings-page" data-testid="driver-earnings">
      <BackButton to={routes.home} />
      <h1>{t('earnings.title')}</h1>
      <p className="driver-page__intro">{t('earnings.intro')}</p>
      <form className="earnings-controls" onSubmit={(e) => e.preventDefault()}>
        <p>
          <label htmlFor={ids.preset}>{t('earnings.period')}</label>
          <select id={ids.preset} value={preset} onChange={(e) => choosePreset(e.target.value as EarningsPreset)}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(presetLabel[p])}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor={ids.from}>{t('earnings.from')}</label>
          <input
            id={ids.from}
            type="date"
            value={range.from}
            max={range.to || today}
            onChange={(e) => {
              // A cleared field keeps the period it had (an empty day is no period to ask for).
              const value = e.target.value;
              if (!value) return;
              setPreset('custom');
              setRange((r) => ({ ...r, from: value }));
            }}
          />
        </p>
        <p>
          <label htmlFor={ids.to}>{t('earnings.to')}</label>
          <input
            id={ids.to}
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => {
              // A cleared field keeps the period it had (an empty day is no period to ask for).
              const value = e.target.value;
              if (!value) return;
              setPreset('custom');
              setRange((r) => ({ ...r, to: value }));
            }}
          />
        </p>
        <p>
          <label htmlFor={ids.by}>{t('earnings.granularity')}</label>
          <select
            id={ids.by}
            value={granularity}
            onChange={(e) => setGranularity(e.target.value as EarningsGranularity)}
          >
            {GRANULARITIES.map((g) => (
              <option key={g} value={g}>
                {t(byLabel[g])}
              </option>
            ))}
          </select>
        </p>
        {cars.length > 0 ? (
          // A fleet partner's cars: one car's trips, or all of them.
          <p>
            <label htmlFor={ids.car}>{t('earnings.car')}</label>
            <select id={ids.car} value={car} onChange={(e) => setCar(e.target.value)} data-testid="earnings-car">
              <option value="">{t('earnings.allCars')}</option>
              {cars.map((c) => (
                <option key={c.car_number} value={c.car_number}>
                  {c.car_number} · {c.car_model}
                </option>
              ))}
            </select>
          </p>
        ) : null}
        {cities.length > 1 ? (
          // A driver who drove in more than one city: one city's trips, or all of them.
          <p>
            <label htmlFor={ids.city}>{t('earnings.city')}</label>
            <select id={ids.city} value={city} onChange={(e) => setCity(e.target.value)} data-testid="earnings-city">
              <option value="">{t('earnings.allCities')}</option>
              {cities.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </p>
        ) : null}
      </form>
      <p className="driver-page__note">{t('earnings.timeZone', { zone: timeZone })}</p>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} inline={{ className: 'driver-error' }} />
      ) : !data ? (
        <Loader />
      ) : (
        <EarningsResult data={data} intl={intl} tableId={ids.table} stale={query.isPlaceholderData} />
      )}
    </div>
  );
}

function EarningsResult({
  data,
  intl,
  tableId,
  stale,
}: {
  data: EarningsHistory;
  intl: string;
  tableId: string;
  stale: boolean;
}) {
  const { t } = useI18n();
  const money = (n: number) => {
    const text = formatFare(Math.abs(n), data.currency_country, intl);
    return n < 0 ? `−${text}` : text;
  };
  const label = labeller(intl, data.granularity);
  const currency = formatFare(0, data.currency_country, intl).replace(/[\d\s.,]/g, '') || data.currency_country;
  const bars: ChartBar[] = data.buckets.map((b) => ({
    key: b.start,
    label: label.short(b),
    value: b.net_earnings,
    valueText: money(b.net_earnings),
  }));
  const longOf = new Map(data.buckets.map((b) => [b.start, label.long(b)]));

  return (
    <section aria-busy={stale} className={stale ? 'earnings-result earnings-result--stale' : 'earnings-result'}>
      <p className="earnings-summary" role="status" data-testid="earnings-summary" data-rides={data.totals.rides}>
        {t('earnings.summary', { n: data.totals.rides, amount: money(data.totals.net_earnings) })}
      </p>
      {data.totals.rides === 0 ? <p>{t('earnings.empty')}</p> : null}
      <EarningsChart
        title={t('earnings.chart.title')}
        desc={t('earnings.chart.desc')}
        axisLabel={t('earnings.chart.amountAxis', { currency })}
        periodLabel={t(byLabel[data.granularity])}
        bars={bars}
        tick={(n) => formatFare(n, data.currency_country, intl).replace(/\.00$/, '')}
        barName={(b) => t('earnings.chart.bar', { period: longOf.get(b.key) ?? b.label, amount: b.valueText })}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe) */}
      <section className="earnings-table-wrap" aria-labelledby={tableId} tabIndex={0}>
        <table className="earnings-table" data-testid="earnings-table">
          <caption id={tableId}>{t('earnings.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('earnings.table.period')}</th>
              <th scope="col">{t('earnings.table.rides')}</th>
              {COLUMNS.map(([key, name]) => (
                <th scope="col" key={key}>
                  {t(name)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.buckets.map((b) => (
              <tr key={b.start} data-testid="earnings-row" data-start={b.start}>
                <th scope="row">{longOf.get(b.start)}</th>
                <td data-value={b.rides}>{b.rides}</td>
                {COLUMNS.map(([key]) => (
                  <td key={key} data-key={key} data-value={b[key]}>
                    {money(b[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="earnings-total">
              <th scope="row">{t('earnings.table.total')}</th>
              <td data-value={data.totals.rides}>{data.totals.rides}</td>
              {COLUMNS.map(([key]) => (
                <td key={key} data-key={key} data-value={data.totals[key]}>
                  {money(data.totals[key])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </section>
    </section>
  );
}

/** /driver/earnings: the driver's earnings by day, week or month, a chart and a table (docs/driver.md "Earnings"). */
export function DriverEarningsPage() {
  return (
    <RequireUser>
      <Earnings />
    </RequireUser>
  );
}
