import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { safeEqual } from '../lib/crypto.ts';
import { quieterLevel } from './logging.ts';

/** Where Prometheus scrapes (not under /api/: it is the operators', not the app's). */
export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (missing pages, the SPA's pages): one series, not one per URL. */
const UNMATCHED = 'unmatched';

/** Latency buckets in seconds: a KB read is a few ms, a ticket with uploads may take a second or more. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/**
 * Prometheus metrics at /metrics behind METRICS_TOKEN (docs/operations.md "Metrics"). Without a token nothing is
 * measured and the path is the app's ordinary 404. Each app has its own registry, so two apps in one process (the
 * tests) never share counters.
 */
export function registerMetrics(app: FastifyInstance, config: AppConfig, database: DatabaseHandle): void {
  const token = config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  // Process metrics: CPU, RSS, heap, GC, handles, open files, and event-loop lag (mean, p50/p90/p99, max).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method, route pattern and status class',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being handled now',
    registers: [registry],
  });
  registerDatabaseMetrics(registry, database);

  // Synchronous hooks (done, not async): no promise per request (docs/performance.md "Per-request cost").
  const decrement = () => inFlight.dec();
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight.inc();
    // 'close' comes once whether the answer was sent or the client went away (no onResponse then).
    reply.raw.once('close', decrement);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/tickets/:id), never the raw URL: ids and queries would make a series per request.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status_class: statusClass(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const route = {
    // Scraped every few seconds: not worth a log line each at info.
    logLevel: quieterLevel(config.logLevel, 'warn'),
    config: { access: 'visitor' as const },
    schema: { hide: true },
  };
  app.get(METRICS_PATH, route, async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    const sent = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : '';
    reply.header('cache-control', 'no-store');
    if (!sent || !safeEqual(sent, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('A bearer token is needed (METRICS_TOKEN).\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * The database's side: PostgreSQL's connection pool (open, idle, waiting for a connection — waiting > 0 for long
 * means DATABASE_POOL_SIZE is too small); SQLite has one connection and no pool, so its file and WAL sizes (a WAL
 * that only grows means checkpoints are starved by long readers).
 */
function registerDatabaseMetrics(registry: Registry, database: DatabaseHandle): void {
  const { pool, sqliteFile } = database;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting = requests queued for a connection)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_max',
      help: 'PostgreSQL pool size (DATABASE_POOL_SIZE)',
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }
  if (sqliteFile && sqliteFile !== ':memory:') {
    new Gauge({
      name: 'db_sqlite_file_bytes',
      help: 'SQLite database file and write-ahead log sizes',
      labelNames: ['file'],
      registers: [registry],
      collect() {
        this.set({ file: 'main' }, sizeOf(sqliteFile));
        this.set({ file: 'wal' }, sizeOf(`${sqliteFile}-wal`));
      },
    });
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
