// The settings every SQLite connection of the embedded default is opened with (db/database.ts): a file of its own,
// read back through the connection's PRAGMAs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';

describe('SQLite connection settings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-sqlite-settings-'));
  let handle: DatabaseHandle;
  beforeAll(() => {
    handle = openDatabase({ sqliteFile: path.join(dir, 'selfserve.db') });
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    // WAL: readers never wait for the writer.
    ['journal_mode', 'wal'],
    ['synchronous', 1],
    ['foreign_keys', 1],
    ['busy_timeout', 5000],
    // SQLite's own 2 MB, not the 16 MB better-sqlite3 builds it with (docs/performance.md "The database's page cache").
    ['cache_size', -2000],
  ])('%s is %s', async (pragma, expected) => {
    const { rows } = await sql.raw<Record<string, unknown>>(`PRAGMA ${pragma}`).execute(handle.db);
    expect(Object.values(rows[0] ?? {})[0]).toBe(expected);
  });
});
