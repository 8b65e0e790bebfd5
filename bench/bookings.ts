// Bookings benchmark: list pages and get_by_crn for a signed-in customer with 250+ bookings (the
// seeded Riya), SQLite, autocannon; printed next to a bare Fastify route from the same run.
import { bookingPaths } from '@selfserve/contract';
import autocannon, { type Request } from 'autocannon';
import { signIn, startBenchServer } from './lib.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

async function main() {
  const server = await startBenchServer('bookings');
  const { app, base, bareBase } = server;
  const { cookie } = await signIn(app, 'riya.customer@example.in');

  // Page keys for pages 1..10 and every CRN, collected once through the API itself.
  const pages: string[] = [];
  const crns: string[] = [];
  let key: string | null = null;
  for (let no = 1; no <= 10; no++) {
    pages.push(`${bookingPaths.list}?page_no=${no}${key ? `&page_key=${encodeURIComponent(key)}` : ''}`);
    const res = await app.inject({ method: 'GET', url: pages.at(-1) as string, headers: { cookie } });
    const body = res.json() as { data: { crn: string }[]; page_key: string | null };
    crns.push(...body.data.map((b) => b.crn));
    key = body.page_key;
  }

  let n = 0;
  const run = async (name: string, url: string, next?: () => string) => {
    const r = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { cookie },
      ...(next ? { requests: [{ setupRequest: (req: Request) => ({ ...req, path: next() }) }] } : {}),
    });
    if (r.errors > 0 || r.non2xx > 0) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    return { case: name, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99 };
  };
  const results = [
    await run('bare Fastify route', bareBase),
    await run('list, page 1', `${base}${pages[0]}`),
    await run('list, pages 1-10 in turn', base, () => pages[n++ % pages.length] as string),
    await run('get_by_crn', base, () => `${bookingPaths.getByCrn}?ref_no=${crns[n++ % crns.length]}`),
  ];
  const bareRps = results[0]?.['req/s'] ?? 1;
  console.log(
    `\nBookings: 1 customer with ${crns.length}+ bookings, SQLite, ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  console.table(results.map((r) => ({ ...r, 'vs bare': (r['req/s'] / bareRps).toFixed(2) })));
  await server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
