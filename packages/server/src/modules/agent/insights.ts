import { type AgentInsights, type AgentInsightsQuery, agentCountries, percentile } from '@selfserve/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffUser } from './staff.ts';

/**
 * The console's insights (docs/agent.md "Insights"), each figure read from its source table for one period, the
 * countries the staff member may see (or the one asked for) and, where the source records it, a language.
 */

const TOP = 10;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An article view in a page path: /article/{id}[-slug], …/dreport/{id}[/…] (docs/telemetry.md). */
const ARTICLE_PAGE = /^\/article\/(\d+)(?:-[^/]*)?$|\/dreport\/(\d+)(?:\/|$)/;

const hours = (ms: number) => Math.round((ms / HOUR) * 10) / 10;

function durations(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const p90 = percentile(sorted, 0.9);
  return {
    count: sorted.length,
    median_hours: median === null ? null : hours(median),
    p90_hours: p90 === null ? null : hours(p90),
  };
}

export async function insights(
  db: Kysely<Database>,
  staff: StaffUser,
  query: AgentInsightsQuery,
): Promise<AgentInsights> {
  const queue = agentCountries(staff);
  // An agent reads their own queue's countries only: another country's figures are refused, not emptied.
  if (query.country && queue && !queue.includes(query.country)) throw new AppError('FORBIDDEN');
  const countries = query.country ? [query.country] : queue;
  const start = `${query.from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY).toISOString();
  const { language } = query;

  // Searches: the results page's, counted per day, query, country and language (kb_search_counts).
  let searches = db.selectFrom('kb_search_counts').where('day', '>=', query.from).where('day', '<=', query.to);
  if (countries) searches = searches.where('country', 'in', countries);
  if (language) searches = searches.where('language', '=', language);
  const totals = await searches
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('searches'), sql<number>`0`).as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('zero_results'), sql<number>`0`).as('zero'),
    ])
    .executeTakeFirst();
  const top = await searches
    .select((eb) => ['query', eb.fn.sum<number>('searches').as('n'), eb.fn.sum<number>('zero_results').as('z')])
    .groupBy('query')
    .orderBy('n', 'desc')
    .orderBy('query')
    .limit(TOP)
    .execute();
  const topZero = await searches
    .where('zero_results', '>', 0)
    .select((eb) => ['query', eb.fn.sum<number>('zero_results').as('z')])
    .groupBy('query')
    .orderBy('z', 'desc')
    .orderBy('query')
    .limit(TOP)
    .execute();

  // Helpfulness: the period's votes; with a country, only signed-in voters of it (a visitor's country is unknown).
  let votes = db
    .selectFrom('article_feedback as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .where('f.created_at', '>=', start)
    .where('f.created_at', '<', end);
  if (countries) votes = votes.where('u.country_code', 'in', countries);
  if (language) votes = votes.where('u.locale', '=', language);
  const helpful = await votes
    .leftJoin('articles as a', 'a.id', 'f.article_id')
    .select((eb) => [
      'f.article_id',
      eb.fn.max('a.title').as('title'),
      eb.fn.sum<number>('f.helpful').as('yes'),
      eb.fn.countAll<number>().as('votes'),
    ])
    .groupBy('f.article_id')
    .orderBy('votes', 'desc')
    .orderBy('f.article_id')
    .limit(TOP)
    .execute();

  // Deflection: signed-in readers' article views followed by no ticket of theirs within a day.
  let views = db
    .selectFrom('track_events as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.user_id', 'e.page', 'e.created_at'])
    .where('e.event', '=', 'page_view')
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .where((eb) => eb.or([eb('e.page', 'like', '/article/%'), eb('e.page', 'like', '%/dreport/%')]));
  if (countries) views = views.where('u.country_code', 'in', countries);
  if (language) views = views.where('e.language', '=', language);
  const articleViews = (await views.execute()).filter((v) => ARTICLE_PAGE.test(v.page));
  const viewers = [...new Set(articleViews.map((v) => v.user_id as string))];
  const ticketTimes = new Map<string, number[]>();
  for (let i = 0; i < viewers.length; i += 500) {
    const rows = await db
      .selectFrom('tickets')
      .select(['user_id', 'created_at'])
      .where('user_id', 'in', viewers.slice(i, i + 500))
      .where('created_at', '>=', start)
      .where('created_at', '<', new Date(Date.parse(end) + DAY).toISOString())
      .execute();
    for (const r of rows) ticketTimes.set(r.user_id, [...(ticketTimes.get(r.user_id) ?? []), Date.parse(r.created_at)]);
  }
  const deflected = articleViews.filter((v) => {
    const at = Date.parse(v.created_at);
    return !(ticketTimes.get(v.user_id as string) ?? []).some((t) => t >= at && t < at + DAY);
  }).length;

  // Tickets created in the period, by the rider's country and language.
  let tickets = db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.kind', 't.created_at', 't.first_response_at', 't.solved_at'])
    .where('t.created_at', '>=', start)
    .where('t.created_at', '<', end);
  if (countries) tickets = tickets.where('u.country_code', 'in', countries);
  if (language) tickets = tickets.where('u.locale', '=', language);
  const ticketRows = await tickets.execute();
  const byCategory = new Map<string, number>();
  for (const t of ticketRows) byCategory.set(t.kind, (byCategory.get(t.kind) ?? 0) + 1);
  const since = (t: { created_at: string }, at: string | null | undefined) =>
    at ? [Date.parse(at) - Date.parse(t.created_at)] : [];

  // CSAT: the ratings given in the period.
  let ratings = db
    .selectFrom('csat_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.created_at', '>=', start)
    .where('r.created_at', '<', end);
  if (countries) ratings = ratings.where('u.country_code', 'in', countries);
  if (language) ratings = ratings.where('u.locale', '=', language);
  const scores = await ratings
    .select((eb) => ['r.score', eb.fn.countAll<number>().as('n')])
    .groupBy('r.score')
    .execute();
  const score = (s: 'good' | 'bad') => Number(scores.find((r) => r.score === s)?.n ?? 0);

  return {
    status: 'SUCCESS',
    countries,
    searches: {
      total: Number(totals?.total ?? 0),
      zero_results: Number(totals?.zero ?? 0),
      top: top.map((r) => ({ query: r.query, searches: Number(r.n), zero_results: Number(r.z) })),
      top_zero: topZero.map((r) => ({ query: r.query, searches: Number(r.z) })),
    },
    helpfulness: helpful.map((r) => ({
      article_id: r.article_id,
      title: r.title ?? r.article_id,
      helpful: Number(r.yes),
      not_helpful: Number(r.votes) - Number(r.yes),
    })),
    deflection: { views: articleViews.length, deflected },
    tickets: {
      total: ticketRows.length,
      by_category: [...byCategory]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
      first_response: durations(ticketRows.flatMap((t) => since(t, t.first_response_at))),
      resolution: durations(ticketRows.flatMap((t) => since(t, t.solved_at))),
    },
    csat: { good: score('good'), bad: score('bad') },
  };
}
