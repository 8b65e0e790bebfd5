// Page speed of the server-rendered public pages (issue 19 item 4, docs/ssr.md): Lighthouse mobile on the built server
// in its own process with the demo data, as a visitor, every figure next to its goal; and the first page's JavaScript
// against its budget. Lighthouse comes from the npm registry on first use (npx) and drives the same Chromium as the
// browser tests; its mobile preset simulates a slow 4G network and a 4× slower CPU.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, hasBuild, serverMain, startBuiltServer } from './built-server.ts';
import { firstPageJs } from './bundle-size.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // the last major that runs on Node 20
/** content/kb/customer/100301-how-refunds-work.md, at the readable address the sitemap lists. */
const PAGES = ['/home', '/kb', '/article/100301-how-refunds-work', '/search?q=refund'];
/**
 * Each page is measured this many times and each figure's median is reported (Lighthouse CI's `median` aggregation),
 * with the range of the runs' TBT beside it. On a 2-core machine shared with the server, a run's TBT moves with
 * whatever else is running (docs/performance.md "Lighthouse's TBT on a shared machine"), and the median run by score,
 * as before, picked an arbitrary one when every run scored 1.00.
 */
const RUNS = Number(process.env.PAGE_SPEED_RUNS ?? 5);
/** How many times one run is tried before its page goes without that run's figures (see lighthouse below). */
const TRIES = 5;
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const webDist = path.resolve(import.meta.dirname, '../packages/web/dist');

const GOALS = { score: 0.98, lcpMs: 1200, cls: 0, tbtMs: 50, firstPageKb: 120 };
const SCORE_COLUMN = `score (≥ ${GOALS.score})`;

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
}

/**
 * Lighthouse's own trace recording fails now and then (NO_NAVSTART: "Please run Lighthouse again"): a failed run's saved
 * trace holds the page's other events but not its navigationStart (docs/performance.md "Session of 2026-11-30, ninth").
 * Up to TRIES tries; `null` when every one failed, so one page's failures do not lose the other pages' figures.
 */
function lighthouse(url: string, out: string, run: number): LighthouseReport | null {
  for (let i = 1; i <= TRIES; i++) {
    try {
      return lighthouseOnce(url, out);
    } catch (err) {
      console.warn(`Lighthouse failed on ${url} (run ${run} of ${RUNS}, try ${i} of ${TRIES}): ${whyFailed(err)}`);
    }
  }
  return null;
}

/** The short reason a try failed: how Lighthouse's process ended, or what went wrong reading its report. */
function whyFailed(err: unknown): string {
  const e = err as { signal?: string | null; status?: number | null; message?: string };
  if (e.signal) return `killed by ${e.signal}`;
  if (typeof e.status === 'number') return `exit code ${e.status}`;
  return String(e.message ?? err).split('\n')[0] as string;
}

function lighthouseOnce(url: string, out: string): LighthouseReport {
  execFileSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
  );
  return JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport;
}

interface PageFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function figures(report: LighthouseReport): PageFigures {
  const a = report.audits;
  return {
    score: report.categories.performance.score,
    fcpMs: a['first-contentful-paint']?.numericValue ?? 0,
    lcpMs: a['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: a['total-blocking-time']?.numericValue ?? 0,
    cls: a['cumulative-layout-shift']?.numericValue ?? 0,
  };
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

async function main() {
  const js = fs.existsSync(path.join(webDist, 'index.html')) ? firstPageJs(webDist).totalKb : null;
  if (js !== null) {
    console.log(
      `\nfirst-page JavaScript ${js.toFixed(2)} KB gzip (goal ≤ ${GOALS.firstPageKb} KB) ${mark(js <= GOALS.firstPageKb)}`,
    );
  }
  if (!hasBuild()) {
    console.log(`page speed: no server build at ${serverMain} (run npm run build first)`);
    return;
  }
  if (!fs.existsSync(chromium)) {
    console.log(`page speed: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-bench-pages-'));
  const port = await freePort();
  const server = await startBuiltServer(port, { DATA_DIR: dir, DEMO_MODE: 'true' });
  try {
    const rows = PAGES.map((page) => {
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const report = lighthouse(`http://127.0.0.1:${port}${page}`, path.join(dir, 'report.json'), i + 1);
        if (report) runs.push(figures(report));
      }
      if (runs.length === 0) {
        process.exitCode = 1;
        return { page, [SCORE_COLUMN]: 'no figure: every Lighthouse run failed' };
      }
      const median = (key: keyof PageFigures) => {
        const values = runs.map((r) => r[key]).sort((x, y) => x - y);
        return values[Math.floor(values.length / 2)] as number;
      };
      const f: PageFigures = {
        score: median('score'),
        fcpMs: median('fcpMs'),
        lcpMs: median('lcpMs'),
        tbtMs: median('tbtMs'),
        cls: median('cls'),
      };
      const tbts = runs.map((r) => Math.round(r.tbtMs));
      return {
        page,
        [SCORE_COLUMN]: `${f.score.toFixed(2)} ${mark(f.score >= GOALS.score)}`,
        'FCP s': (f.fcpMs / 1000).toFixed(2),
        [`LCP s (≤ ${GOALS.lcpMs / 1000})`]: `${(f.lcpMs / 1000).toFixed(2)} ${mark(f.lcpMs <= GOALS.lcpMs)}`,
        [`CLS (${GOALS.cls})`]: `${f.cls.toFixed(3)} ${mark(f.cls <= GOALS.cls)}`,
        [`TBT ms (≤ ${GOALS.tbtMs})`]: `${Math.round(f.tbtMs)} ${mark(f.tbtMs <= GOALS.tbtMs)}`,
        'TBT of the runs': `${Math.min(...tbts)}–${Math.max(...tbts)}`,
        runs: `${runs.length} of ${RUNS}`,
      };
    });
    console.log(
      `\nPage speed, Lighthouse mobile (simulated slow 4G, 4× CPU), as a visitor, each figure the median of the page's runs:`,
    );
    console.table(rows);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
