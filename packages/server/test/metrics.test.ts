import { apiPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_PATH } from '../src/plugins/metrics.ts';
import { createTestApp, type TestApp, testDatabases } from './helpers.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample's value from the text exposition format, found by its name and exact label set. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split('\n')) {
    const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '')
      .split(/,(?=[a-z_]+=")/)
      .filter(Boolean)
      .sort();
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(m[3]);
  }
  return undefined;
}

describe.each(testDatabases)('metrics [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('needs the bearer token: none or a wrong one is 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.body).not.toContain('http_requests_total');
    const wrong = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests per route pattern and status class, with a latency histogram', async () => {
    const before = await scrape();
    const route = '/api/bookings/v2/get_by_crn';
    const labels = { method: 'GET', route, status_class: '4xx' };
    const had = sample(before, 'http_requests_total', labels) ?? 0;
    // Three different raw URLs of one route: one series (the pattern), never one per URL.
    for (const ref of ['1', '22', '333']) {
      const res = await t.app.inject({ method: 'GET', url: `${route}?ref_no=${ref}` });
      expect(res.statusCode).toBe(401);
    }
    await t.app.inject({ method: 'GET', url: apiPaths.health });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total', labels)).toBe(had + 3);
    expect(text).not.toContain('ref_no');
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(had + 3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(had + 3);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: apiPaths.health, status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    // An address no route matched is one series, whatever the URL.
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-thing');
    // Only the scrape itself is in flight while it is answered: every finished request was counted out.
    expect(sample(text, 'http_requests_in_flight')).toBe(1);
  });

  it('reports the event loop, the process and the database', async () => {
    const text = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
    if (dialect === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
      expect(sample(text, 'db_pool_max')).toBe(4);
    } else {
      // The tests' SQLite is in memory: no file to measure, and no pool.
      expect(text).not.toContain('db_pool_connections');
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('are not served: 404, nothing measured', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
