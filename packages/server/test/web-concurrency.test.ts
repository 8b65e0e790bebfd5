import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

// WEB_CONCURRENCY (main.ts, docs/performance.md): worker processes of one server, 1 unless set.
describe('WEB_CONCURRENCY', () => {
  it('is 1 by default, takes a count, and refuses 0 or a word', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).webConcurrency).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('refuses to start more than one worker without Redis, before touching any data', () => {
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-workers-'));
    const { REDIS_URL: _redis, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...env,
        WEB_CONCURRENCY: '2',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'x'.repeat(32),
        CAPTCHA_SECRET: 'y'.repeat(32),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('WEB_CONCURRENCY above 1 needs REDIS_URL');
    // Nothing was migrated or seeded: no database file.
    expect(fs.existsSync(path.join(dataDir, 'selfserve.db'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
