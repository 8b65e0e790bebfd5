// Server memory with 10,000 articles (DESIGN.md: at most 150 MB RSS): the built server (packages/server/dist) runs
// as its own process on a fresh data folder, imports the synthetic knowledge base on first start, and is measured
// idle, then after every article has been fetched and searches have run. Printed, never asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kbPaths } from '@selfserve/contract';
import autocannon, { type Request } from 'autocannon';
import { type BuiltServer, freePort, hasBuild, serverMain, startBuiltServer } from './built-server.ts';
import { ARTICLES, articleId, queryWord, writeSyntheticContent } from './synthetic-kb.ts';

const BUDGET_MB = 150;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function load(base: string, path: () => string, amount?: number) {
  const r = await autocannon({
    url: base,
    connections: 20,
    ...(amount ? { amount } : { duration: DURATION_S }),
    requests: [{ setupRequest: (req: Request) => ({ ...req, path: path() }) }],
  });
  if (r.errors > 0 || r['5xx'] > 0) throw new Error(`${r.errors} errors, ${r['5xx']} 5xx`);
}

async function main() {
  if (!hasBuild()) {
    console.log(`server memory: no server build at ${serverMain} (run npm run build first)`);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-bench-memory-'));
  const content = path.join(dir, 'content');
  writeSyntheticContent(content);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = async () => {
    const server = await startBuiltServer(port, {
      DATA_DIR: path.join(dir, 'data'),
      KB_CONTENT_DIR: content,
      SEARCH_RATE_LIMIT: '1000000000',
    });
    // Settle before reading the idle figure.
    await new Promise((r) => setTimeout(r, 2000));
    return server;
  };
  const rows: { moment: string; 'RSS MB': number }[] = [];
  let server: BuiltServer | null = null;
  try {
    // First start: migrate, seed and import the 10,000 articles.
    const started = performance.now();
    server = await start();
    const startS = (performance.now() - started) / 1000;
    rows.push({ moment: 'first start (import just done)', 'RSS MB': memoryOf(server.process.pid as number).rss });
    await server.stop();
    // A restart is how a server normally runs: the knowledge base is already in the database.
    server = await start();
    const pid = server.process.pid as number;
    rows.push({ moment: 'restarted, idle', 'RSS MB': memoryOf(pid).rss });
    let next = 0;
    await load(base, () => `${kbPaths.articles}?id=${articleId(next++ % ARTICLES)}`, ARTICLES);
    rows.push({ moment: `after fetching all ${ARTICLES} articles`, 'RSS MB': memoryOf(pid).rss });
    await load(base, () => `${kbPaths.search('customer')}?query=${queryWord()}%20${queryWord().slice(0, 3)}`);
    const after = memoryOf(pid);
    rows.push({ moment: `after ${DURATION_S} s of searches`, 'RSS MB': after.rss });
    console.log(`\nServer memory, ${ARTICLES} articles, SQLite, the built server in its own process:`);
    console.log(`first start (migrate, seed, import) ${startS.toFixed(1)} s`);
    console.table(rows);
    console.log(`peak RSS of the restarted server ${after.peak} MB against a budget of ${BUDGET_MB} MB`);
  } finally {
    if (server) await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
