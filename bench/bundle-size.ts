// First-page JavaScript: the entry script and every chunk index.html preloads, gzipped (DESIGN.md budget).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 120;
const CRITICAL_BUDGET_KB = 14;

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

export function firstPageJs(distDir: string) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const rows = files.map((file) => {
    return { file, 'gzip KB': Number(gzipKb(path.join(distDir, file)).toFixed(1)) };
  });
  const totalKb = rows.reduce((n, r) => n + r['gzip KB'], 0);
  return { rows, totalKb };
}

/** The HTML and the stylesheets it links: what the browser needs before the first paint. */
export function criticalHtmlCss(distDir: string): number {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/?(assets\/[^"]+\.css)"/g)].map(
    (m) => m[1] as string,
  );
  return gzipKb(path.join(distDir, 'index.html')) + sheets.reduce((n, f) => n + gzipKb(path.join(distDir, f)), 0);
}

export function printBundleSize(distDir: string) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.log(`bundle size: no build at ${distDir} (run npm run build first)`);
    return;
  }
  const { rows, totalKb } = firstPageJs(distDir);
  console.log('\nFirst-page JavaScript (gzip -9):');
  console.table(rows);
  console.log(
    `total ${totalKb.toFixed(1)} KB against a budget of ${BUDGET_KB} KB (${((totalKb / BUDGET_KB) * 100).toFixed(0)}%)`,
  );
  console.log(
    `critical HTML + CSS ${criticalHtmlCss(distDir).toFixed(1)} KB gzip against a budget of ${CRITICAL_BUDGET_KB} KB`,
  );
}
