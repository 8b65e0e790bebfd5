// `npm run bench`: API throughput on this machine, printed — never asserted (timings are noisy).
// Each case is compared with a bare Fastify route measured in the same run, so the figures travel
// between machines as ratios.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, CSRF_HEADER } from '@selfserve/contract';
import { buildApp } from '@selfserve/server';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { testConfig } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { seedDemoData } from '../packages/server/src/db/seed.ts';
import { printBundleSize } from './bundle-size.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { name, rps: Math.round(r.requests.average), p99: r.latency.p99 };
}

async function main() {
  printBundleSize(path.resolve(import.meta.dirname, '../packages/web/dist'));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-bench-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  const app = await buildApp(testConfig({ dataDir: dir }), database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify();
  bare.get('/bare', async () => ({ status: 'SUCCESS' }));
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

  // A signed-in session for the authenticated case.
  const session = await app.inject({ method: 'GET', url: apiPaths.session });
  const visitor = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const login = await app.inject({
    method: 'POST',
    url: apiPaths.demoLogin,
    headers: { cookie: visitor, [CSRF_HEADER]: session.json().csrf_token },
    payload: { email: 'arjun.select@example.in' },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  const results = [
    await measure('bare Fastify route', `${bareBase}/bare`),
    await measure('GET /api/health (SQLite select 1)', `${base}${apiPaths.health}`),
    await measure('GET get_user_info (session + 2 queries)', `${base}${apiPaths.userInfo}`, { cookie }),
  ];
  const bareRps = results[0]?.rps ?? 1;
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s each, SQLite, ${os.cpus().length} cores, node ${process.version}`,
  );
  console.table(
    results.map((r) => ({ case: r.name, 'req/s': r.rps, 'p99 ms': r.p99, 'vs bare': (r.rps / bareRps).toFixed(2) })),
  );
  const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
  console.log(`server process RSS after the run: ${rss} MB (server and load generator share this process)`);

  await app.close();
  await bare.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
