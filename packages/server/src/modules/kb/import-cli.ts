// npm run kb:import [folder] [--check]: loads a content folder into the configured database
// (DATABASE_URL, or the embedded SQLite in DATA_DIR). --check validates and reports without writing.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { formatImportResult, importKnowledgeBase } from './importer.ts';

const args = process.argv.slice(2);
const dryRun = args.includes('--check');
const folder = path.resolve(args.find((a) => !a.startsWith('--')) ?? loadConfig().kbContentDir);

const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  schema: config.databaseSchema,
  sqliteFile: path.join(config.dataDir, 'selfserve.db'),
});
try {
  await migrateToLatest(database.db, config.databaseSchema);
  const result = await importKnowledgeBase(database.db, folder, { dryRun });
  console.log(`${dryRun ? '[check only] ' : ''}${folder}`);
  console.log(formatImportResult(result));
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
