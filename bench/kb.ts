// Knowledge-base benchmark: 10,000 synthetic articles on SQLite, search and article fetch through
// the real app with autocannon, next to a bare Fastify route measured in the same run.
import path from 'node:path';
import { kbPaths } from '@selfserve/contract';
import autocannon, { type Request } from 'autocannon';
import { formatImportResult, importKnowledgeBase } from '../packages/server/src/modules/kb/importer.ts';
import { startBenchServer } from './lib.ts';
import { ARTICLES, articleId, queryWord, random, writeSyntheticContent } from './synthetic-kb.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

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
    await run('article fetch', base, () => `${kbPaths.articles}?id=${articleId(Math.floor(random() * ARTICLES))}`),
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
