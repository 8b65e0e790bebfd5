import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { operationsPaths } from '@selfserve/contract';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { sqliteFileIn } from '../src/modules/backup/backup.ts';
import { METRICS_PATH } from '../src/plugins/metrics.ts';
import { testConfig } from './test-config.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'packages/server/src/modules/backup/cli.ts');

/** Runs the CLI as `npm run backup` / `npm run restore` do, in its own process, with this DATA_DIR. */
function runCli(args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40) },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

function rows(file: string, query: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return Number((db.prepare(query).get() as { n: number }).n);
  } finally {
    db.close();
  }
}

describe('backup and restore of the embedded SQLite', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-backup-'));
    database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    // Pairs of rows written in one transaction each: a consistent copy never holds half a pair.
    await sql`create table backup_probe (pair integer not null, half integer not null)`.execute(database.db);
    // An uploaded document on disk (UPLOAD_STORAGE=disk, the SQLite default): a file beside the database.
    fs.mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'ab', 'abcdef0123'), 'document bytes');
  });
  afterAll(async () => {
    await database.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let backupFile = '';
  let pairsInBackup = 0;

  it('backs up while the server writes: a whole, consistent copy, and the writes go on', async () => {
    const app = await buildApp(testConfig({ dataDir, metricsToken: 'metrics-token-0123456789' }), database);
    await app.ready();
    let pair = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await database.db.transaction().execute(async (trx) => {
          pair++;
          await trx
            .insertInto('backup_probe' as never)
            .values([
              { pair, half: 0 },
              { pair, half: 1 },
            ] as never)
            .execute();
        });
        await new Promise((r) => setImmediate(r));
      }
    })();
    try {
      await new Promise((r) => setTimeout(r, 200));
      const before = pair;
      const result = await runCli(['backup'], dataDir);
      const after = pair;
      writing = false;
      await writer;
      expect(result.code, result.out).toBe(0);
      expect(result.out).toMatch(
        /backup written: .*selfserve-\d{4}-\d\d-\d\dT[\d-]+Z\.db \(.* MB in \d+ ms, integrity ok/,
      );
      expect(result.out).toContain('1 new upload files copied');
      expect(fs.readFileSync(path.join(dataDir, 'backups', 'uploads', 'ab', 'abcdef0123'), 'utf8')).toBe(
        'document bytes',
      );
      // The server went on writing while the copy was made.
      expect(after).toBeGreaterThan(before);

      const files = fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f !== 'uploads');
      expect(files.filter((f) => f.endsWith('.db'))).toHaveLength(1);
      expect(files.filter((f) => f.includes('partial'))).toHaveLength(0);
      backupFile = path.join(dataDir, 'backups', files.find((f) => f.endsWith('.db')) as string);
      // A standalone file: no WAL beside it is needed to read it.
      expect(fs.existsSync(`${backupFile}-wal`)).toBe(false);
      const halves = rows(backupFile, 'select count(*) as n from backup_probe');
      pairsInBackup = halves / 2;
      expect(halves % 2).toBe(0);
      expect(
        rows(
          backupFile,
          'select count(*) as n from (select pair from backup_probe group by pair having count(*) <> 2)',
        ),
      ).toBe(0);
      expect(pairsInBackup).toBeGreaterThanOrEqual(before);
      expect(pairsInBackup).toBeLessThanOrEqual(after);
      expect(rows(backupFile, "select count(*) as n from users where email = 'riya.customer@example.in'")).toBe(1);

      // The SQLite file and its WAL are metrics of a file-backed database.
      const metrics = await app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(Number(metrics.body.match(/db_sqlite_file_bytes\{file="main"\} (\d+)/)?.[1])).toBeGreaterThan(0);
    } finally {
      writing = false;
      await writer;
      await app.close();
    }
  });

  it('refuses to restore while the database is open, then restores with the server stopped', async () => {
    expect(backupFile).not.toBe('');
    const refused = await runCli(['restore', backupFile], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('in use: stop the server before restoring');

    const liveRows = Number(
      (await sql<{ n: number }>`select count(*) as n from backup_probe`.execute(database.db)).rows[0]?.n,
    );
    expect(liveRows / 2).toBeGreaterThan(pairsInBackup);
    await database.close();
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true });

    const restored = await runCli(['restore', backupFile], dataDir);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain('the replaced database is kept as');
    const kept = fs.readdirSync(dataDir).filter((f) => f.startsWith('selfserve.db.before-restore-'));
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'ab', 'abcdef0123'), 'utf8')).toBe('document bytes');

    // Start again on the restored file: the backup's data, and a ready server.
    database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    const back = Number(
      (await sql<{ n: number }>`select count(*) as n from backup_probe`.execute(database.db)).rows[0]?.n,
    );
    expect(back).toBe(pairsInBackup * 2);
    const riya = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'riya.customer@example.in')
      .executeTakeFirst();
    expect(riya?.id).toBe('u_customer_in');
    const app = await buildApp(testConfig({ dataDir }), database);
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: operationsPaths.ready })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('says what is wrong instead of failing silently', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-backup-empty-'));
    try {
      const none = await runCli(['backup'], empty);
      expect(none.code).toBe(1);
      expect(none.out).toContain('No database at');
      const bad = path.join(empty, 'not-a-backup.db');
      fs.writeFileSync(bad, 'this is not a database');
      const restore = await runCli(['restore', bad], empty);
      expect(restore.code).toBe(1);
      expect(restore.out).toMatch(/restore failed/);
      expect(fs.existsSync(sqliteFileIn(empty))).toBe(false);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
