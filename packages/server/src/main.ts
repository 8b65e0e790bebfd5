import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed/index.ts';
import { formatImportResult, seedKnowledgeBase } from './modules/kb/importer.ts';
import { listDemoAccounts } from './modules/users/repo.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteFile: path.join(config.dataDir, 'selfserve.db'),
    poolSize: config.databasePoolSize,
  });
  await migrateToLatest(database.db, config.databaseSchema);
  if (config.seedDemoData) {
    await seedDemoData(database.db, { anchor: config.seedAnchor });
    // The demo knowledge base is imported once, on first start; later changes go through kb:import.
    const kb = await seedKnowledgeBase(database.db, database.dialect, config.kbContentDir);
    if (kb) console.log(formatImportResult(kb));
  }

  const app = await buildApp(config, database);
  app.addHook('onClose', async () => {
    await database.close();
  });

  // Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Selfserve help centre is running at ${url}`,
    `  database: ${database.dialect === 'sqlite' ? path.join(config.dataDir, 'selfserve.db') : 'PostgreSQL (DATABASE_URL)'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.demoMode) {
    const accounts = await listDemoAccounts(database.db);
    lines.push(`  demo accounts (sign in at ${url}/login):`);
    for (const a of accounts)
      lines.push(`    ${a.email.padEnd(32)} ${a.role.padEnd(20)} ${a.country_code}  ${a.demo_description ?? ''}`);
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
