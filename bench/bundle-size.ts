// First-page JavaScript: the entry script and every chunk index.html preloads, gzipped (DESIGN.md budget).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 120;

export function firstPageJs(distDir: string) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const rows = files.map((file) => {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
    return { file, 'gzip KB': Number((gz / 1024).toFixed(1)) };
  });
  const totalKb = rows.reduce((n, r) => n + r['gzip KB'], 0);
  return { rows, totalKb };
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
}
