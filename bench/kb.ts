// Knowledge-base benchmark: 10,000 synthetic articles on SQLite, search and article fetch through
// the real app with autocannon, next to a bare Fastify route measured in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { kbPaths } from '@selfserve/contract';
import autocannon, { type Request } from 'autocannon';
import { formatImportResult, importKnowledgeBase } from '../packages/server/src/modules/kb/importer.ts';
import { startBenchServer } from './lib.ts';

const ARTICLES = Number(process.env.BENCH_KB_ARTICLES ?? 10_000);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

/** mulberry32: a small seeded generator, so every run writes the same content and queries. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A Zipf-distributed vocabulary of 5,000 words, as in real help text: a few very common words,
// a long tail of rare ones. Queries use mid-frequency words (ranks 200 to 3,000). The words are
// random letter strings of 4 to 10 letters: like real words, most have no other word one edit away.
const VOCABULARY = 5000;
const letters = 'etaoinshrdlcumwfgypbvkjxqz';
const random = rng(42);
const words = [
  ...new Set(
    Array.from({ length: VOCABULARY * 2 }, () => {
      const length = 4 + Math.floor(random() * 7);
      let w = '';
      // Skewed towards common letters, as in English.
      for (let i = 0; i < length; i++) w += letters[Math.floor(random() ** 1.6 * letters.length)];
      return w;
    }),
  ),
].slice(0, VOCABULARY);
const cdf: number[] = [];
let total = 0;
for (let r = 1; r <= VOCABULARY; r++) {
  total += 1 / r ** 1.07;
  cdf.push(total);
}
function zipfWord(): string {
  const x = random() * total;
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cdf[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return words[lo] as string;
}
const queryWord = () => words[200 + Math.floor(random() * 2800)] as string;

/** A content folder of ARTICLES articles in 100 categories of one index. */
function writeSyntheticContent(dir: string) {
  const pick = zipfWord;
  const folder = path.join(dir, 'customer');
  fs.mkdirSync(folder, { recursive: true });
  for (let c = 0; c < 100; c++) {
    const id = String(900000 + c);
    fs.writeFileSync(
      path.join(folder, `${id}.md`),
      `---\nid: "${id}"\nindex: customer\ntype: category\nposition: ${c}\ntitle: ${pick()} and ${pick()} help ${c}\n---\nCategory ${c}.\n`,
    );
  }
  for (let a = 0; a < ARTICLES; a++) {
    const id = String(1000000 + a);
    const title = `${pick()} ${pick()} ${pick()} question ${a}`;
    const body = Array.from({ length: 80 }, pick).join(' ');
    fs.writeFileSync(
      path.join(folder, `${id}.md`),
      `---\nid: "${id}"\nindex: customer\ntype: article\nparent: "${900000 + (a % 100)}"\nposition: ${a}\ntitle: ${title}\n---\n${body}.\n`,
    );
  }
}

async function run(name: string, url: string, requests?: () => string) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(requests ? { requests: [{ setupRequest: (req: Request) => ({ ...req, path: requests() }) }] } : {}),
  });
  if (r.errors > 0 || r['5xx'] > 0) throw new Error(`${name}: ${r.errors} errors, ${r['5xx']} 5xx`);
  // Non-2xx here are 'No Articles Found' answers (404), a normal search outcome.
  return {
    case: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    '404s': r.non2xx,
  };
}

async function main() {
  let importMs = 0;
  let reimportMs = 0;
  // The per-client search limit would turn most of a one-client load test into 429s.
  const server = await startBenchServer('kb', { searchRateLimit: 1e9 }, async (database, dir) => {
    writeSyntheticContent(path.join(dir, 'content'));
    let t = performance.now();
    const imported = await importKnowledgeBase(database.db, 'sqlite', path.join(dir, 'content'));
    importMs = performance.now() - t;
    if (!imported.ok) throw new Error(formatImportResult(imported));
    t = performance.now();
    await importKnowledgeBase(database.db, 'sqlite', path.join(dir, 'content'));
    reimportMs = performance.now() - t;
  });
  const { base, bareBase } = server;

  const pick = queryWord;
  let unique = 0;
  const typo = (w: string) => w.slice(0, 2) + w.slice(3);
  const results = [
    await run('bare Fastify route', bareBase),
    await run('article fetch', base, () => `${kbPaths.articles}?id=${1000000 + Math.floor(random() * ARTICLES)}`),
    await run('search, two words', base, () => `${kbPaths.search('customer')}?query=${pick()}%20${pick()}`),
    await run('search, one typo', base, () => `${kbPaths.search('customer')}?query=${typo(pick())}`),
    await run('search, prefix', base, () => `${kbPaths.search('customer')}?query=${pick().slice(0, 4)}`),
    // Never-repeated queries: every one misses the ranking cache.
    await run(
      'search, all unique (cold)',
      base,
      () => `${kbPaths.search('customer')}?query=${pick()}%20${pick().slice(0, 3)}${unique++}`,
    ),
  ];
  const single = await autocannon({
    url: base,
    connections: 1,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (req: Request) => ({
          ...req,
          path: `${kbPaths.search('customer')}?query=${pick().slice(0, 4)}`,
        }),
      },
    ],
  });
  const bareRps = results[0]?.['req/s'] ?? 1;
  console.log(`\nKnowledge base: ${ARTICLES} articles, SQLite, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(`import ${(importMs / 1000).toFixed(1)} s, unchanged re-import ${(reimportMs / 1000).toFixed(1)} s`);
  console.table(results.map((r) => ({ ...r, 'vs bare': (r['req/s'] / bareRps).toFixed(2) })));
  console.log(
    `one connection, prefix searches: p50 ${single.latency.p50} ms, p99 ${single.latency.p99} ms, ${Math.round(single.requests.average)} req/s`,
  );
  console.log(
    `process RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB (server and load generator share this process)`,
  );
  await server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
