import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Online backup and restore of the embedded SQLite database (docs/operations.md "Backup and restore").
 * PostgreSQL deployments use the database's own tools (pg_dump / base backups), not this.
 */

/** The embedded database's file under DATA_DIR (main.ts opens the same). */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'selfserve.db');
}

/** 2026-11-25T01-02-03-456Z: sortable, and valid in a file name everywhere. */
function stamp(at = new Date()): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

function integrityOf(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** upload files copied this time (UPLOAD_STORAGE=disk); earlier ones are in the folder already */
  uploadsCopied: number;
}

/**
 * Copies the live database to `<outDir>/selfserve-<UTC time>.db` while the server keeps running: SQLite's online
 * backup reads one consistent snapshot (a read transaction; in WAL mode writers go on meanwhile). The copy is
 * written under a temporary name, checked (integrity_check), made a standalone file (rollback journal, not WAL)
 * and only then renamed, so a file with the final name is always a whole, sound backup.
 */
export async function backupSqlite(opts: {
  sqliteFile: string;
  outDir: string;
  uploadsDir?: string;
}): Promise<BackupResult> {
  const started = performance.now();
  if (!fs.existsSync(opts.sqliteFile)) throw new Error(`No database at ${opts.sqliteFile} (is DATA_DIR right?)`);
  fs.mkdirSync(opts.outDir, { recursive: true });
  const name = `selfserve-${stamp()}.db`;
  const partial = path.join(opts.outDir, `.${name}.partial`);
  const file = path.join(opts.outDir, name);
  const source = new SQLite(opts.sqliteFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every remaining page in one step: a write by the server between steps would make SQLite start over, and under
    // steady writes a page-by-page copy might never finish.
    await source.backup(partial, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    source.close();
  }
  try {
    const copy = new SQLite(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const integrity = integrityOf(partial);
    if (integrity !== 'ok') throw new Error(`The backup copy failed its integrity check: ${integrity}`);
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  const uploadsCopied = opts.uploadsDir ? mirrorNewFiles(opts.uploadsDir, path.join(opts.outDir, 'uploads')) : 0;
  return { file, bytes: fs.statSync(file).size, ms: Math.round(performance.now() - started), uploadsCopied };
}

/**
 * Uploaded documents on disk are written once under a random key and never changed, so the files the other folder
 * lacks are all that need copying (both ways: backup and restore).
 */
function mirrorNewFiles(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let copied = 0;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(source, target);
    copied++;
  }
  return copied;
}

export interface RestoreResult {
  /** where the database that was replaced now is (kept, never deleted) */
  previous: string | null;
  uploadsCopied: number;
}

/**
 * Puts a backup in place of the database. The server must be stopped: a connection still open is detected (the
 * exclusive lock is refused) and the restore refused. The replaced database and its WAL are kept beside it as
 * `selfserve.db.before-restore-<time>`.
 */
export function restoreSqlite(opts: { backupFile: string; sqliteFile: string; uploadsDir?: string }): RestoreResult {
  if (!fs.existsSync(opts.backupFile)) throw new Error(`No backup at ${opts.backupFile}`);
  const integrity = integrityOf(opts.backupFile);
  if (integrity !== 'ok') throw new Error(`The backup failed its integrity check: ${integrity}`);
  let previous: string | null = null;
  if (fs.existsSync(opts.sqliteFile)) {
    assertNotInUse(opts.sqliteFile);
    previous = `${opts.sqliteFile}.before-restore-${stamp()}`;
    // The WAL belongs to the replaced file: left in place, SQLite would replay it into the restored one.
    for (const suffix of ['-wal', '-shm']) {
      const side = `${opts.sqliteFile}${suffix}`;
      if (fs.existsSync(side)) fs.renameSync(side, `${previous}${suffix}`);
    }
    fs.renameSync(opts.sqliteFile, previous);
  }
  fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const partial = `${opts.sqliteFile}.restoring`;
  fs.copyFileSync(opts.backupFile, partial);
  fs.renameSync(partial, opts.sqliteFile);
  const backupUploads = path.join(path.dirname(opts.backupFile), 'uploads');
  const uploadsCopied = opts.uploadsDir ? mirrorNewFiles(backupUploads, opts.uploadsDir) : 0;
  return { previous, uploadsCopied };
}

/** A running server keeps its connection open; then the exclusive lock is refused at once. */
function assertNotInUse(file: string): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch {
    throw new Error(`${file} is in use: stop the server before restoring`);
  } finally {
    db.close();
  }
}
