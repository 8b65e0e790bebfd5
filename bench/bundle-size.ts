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
  const sizes = files.map((file) => ({ file, kb: gzipKb(path.join(distDir, file)) }));
  // The total of the exact sizes: rounded rows can add up to less than the files are.
  const totalKb = sizes.reduce((n, s) => n + s.kb, 0);
  return { rows: sizes.map(({ file, kb }) => ({ file, 'gzip KB': Number(kb.toFixed(1)) })), totalKb };
}

/**
 * Each language's file as a reader downloads it before the first render (docs/i18n.md): not part of the first page
 * above, which is the same for every reader, and exactly one of them loads. English is its labels and the contract's
 * catalogue (the `english` chunk and the `messages` chunk it imports); every other language is one chunk.
 */
export function languageFiles(distDir: string): { language: string; 'gzip KB': number }[] {
  const assets = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const chunk = (prefix: string) => assets.filter((f) => f.startsWith(`${prefix}-`));
  const sizeOf = (files: string[]) => files.reduce((n, f) => n + gzipKb(path.join(distDir, 'assets', f)), 0);
  return ['en', 'hi', 'kn', 'ta', 'te', 'fr', 'nl'].map((language) => ({
    language,
    'gzip KB': Number(
      sizeOf(language === 'en' ? [...chunk('english'), ...chunk('messages')] : chunk(language)).toFixed(1),
    ),
  }));
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
    `total ${totalKb.toFixed(2)} KB against a budget of ${BUDGET_KB} KB (${((totalKb / BUDGET_KB) * 100).toFixed(0)}%)`,
  );
  const languages = languageFiles(distDir);
  console.log("Plus the reader's language, one file each (gzip -9):");
  console.table(languages);
  const english = languages.find((l) => l.language === 'en')?.['gzip KB'] ?? 0;
  console.log(`an English reader's first page with its language: ${(totalKb + english).toFixed(1)} KB`);
  console.log(
    `critical HTML + CSS ${criticalHtmlCss(distDir).toFixed(1)} KB gzip against a budget of ${CRITICAL_BUDGET_KB} KB`,
  );
}
