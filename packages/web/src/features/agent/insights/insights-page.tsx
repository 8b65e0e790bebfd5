import {
  type AgentInsights,
  INSIGHTS_MAX_DAYS,
  countries as knownCountries,
  type SupportedLocale,
  supportedLocales,
} from '@selfserve/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAgent } from '../use-agent';
import { useAgentInsights } from './get-insights';
import './insights.css';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const validDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : null);

/** One figure with a bar of its share of the largest, and the numbers as text (the bar is only a picture). */
function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const width = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <span className="insights-bar" title={label}>
      <span className="insights-bar__fill" style={{ width: `${width}%` }} aria-hidden="true" />
      <span className="insights-bar__value">{value}</span>
    </span>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="insights-section card" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');

/**
 * /agent/insights: what riders search for and whether the help centre answered them, for a period, a country of the
 * staff member's queue and a language (docs/agent.md "Insights" defines each figure).
 */
export function AgentInsightsPage() {
  const { t } = useI18n();
  useDocumentTitle(t('agent.insights.title'));
  const me = useAgent();
  const [params, setParams] = useSearchParams();
  const today = Date.now();
  const to = validDay(params.get('to')) ?? isoDay(today);
  const from = validDay(params.get('from')) ?? isoDay(Date.parse(to) - 29 * DAY);
  const country = params.get('country') ?? '';
  const language = (supportedLocales as readonly string[]).includes(params.get('language') ?? '')
    ? (params.get('language') as SupportedLocale)
    : undefined;
  const tooLong = Date.parse(to) - Date.parse(from) >= INSIGHTS_MAX_DAYS * DAY || from > to;
  const insights = useAgentInsights({
    from: tooLong ? isoDay(Date.parse(to) - 29 * DAY) : from,
    to,
    ...(country ? { country } : {}),
    ...(language ? { language } : {}),
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const choices = me.countries ?? knownCountries.map((c) => c.country_code);

  return (
    <section className="agent-insights">
      <h1>{t('agent.insights.title')}</h1>
      <form className="agent-insights__filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('agent.insights.from')}
          <input type="date" value={from} max={to} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label>
          {t('agent.insights.to')}
          <input type="date" value={to} min={from} onChange={(e) => set('to', e.target.value)} />
        </label>
        <label>
          {t('agent.insights.country')}
          <select value={country} onChange={(e) => set('country', e.target.value)}>
            <option value="">{t('agent.insights.allCountries')}</option>
            {choices.map((c) => (
              <option key={c} value={c}>
                {knownCountries.find((k) => k.country_code === c)?.name ?? c}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('agent.insights.language')}
          <select value={language ?? ''} onChange={(e) => set('language', e.target.value)}>
            <option value="">{t('agent.insights.allLanguages')}</option>
            {supportedLocales.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </form>
      {tooLong ? (
        <p className="form-error" role="alert">
          {t('agent.insights.periodTooLong', { days: INSIGHTS_MAX_DAYS })}
        </p>
      ) : null}
      {insights.isPending ? (
        <Loader />
      ) : insights.isError ? (
        <ErrorState error={insights.error} onRetry={() => void insights.refetch()} />
      ) : (
        <Figures data={insights.data} />
      )}
    </section>
  );
}

function Figures({ data }: { data: AgentInsights }) {
  const { t } = useI18n();
  const topMax = Math.max(0, ...data.searches.top.map((s) => s.searches));
  const categoryMax = Math.max(0, ...data.tickets.by_category.map((c) => c.count));
  const hours = (h: number | null) => (h === null ? '–' : t('agent.insights.hours', { hours: h }));
  const csatTotal = data.csat.good + data.csat.bad;
  return (
    <div className="agent-insights__grid">
      <Section title={t('agent.insights.searches')} testId="insights-searches">
        <p>
          {t('agent.insights.searchTotals', {
            total: data.searches.total,
            zero: data.searches.zero_results,
            share: share(data.searches.zero_results, data.searches.total),
          })}
        </p>
        <table className="agent-table">
          <thead>
            <tr>
              <th scope="col">{t('agent.insights.query')}</th>
              <th scope="col">{t('agent.insights.count')}</th>
              <th scope="col">{t('agent.insights.noResult')}</th>
            </tr>
          </thead>
          <tbody>
            {data.searches.top.map((s) => (
              <tr key={s.query}>
                <td>{s.query}</td>
                <td>
                  <Bar value={s.searches} max={topMax} label={String(s.searches)} />
                </td>
                <td>{s.zero_results}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('agent.insights.zeroSearches')} testId="insights-zero">
        {data.searches.top_zero.length === 0 ? (
          <p>{t('agent.insights.none')}</p>
        ) : (
          <ul>
            {data.searches.top_zero.map((s) => (
              <li key={s.query}>
                {s.query} · {s.searches}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('agent.insights.helpfulness')} testId="insights-helpfulness">
        {data.helpfulness.length === 0 ? (
          <p>{t('agent.insights.none')}</p>
        ) : (
          <table className="agent-table">
            <thead>
              <tr>
                <th scope="col">{t('agent.insights.article')}</th>
                <th scope="col">{t('agent.insights.helpful')}</th>
                <th scope="col">{t('agent.insights.notHelpful')}</th>
                <th scope="col">{t('agent.insights.helpfulShare')}</th>
              </tr>
            </thead>
            <tbody>
              {data.helpfulness.map((a) => (
                <tr key={a.article_id}>
                  <td>{a.title}</td>
                  <td>{a.helpful}</td>
                  <td>{a.not_helpful}</td>
                  <td>{share(a.helpful, a.helpful + a.not_helpful)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={t('agent.insights.deflection')} testId="insights-deflection">
        <p className="insights-figure">{share(data.deflection.deflected, data.deflection.views)}</p>
        <p>
          {t('agent.insights.deflectionText', { deflected: data.deflection.deflected, views: data.deflection.views })}
        </p>
      </Section>
      <Section title={t('agent.insights.tickets')} testId="insights-tickets">
        <p>{t('agent.insights.ticketTotal', { total: data.tickets.total })}</p>
        <table className="agent-table">
          <tbody>
            {data.tickets.by_category.map((c) => (
              <tr key={c.category}>
                <th scope="row">{c.category}</th>
                <td>
                  <Bar value={c.count} max={categoryMax} label={String(c.count)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="insights-times">
          <dt>{t('agent.insights.firstResponse')}</dt>
          <dd>
            {t('agent.insights.medianP90', {
              median: hours(data.tickets.first_response.median_hours),
              p90: hours(data.tickets.first_response.p90_hours),
            })}
          </dd>
          <dt>{t('agent.insights.resolution')}</dt>
          <dd>
            {t('agent.insights.medianP90', {
              median: hours(data.tickets.resolution.median_hours),
              p90: hours(data.tickets.resolution.p90_hours),
            })}
          </dd>
        </dl>
      </Section>
      <Section title={t('agent.insights.csat')} testId="insights-csat">
        <p className="insights-figure">{share(data.csat.good, csatTotal)}</p>
        <p>{t('agent.insights.csatText', { good: data.csat.good, bad: data.csat.bad })}</p>
      </Section>
    </div>
  );
}
