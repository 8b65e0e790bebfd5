// Page speed (DESIGN.md: Lighthouse mobile performance ≥ 95, LCP ≤ 1.8 s) of the first pages, on the built server
// in its own process with the demo data. Lighthouse comes from the npm registry on first use (npx) and drives the
// same Chromium as the browser tests; its mobile preset simulates a slow 4G network and a 4× slower CPU.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, hasBuild, serverMain, startBuiltServer } from './built-server.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2'; // the last major that runs on Node 20
const PAGES = ['/home', '/kb', '/login'];
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

function lighthouse(url: string, out: string): LighthouseReport {
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

async function main() {
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
      const report = lighthouse(`http://127.0.0.1:${port}${page}`, path.join(dir, 'report.json'));
      const a = report.audits;
      return {
        page,
        score: Math.round(report.categories.performance.score * 100),
        'FCP s': ((a['first-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(1),
        'LCP s': ((a['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(1),
        'TBT ms': Math.round(a['total-blocking-time']?.numericValue ?? 0),
        CLS: (a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      };
    });
    console.log('\nPage speed, Lighthouse mobile (simulated slow 4G, 4× CPU), as a visitor:');
    console.table(rows);
    console.log('budget: score ≥ 95, LCP ≤ 1.8 s');
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
