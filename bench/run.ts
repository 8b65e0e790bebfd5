// `npm run bench`: API throughput on this machine, printed — never asserted (timings are noisy).
// Each case is compared with a bare Fastify route measured in the same run, so the figures travel
// between machines as ratios.
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@selfserve/contract';
import autocannon from 'autocannon';
import { printBundleSize } from './bundle-size.ts';
import { signIn, startBenchServer } from './lib.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { name, rps: Math.round(r.requests.average), p99: r.latency.p99 };
}

async function main() {
  printBundleSize(path.resolve(import.meta.dirname, '../packages/web/dist'));
  const server = await startBenchServer('api');
  const { cookie } = await signIn(server.app, 'arjun.select@example.in');

  const results = [
    await measure('bare Fastify route', server.bareBase),
    await measure('GET /api/health (SQLite select 1)', `${server.base}${apiPaths.health}`),
    await measure('GET get_user_info (session + 2 queries)', `${server.base}${apiPaths.userInfo}`, { cookie }),
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

  await server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
