import cluster from 'node:cluster';
import path from 'node:path';
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { type AppConfig, loadConfig } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed/index.ts';
import { formatImportResult, seedKnowledgeBase } from './modules/kb/importer.ts';
import { searchIndexOf } from './modules/kb/repo.ts';
import { listDemoAccounts } from './modules/users/repo.ts';

// Benchmarks only (bench/procs.ts): BENCH_GC=1 with node --expose-gc lets SIGUSR2 run a full GC, so memory after
// load can be read without garbage not yet collected, and then prints where the memory is (the V8 heap, committed and
// used, and the buffers outside it) for the bench to show beside the process's RSS.
const gc = (globalThis as { gc?: () => void }).gc;
if (process.env.BENCH_GC === '1' && gc) {
  process.on('SIGUSR2', () => {
    gc();
    const { heapTotal, heapUsed, external } = process.memoryUsage();
    console.log(`bench-memory ${JSON.stringify({ heapTotal, heapUsed, external })}`);
  });
}

/**
 * How far V8 lets the old generation grow past what its last full GC left live (docs/performance.md "The heap's
 * growth bounded"). By default it picks up to 4× on a machine with much memory, the more the busier the process: the
 * same load left RSS anywhere between 300 and 645 MB. 30% keeps it within 295–326 MB. A value given to node
 * (NODE_OPTIONS or its command line) is kept. (The young generation's size is a start flag: `npm start` gives
 * --max-semi-space-size.)
 */
const HEAP_GROWING_PERCENT = 30;
if (!`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.includes('--heap-growing-percent')) {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const workers = config.webConcurrency;
  if (workers > 1 && !config.redisUrl) {
    // Rate-limit counters and live chat fan-out are per process without Redis: several workers would split them.
    console.error('WEB_CONCURRENCY above 1 needs REDIS_URL (rate limits and live chat are shared through it)');
    process.exit(1);
  }
  const openDb = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      sqliteFile: path.join(config.dataDir, 'selfserve.db'),
      poolSize: config.databasePoolSize,
    });
  if (cluster.isPrimary) {
    // Once, before any worker serves: migrations, the demo data and the first knowledge-base import.
    const database = openDb();
    await migrateToLatest(database.db, config.databaseSchema);
    if (config.seedDemoData) {
      await seedDemoData(database.db, { anchor: config.seedAnchor });
      // The demo knowledge base is imported once, on first start; later changes go through kb:import.
      const kb = await seedKnowledgeBase(database.db, config.kbContentDir);
      if (kb) console.log(formatImportResult(kb));
    }
    if (workers > 1) {
      await database.close();
      await runWorkers(workers, config, openDb);
      return;
    }
    await serve(config, database);
    return;
  }
  await serve(config, openDb());
}

/**
 * WEB_CONCURRENCY > 1: one worker process per slot (node:cluster shares the port), each its own app and database
 * connection (SQLite in WAL takes several readers and one writer at a time). A worker that dies is replaced; SIGTERM
 * and SIGINT are passed on and the primary exits when every worker has. docs/performance.md has the measurements.
 */
async function runWorkers(workers: number, config: AppConfig, openDb: () => DatabaseHandle): Promise<void> {
  let closing = false;
  let listening = 0;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('listening', () => {
    listening++;
    if (listening === workers) void printBanner(config, openDb, `${workers} workers`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const shutdown = () => {
    if (closing) return;
    closing = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // Benchmarks only: a GC asked of the primary is asked of the workers too.
  if (process.env.BENCH_GC === '1') {
    process.on('SIGUSR2', () => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGUSR2');
    });
  }
}

async function serve(config: AppConfig, database: DatabaseHandle): Promise<void> {
  const app = await buildApp(config, database);
  app.addHook('onClose', async () => {
    await database.close();
  });

  // Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A connection kept alive (a proxy in front) would hold the close until the timeout: each one is closed as soon
    // as its request in flight has been answered (crash-safety.test.ts).
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // The search index is made before the first reader asks: the first searches would otherwise wait for it (~0.5 s at
  // 10,000 articles) with every request behind them. A failure is left to the first search, which tries again.
  await searchIndexOf(database.db).catch(() => {});
  await app.listen({ port: config.port, host: config.host });
  // A cluster worker leaves the start-up banner to the primary, which prints it once every worker listens.
  if (cluster.isPrimary) await printBanner(config, () => database, null);
}

async function printBanner(config: AppConfig, openDb: () => DatabaseHandle, workers: string | null): Promise<void> {
  const database = openDb();
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Selfserve help centre is running at ${url}${workers ? ` (${workers})` : ''}`,
    `  database: ${database.dialect === 'sqlite' ? path.join(config.dataDir, 'selfserve.db') : 'PostgreSQL (DATABASE_URL)'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.demoMode) {
    const accounts = await listDemoAccounts(database.db);
    lines.push(`  demo accounts (sign in at ${url}/login):`);
    for (const a of accounts)
      lines.push(`    ${a.email.padEnd(32)} ${a.role.padEnd(20)} ${a.country_code}  ${a.demo_description ?? ''}`);
  }
  if (workers) await database.close();
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
