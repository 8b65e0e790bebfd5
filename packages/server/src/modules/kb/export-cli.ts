// npm run kb:export [folder]: writes what was published in the agent console back to the content folder (default
// KB_CONTENT_DIR, content/kb, and its -i18n sibling), so `npm run kb:import` keeps seeding the same knowledge base.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { exportKnowledgeBase } from './export.ts';

const config = loadConfig();
const folder = path.resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? config.kbContentDir);
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  schema: config.databaseSchema,
  sqliteFile: path.join(config.dataDir, 'selfserve.db'),
});
try {
  await migrateToLatest(database.db, config.databaseSchema);
  const result = await exportKnowledgeBase(database.db, folder);
  console.log(folder);
  console.log(
    `Knowledge base export: ${result.written.length} written, ${result.removed.length} removed, ${result.unchanged} unchanged`,
  );
  for (const file of result.written) console.log(`  wrote   ${path.relative(process.cwd(), file)}`);
  for (const file of result.removed) console.log(`  removed ${path.relative(process.cwd(), file)}`);
} finally {
  await database.close();
}
