// `npm test`: every suite in turn — contract, server (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set), web components, then the browser journeys against the built app — and one closing line
// "N passed, N failed" summing them all. Exits non-zero if any suite fails or runs no test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let broken = false;

console.log(
  `\n▶ unit, server and component tests (server databases: sqlite${process.env.TEST_DATABASE_URL ? ' + postgres' : ''})`,
);
const vitestJson = path.join(out, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestCode = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // Show that the server suite really ran on each database (test names carry [sqlite] / [postgres]).
  const perDb = { sqlite: 0, postgres: 0 };
  for (const file of v.testResults) {
    for (const t of file.assertionResults) {
      for (const db of Object.keys(perDb)) if (t.status === 'passed' && t.fullName.includes(`[${db}]`)) perDb[db]++;
    }
  }
  console.log(`server tests passed per database: sqlite ${perDb.sqlite}, postgres ${perDb.postgres}`);
}
if (vitestCode !== 0 || !v || v.numTotalTests === 0) broken = true;

console.log('\n▶ building the app for the browser tests');
if (run('npm', ['run', 'build']) !== 0) {
  broken = true;
} else {
  console.log('\n▶ browser tests (Playwright + Chromium)');
  const pwJson = path.join(out, 'playwright.json');
  fs.rmSync(pwJson, { force: true });
  const pwCode = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  const p = readJson(pwJson);
  if (p) {
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
  }
  if (pwCode !== 0 || !p || p.stats.expected + p.stats.unexpected + p.stats.flaky === 0) broken = true;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
