// `npm run bench`, the API part: the server and its peers each in their own process, the load generator (autocannon)
// in this one, side by side in one run, every figure printed next to its goal (DESIGN.md "Budgets", issue 19 item 4).
// Printed, never asserted: timings on a shared 2-core machine are noisy, so the goals are ratios to peers measured
// in the same run. BENCH_SECONDS (default 5) sets each measurement's length; BENCH_WORKERS=0 skips the 1-vs-2 workers
// comparison; BENCH_ROUNDS (default 3) how many interleaved pairs measure the figures against the bare peer.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bookingPaths, kbPaths } from '@selfserve/contract';
import { printBundleSize } from './bundle-size.ts';
import { CONNECTIONS, cpuPerRequest, DURATION_S, type LoadResult, load } from './load.ts';
import { bundle, type HeapFigures, type Proc, signIn, startPeer, startServer } from './procs.ts';
import { startSettings } from './start-script.ts';
import { ARTICLES, articleId, typoOf, wordStream, writeSyntheticContent } from './synthetic-kb.ts';
import { ticketBench } from './tickets.ts';

/** Whether something answers at a redis:// address (a TCP connect). */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

const PORTS = { server: 9300, minisearch: 9301, bare: 9302 };
const CUSTOMERS = [
  'riya.customer@example.in',
  'arjun.select@example.in',
  'meera.trial@example.in',
  'kabir.expired@example.in',
];

interface Row {
  figure: string;
  goal: string;
  measured: string;
  peer: string;
  ratio: string;
  met: string;
}
const rows: Row[] = [];
const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
const fmt = (r: LoadResult) => `${r.rps} req/s, p99 ${r.p99} ms${r.failed ? `, ${r.failed} failed` : ''}`;

/**
 * How many times the figures against the bare peer are measured, peer and server in turn. On a shared machine the
 * bare peer alone moved between 15,700 and 30,300 req/s in back-to-back runs of the same code (docs/performance.md
 * "Rounds"): one pair is a sample of that noise, the median of interleaved pairs is the figure.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
type Pair = { peer: LoadResult; ours: LoadResult };

async function pairs(peer: () => Promise<LoadResult>, ours: () => Promise<LoadResult>): Promise<Pair[]> {
  const result: Pair[] = [];
  for (let i = 0; i < ROUNDS; i++) result.push({ peer: await peer(), ours: await ours() });
  return result;
}

/** The pair with the median ratio is the figure; the range of all the rounds' ratios is printed beside it. */
function pairRow(figure: string, goal: string, atLeast: number, measured: Pair[]): Row {
  const ratio = (x: Pair) => x.ours.rps / x.peer.rps;
  const sorted = [...measured].sort((a, b) => ratio(a) - ratio(b));
  const median = sorted[Math.floor(sorted.length / 2)] as Pair;
  const range = sorted.length > 1 ? ` (${sorted.map((x) => ratio(x).toFixed(2)).join(', ')})` : '';
  return {
    figure,
    goal,
    measured: fmt(median.ours),
    peer: fmt(median.peer),
    ratio: `${ratio(median).toFixed(2)}×${range}`,
    met: yes(ratio(median) >= atLeast && measured.every((x) => x.ours.failed === 0)),
  };
}

/** Two seeded words a query: a search case, and the CPU-per-request load. */
function twoWords(seed: number): () => string {
  const next = wordStream(seed);
  return () => `${next()} ${next()}`;
}

/** The search cases: each a seeded query stream, the same for the server and MiniSearch. */
const searchKinds: { name: string; query: (seed: number) => () => string }[] = [
  { name: 'one word', query: (s) => wordStream(s) },
  { name: 'two words', query: twoWords },
  {
    name: '4-letter prefix',
    query: (s) => {
      const next = wordStream(s);
      return () => next().slice(0, 4);
    },
  },
  {
    name: 'one typo',
    query: (s) => {
      const next = wordStream(s);
      return () => {
        let w = next();
        while (w.length < 6) w = next();
        return typoOf(w);
      };
    },
  },
];

async function main() {
  printBundleSize(path.resolve(import.meta.dirname, '../packages/web/dist'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-bench-'));
  const content = path.join(dir, 'content');
  const dataDir = path.join(dir, 'data');
  const dbFile = path.join(dataDir, 'selfserve.db');
  writeSyntheticContent(content);
  const mains = await bundle();
  const serverEnv = (workers: number) => ({
    DATA_DIR: dataDir,
    KB_CONTENT_DIR: content,
    WEB_CONCURRENCY: String(workers),
    // One client sending thousands: the per-client limits would answer 429 to most of the load.
    SEARCH_RATE_LIMIT: '1000000000',
    // Throughput is measured at saturation: the overload guard (plugins/pressure.ts) would answer 503 instead.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    TICKET_RATE_LIMIT_PER_USER: '1000000000',
    TICKET_RATE_LIMIT_PER_IP: '1000000000',
  });
  const procs: Proc[] = [];
  const started = <T extends Proc>(p: T) => {
    procs.push(p);
    return p;
  };
  try {
    // First start migrates, seeds and imports the 10,000 articles; the measured server is a restart, as in production.
    let t = performance.now();
    const first = await startServer(mains.server, PORTS.server, serverEnv(1));
    const firstStartS = (performance.now() - t) / 1000;
    await first.stop();
    t = performance.now();
    let server = started(await startServer(mains.server, PORTS.server, serverEnv(1)));
    console.log(
      `\nfirst start (migrate, seed, import ${ARTICLES} articles) ${firstStartS.toFixed(1)} s, restart ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await server.gc();
    const atRest = server.rss();
    const heapAtRest = server.heap();
    const mini = started(await startPeer(mains.peer, PORTS.minisearch, ['minisearch', content]));
    // Both at rest after a full GC: the peer's start-up leaves its index build's garbage, as the server's does.
    await mini.gc();
    const miniAtRest = mini.rss();

    // The whole knowledge base read once (the memory figure after load) and kept as the bare peer's answers.
    const articles: Record<string, unknown> = {};
    for (let from = 0; from < ARTICLES; from += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, ARTICLES - from) }, async (_, i) => {
          const id = articleId(from + i);
          const res = await fetch(`${server.base}${kbPaths.articles}?id=${id}`);
          if (!res.ok) throw new Error(`article ${id}: ${res.status}`);
          articles[id] = await res.json();
        }),
      );
    }
    const sessions = await Promise.all(CUSTOMERS.map((email) => signIn(server.base, email)));
    const riya = sessions[0] as { cookie: string };
    // Riya's pages 1..10 (250+ bookings), each page asked for with the key the one before answered.
    const pagePaths: string[] = [];
    const pages: Record<string, unknown> = {};
    let key: string | null = null;
    for (let no = 1; no <= 10; no++) {
      pagePaths.push(`${bookingPaths.list}?page_no=${no}${key ? `&page_key=${encodeURIComponent(key)}` : ''}`);
      const res = await fetch(`${server.base}${pagePaths.at(-1)}`, { headers: { cookie: riya.cookie } });
      const body = (await res.json()) as { page_key: string | null };
      pages[String(no)] = body;
      key = body.page_key;
    }
    fs.writeFileSync(path.join(dir, 'articles.json'), JSON.stringify(articles));
    fs.writeFileSync(path.join(dir, 'pages.json'), JSON.stringify(pages));
    const bare = started(
      await startPeer(mains.peer, PORTS.bare, ['bare', path.join(dir, 'articles.json'), path.join(dir, 'pages.json')]),
    );

    // KB search, MiniSearch first then the server, each kind with the same seeded queries.
    const withQuery = (prefix: string, next: () => string) => () => `${prefix}?query=${encodeURIComponent(next())}`;
    const search = async (base: string, prefix: string, kind: (typeof searchKinds)[number], seed: number) =>
      load(`search ${kind.name}`, base, withQuery(prefix, kind.query(seed)));
    const searchResults: { kind: string; ours: LoadResult; mini: LoadResult }[] = [];
    // MiniSearch's memory right after its last load (then after a GC), as the server's is read right after its own:
    // not after it has idled through the server's loads that follow, as V8's memory reducer shrinks an idle heap
    // (docs/performance.md "The peer's idle minute").
    let miniAfterLoad = 0;
    let miniAfterGc = 0;
    for (const [i, kind] of searchKinds.entries()) {
      const miniR = await search(mini.base, '/search', kind, 100 + i);
      if (i === searchKinds.length - 1) {
        miniAfterLoad = mini.rss();
        await mini.gc();
        miniAfterGc = mini.rss();
      }
      const ours = await search(server.base, kbPaths.search('customer'), kind, 100 + i);
      searchResults.push({ kind: kind.name, ours, mini: miniR });
      const ratio = ours.rps / miniR.rps;
      rows.push({
        figure: `KB search, ${kind.name}`,
        goal: '≥ 1.5× MiniSearch, p99 ≤ its p99',
        measured: fmt(ours),
        peer: fmt(miniR),
        ratio: `${ratio.toFixed(2)}×`,
        met: yes(ratio >= 1.5 && ours.p99 <= miniR.p99 && ours.failed === 0),
      });
    }

    // Article fetch and the bookings list: ROUNDS pairs, the bare peer then the server, interleaved.
    let n = 0;
    const articlePath = (prefix: string) => () => `${prefix}?id=${articleId(Math.floor((n++ * 7919) % ARTICLES))}`;
    const articleFetch = await pairs(
      () => load('bare article', bare.base, articlePath('/article')),
      () => load('article fetch', server.base, articlePath(kbPaths.articles)),
    );
    rows.push(pairRow('article fetch', '≥ 0.5× bare Fastify (Map)', 0.5, articleFetch));
    let p = 0;
    const bookings = await pairs(
      () => load('bare bookings', bare.base, () => `/bookings?page_no=${(p++ % 10) + 1}`),
      () => load('bookings list', server.base, () => pagePaths[p++ % 10] as string, { cookie: riya.cookie }),
    );
    if (bookings.some((b) => b.ours.non2xx > 0)) console.warn('bookings list: non-2xx answers');
    rows.push(pairRow('bookings list, pages 1–10', '≥ 0.3× bare Fastify (memory)', 0.3, bookings));

    // Memory: after the whole knowledge base and the search load, then after a full GC, next to MiniSearch's.
    const afterLoad = server.rss();
    await server.gc();
    const afterGc = server.rss();
    // What holds the server's memory after a GC, at rest and after the load (docs/performance.md "What holds the memory").
    const heapAfterGc = server.heap();
    if (heapAtRest && heapAfterGc) {
      const parts = (rss: number, h: HeapFigures) =>
        `RSS ${rss} MB = V8 heap ${h.heapTotal} MB (${h.heapUsed} used) + buffers ${h.external} MB + the rest (code, native) ${rss - h.heapTotal - h.external} MB`;
      console.log(`\nserver memory after a GC, at rest: ${parts(atRest, heapAtRest)}`);
      console.log(`server memory after a GC, after the load: ${parts(afterGc, heapAfterGc)}`);
    }
    const memRow = (figure: string, ours: number, peer: number) =>
      rows.push({
        figure,
        goal: '≤ MiniSearch peer RSS',
        measured: `${ours} MB`,
        peer: `${peer} MB`,
        ratio: `${(ours / peer).toFixed(2)}×`,
        met: yes(ours <= peer),
      });
    memRow('server RSS at rest', atRest, miniAtRest);
    memRow('server RSS after the KB load', afterLoad, miniAfterLoad);
    memRow('server RSS after load + GC', afterGc, miniAfterGc);

    // What a request costs each process at a fixed rate, whatever share of the cores the load generator took: the
    // throughput a CPU second allows, against the same peer.
    const cpuRow = (figure: string, ours: number, peer: number) =>
      rows.push({
        figure: `CPU per request, ${figure}`,
        goal: '(the throughput ratio CPU allows)',
        measured: `${Math.round(ours)} µs`,
        peer: `${Math.round(peer)} µs`,
        ratio: `${(peer / ours).toFixed(2)}×`,
        met: '',
      });
    cpuRow(
      'two words at 1,000/s',
      await cpuPerRequest(server, withQuery(kbPaths.search('customer'), twoWords(300)), 1000),
      await cpuPerRequest(mini, withQuery('/search', twoWords(300)), 1000),
    );
    cpuRow(
      'article fetch at 4,000/s',
      await cpuPerRequest(server, articlePath(kbPaths.articles), 4000),
      await cpuPerRequest(bare, articlePath('/article'), 4000),
    );
    cpuRow(
      'bookings list at 800/s',
      await cpuPerRequest(server, () => pagePaths[p++ % 10] as string, 800, { cookie: riya.cookie }),
      await cpuPerRequest(bare, () => `/bookings?page_no=${(p++ % 10) + 1}`, 800),
    );

    // Tickets last (they grow the database).
    const tickets = await ticketBench(server.base, dbFile, sessions);
    rows.push({
      figure: 'ticket creation (SQLite)',
      goal: '≥ 2,000 created/s, each 2xx one row',
      measured: `${tickets.createdPerS} created/s, p99 ${tickets.p99} ms`,
      peer: '',
      ratio: `${tickets.ok} 2xx, ${tickets.rows} rows`,
      met: yes(tickets.createdPerS >= 2000 && tickets.ok === tickets.rows && tickets.ok === tickets.submits),
    });
    console.log(
      `\ntickets: ${tickets.submits} submits in ${tickets.seconds.toFixed(1)} s, ${tickets.ok} 2xx, ${tickets.rows} rows written, ` +
        `${tickets.non2xx} non-2xx, ${tickets.errors} errors: ${tickets.ok === tickets.rows ? 'every 2xx answer left exactly one ticket' : 'MISMATCH'}`,
    );

    // WEB_CONCURRENCY: one worker against two, on the same data, the cases most bound by the server's CPU.
    // Several workers need Redis (shared rate limits and chat fan-out): both runs use it, a database of its own.
    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
    if (process.env.BENCH_WORKERS !== '0' && (await reachable(redisUrl))) {
      const perWorkers: Record<number, { search: LoadResult; article: LoadResult }> = {};
      for (const workers of [1, 2]) {
        await server.stop();
        server = started(await startServer(mains.server, PORTS.server, { ...serverEnv(workers), REDIS_URL: redisUrl }));
        perWorkers[workers] = {
          search: await search(server.base, kbPaths.search('customer'), searchKinds[1] as (typeof searchKinds)[1], 200),
          article: await load('article fetch', server.base, articlePath(kbPaths.articles)),
        };
      }
      const [one, two] = [perWorkers[1], perWorkers[2]] as [(typeof perWorkers)[1], (typeof perWorkers)[1]];
      for (const k of ['search', 'article'] as const) {
        rows.push({
          figure: `WEB_CONCURRENCY 2 vs 1, ${k === 'search' ? 'search two words' : 'article fetch'}`,
          goal: 'default = the better',
          measured: fmt(two[k]),
          peer: fmt(one[k]),
          ratio: `${(two[k].rps / one[k].rps).toFixed(2)}×`,
          met: '',
        });
      }
    } else if (process.env.BENCH_WORKERS !== '0') {
      console.log(`\nWEB_CONCURRENCY 1 vs 2 not measured: no Redis at ${redisUrl} (BENCH_REDIS_URL)`);
    }

    console.log(
      `\nAPI side by side: ${ARTICLES} articles, SQLite, ${CONNECTIONS} connections, ${DURATION_S} s each after a warm-up, ` +
        `${os.cpus().length} cores, node ${process.version}; server, peers and load generator each in their own process; ` +
        `the server started as \`npm start\` does (${startSettings})`,
    );
    console.table(searchResults.map((s) => ({ search: s.kind, 'server 404s': s.ours.non2xx })));
  } finally {
    // The summary, whatever happened: every figure measured so far next to its goal.
    console.table(rows);
    for (const p of procs.reverse()) await p.stop();
    if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
