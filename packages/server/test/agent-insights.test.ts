import { agentInsightsPath, apiPaths, kbPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchCounter, flushSearchCounts } from '../src/modules/kb/search-counts.ts';
import { accounts, createTestApp, fixtureKb, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';

// A month of the past that the demo seed leaves empty: every figure below comes from the rows this test writes.
const PERIOD = 'from=2020-01-01&to=2020-01-31';
const RIYA = 'u_customer_in';
const OLIVER = 'u_customer_gb';
const at = (day: string, time = '10:00') => `2020-01-${day}T${time}:00.000Z`;
const plusHours = (iso: string, h: number) => new Date(Date.parse(iso) + h * 3_600_000).toISOString();

async function writeSources(t: TestApp) {
  const db = t.database.db;
  await db
    .insertInto('kb_search_counts')
    .values([
      { day: '2020-01-05', query: 'refund', country: 'IN', language: 'en', searches: 5, zero_results: 0 },
      { day: '2020-01-06', query: 'refund', country: 'IN', language: 'hi', searches: 2, zero_results: 0 },
      { day: '2020-01-06', query: 'lost phone', country: 'IN', language: 'en', searches: 3, zero_results: 3 },
      { day: '2020-01-07', query: 'refund', country: 'GB', language: 'en', searches: 4, zero_results: 1 },
      // outside the period
      { day: '2020-02-01', query: 'refund', country: 'IN', language: 'en', searches: 100, zero_results: 0 },
    ])
    .execute();
  const vote = (id: string, voter: string, user: string | null, helpful: number) => ({
    id,
    article_id: '23',
    voter,
    user_id: user,
    helpful,
    created_at: at('08'),
    reason: null,
    crn: null,
  });
  await db
    .insertInto('article_feedback')
    .values([vote('f1', RIYA, RIYA, 1), vote('f2', 'visitor-hash', null, 0), vote('f3', OLIVER, OLIVER, 0)])
    .execute();
  const view = (id: string, user: string | null, page: string, createdAt: string) => ({
    id,
    visitor_id: `v-${id}`,
    user_id: user,
    event: 'page_view',
    page,
    properties: null,
    entry_mode: 'customer_website',
    language: 'en',
    created_at: createdAt,
  });
  await db
    .insertInto('track_events')
    .values([
      view('e1', RIYA, '/article/100301', at('10')), // a ticket two hours later: not deflected
      view('e2', RIYA, '/article/100302-refund-cancelled-ride', at('12')), // deflected
      view('e3', RIYA, '/kb/100300', at('12')), // a category, not an article
      view('e4', null, '/article/100301', at('12')), // a visitor: not counted
      view('e5', OLIVER, '/CRN1/dreport/100301', at('15')), // deflected (GB)
    ])
    .execute();
  const ticket = (
    n: number,
    user: string,
    kind: string,
    createdAt: string,
    firstH: number | null,
    solvedH: number | null,
  ) => ({
    id: `ins-${n}`,
    ticket_id: `INS-${n}`,
    user_id: user,
    status: (solvedH === null ? 'open' : 'solved') as 'open' | 'solved',
    subject: 'Insights test',
    query: 'Insights test ticket',
    issue_id: null,
    article_id: null,
    article_name: null,
    booking_id: null,
    order_id: null,
    tag: null,
    source: 'web',
    email_from: null,
    idempotency_key: null,
    created_at: createdAt,
    updated_at: createdAt,
    kind,
    payload: '{}',
    source_page: null,
    first_response_at: firstH === null ? null : plusHours(createdAt, firstH),
    solved_at: solvedH === null ? null : plusHours(createdAt, solvedH),
  });
  await db
    .insertInto('tickets')
    .values([
      ticket(1, RIYA, 'ticket', at('10', '12:00'), 2, 10),
      ticket(2, RIYA, 'one_touch', at('20'), 4, null),
      ticket(3, OLIVER, 'ticket', at('21'), 1, 3),
    ])
    .execute();
  const rating = (n: number, user: string, score: 'good' | 'bad') => ({
    id: `r${n}`,
    ticket_id: `INS-${n}`,
    user_id: user,
    score,
    reason: null,
    comment: null,
    email_from: null,
    created_at: at('25'),
  });
  await db
    .insertInto('csat_ratings')
    .values([rating(1, RIYA, 'good'), rating(2, RIYA, 'bad'), rating(3, OLIVER, 'good')])
    .execute();
}

describe.each(testDatabases)('insights in the agent console [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
    await writeSources(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('sums an India agent’s figures from the source rows of India', async () => {
    const anita = await signedIn(t.app, accounts.agentIn);
    const res = await anita.get(`${agentInsightsPath}?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'SUCCESS',
      countries: ['IN'],
      searches: {
        total: 10,
        zero_results: 3,
        top: [
          { query: 'refund', searches: 7, zero_results: 0 },
          { query: 'lost phone', searches: 3, zero_results: 3 },
        ],
        top_zero: [{ query: 'lost phone', searches: 3 }],
      },
      helpfulness: [{ article_id: '23', title: 'Payment methods', helpful: 1, not_helpful: 0 }],
      deflection: { views: 2, deflected: 1 },
      tickets: {
        total: 2,
        by_category: [
          { category: 'one_touch', count: 1 },
          { category: 'ticket', count: 1 },
        ],
        first_response: { count: 2, median_hours: 2, p90_hours: 4 },
        resolution: { count: 1, median_hours: 10, p90_hours: 10 },
      },
      csat: { good: 1, bad: 1 },
    });
  });

  it('gives an admin every country, and narrows by country and language', async () => {
    const admin = await signedIn(t.app, accounts.admin);
    const all = (await admin.get(`${agentInsightsPath}?${PERIOD}`)).json();
    expect(all.countries).toBeNull();
    expect(all.searches).toMatchObject({ total: 14, zero_results: 4 });
    expect(all.searches.top[0]).toEqual({ query: 'refund', searches: 11, zero_results: 1 });
    // a visitor's vote counts when no country narrows the figures
    expect(all.helpfulness).toEqual([{ article_id: '23', title: 'Payment methods', helpful: 1, not_helpful: 2 }]);
    expect(all.deflection).toEqual({ views: 3, deflected: 2 });
    expect(all.tickets.total).toBe(3);
    expect(all.tickets.first_response).toEqual({ count: 3, median_hours: 2, p90_hours: 4 });
    expect(all.csat).toEqual({ good: 2, bad: 1 });
    const gb = (await admin.get(`${agentInsightsPath}?${PERIOD}&country=GB`)).json();
    expect(gb.searches.total).toBe(4);
    expect(gb.tickets.resolution).toEqual({ count: 1, median_hours: 3, p90_hours: 3 });
    const hindi = (await admin.get(`${agentInsightsPath}?${PERIOD}&country=IN&language=hi`)).json();
    expect(hindi.searches).toMatchObject({ total: 2, zero_results: 0 });
  });

  it('refuses another country’s figures to an agent, any to a rider, and a bad period', async () => {
    const anita = await signedIn(t.app, accounts.agentIn);
    expect((await anita.get(`${agentInsightsPath}?${PERIOD}&country=GB`)).statusCode).toBe(403);
    const emma = await signedIn(t.app, accounts.agentGb);
    expect((await emma.get(`${agentInsightsPath}?${PERIOD}`)).json().searches.total).toBe(4);
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.get(`${agentInsightsPath}?${PERIOD}`)).statusCode).toBe(403);
    expect((await anita.get(`${agentInsightsPath}?from=2020-02-01&to=2020-01-01`)).statusCode).toBe(400);
    expect((await anita.get(`${agentInsightsPath}?from=2020-01-01&to=2021-06-01`)).statusCode).toBe(400);
  });

  it('counts results-page searches by country and language, not the suggestions as one types', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    await visitor.get(`${kbPaths.search('customer')}?query=payment%20Methods`);
    await visitor.get(`${kbPaths.search('customer')}?query=PAYMENT  methods`);
    await visitor.get(`${kbPaths.search('customer')}?query=payment%20methods&limit=5`);
    await visitor.get(`${kbPaths.search('customer')}?query=zzqqxx%20nothing`);
    await flushSearchCounts(t.database.db);
    const rows = await t.database.db
      .selectFrom('kb_search_counts')
      .selectAll()
      .where('day', '=', new Date().toISOString().slice(0, 10))
      .where('query', 'in', ['payment methods', 'zzqqxx nothing'])
      .orderBy('query')
      .execute();
    expect(rows.map((r) => [r.query, r.country, r.language, Number(r.searches), Number(r.zero_results)])).toEqual([
      ['payment methods', 'IN', 'en', 2, 0],
      ['zzqqxx nothing', 'IN', 'en', 1, 1],
    ]);
  });

  it('adds a flush of thousands of different queries whole, onto the counts already stored', async () => {
    // Several rows a statement (200): 1,203 queries take seven, and a second flush adds to the rows of the first.
    const counter = createSearchCounter(t.database.db, { flushMs: 3_600_000 });
    const queries = Array.from({ length: 1203 }, (_, i) => `bulk query ${i}`);
    for (const round of [1, 2]) {
      for (const query of queries) counter.count({ query, country: 'GB', language: 'fr', found: round === 1 ? 0 : 3 });
      await counter.flush();
    }
    await counter.close();
    const rows = await t.database.db
      .selectFrom('kb_search_counts')
      .select(['query', 'searches', 'zero_results'])
      .where('country', '=', 'GB')
      .where('language', '=', 'fr')
      .where('query', 'like', 'bulk query %')
      .execute();
    expect(rows).toHaveLength(1203);
    expect(rows.every((r) => Number(r.searches) === 2 && Number(r.zero_results) === 1)).toBe(true);
  });
});
