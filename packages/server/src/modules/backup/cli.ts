// npm run backup: an online backup of the embedded SQLite into BACKUP_DIR (default DATA_DIR/backups) while the
// server runs. npm run restore -- <backup file>: puts one back, with the server stopped (docs/operations.md).
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { backupSqlite, restoreSqlite, sqliteFileIn } from './backup.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, file] = process.argv.slice(2);
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail((err as Error).message);
}
if (config.databaseUrl) {
  fail('DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump, or base backups with WAL archiving).');
}
const sqliteFile = sqliteFileIn(config.dataDir);
// Documents on disk are files beside the database; in the database they are in the backup already.
const uploadsDir = config.uploadStorage === 'disk' ? path.join(config.dataDir, 'uploads') : undefined;

try {
  if (command === 'backup') {
    const result = await backupSqlite({ sqliteFile, outDir: config.backupDir, uploadsDir });
    console.log(
      `backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${result.ms} ms, integrity ok` +
        `${uploadsDir ? `, ${result.uploadsCopied} new upload files copied` : ''})`,
    );
  } else if (command === 'restore') {
    if (!file) fail('Usage: npm run restore -- <backup file> (the server must be stopped)');
    const result = restoreSqlite({ backupFile: path.resolve(file), sqliteFile, uploadsDir });
    console.log(
      `restored ${path.resolve(file)} to ${sqliteFile}` +
        `${result.previous ? `; the replaced database is kept as ${result.previous}` : ''}` +
        `${uploadsDir ? `; ${result.uploadsCopied} upload files put back` : ''}. Start the server now.`,
    );
  } else {
    fail('Usage: npm run backup | npm run restore -- <backup file>');
  }
} catch (err) {
  fail(`${command} failed: ${(err as Error).message}`);
}
