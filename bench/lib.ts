// Shared set-up of the benchmarks: a seeded server on SQLite in a temp folder, a bare Fastify route
// to compare against, and demo sign-in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, CSRF_HEADER } from '@selfserve/contract';
import { buildApp } from '@selfserve/server';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '../packages/server/src/config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { seedDemoData } from '../packages/server/src/db/seed/index.ts';
import { testConfig } from '../packages/server/test/test-config.ts';

export interface BenchServer {
  app: FastifyInstance;
  base: string;
  bareBase: string;
  database: DatabaseHandle;
  dir: string;
  close(): Promise<void>;
}

/** prepare runs after the seed and before the app starts (e.g. a knowledge-base import). */
export async function startBenchServer(
  name: string,
  config: Partial<AppConfig> = {},
  prepare?: (database: DatabaseHandle, dir: string) => Promise<void>,
): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `selfserve-bench-${name}-`));
  const database = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  await prepare?.(database, dir);
  const app = await buildApp(testConfig({ dataDir: dir, ...config }), database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ status: 'SUCCESS' }));
  const bareBase = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
  return {
    app,
    base,
    bareBase,
    database,
    dir,
    async close() {
      await app.close();
      await bare.close();
      await database.close();
      // BENCH_KEEP=1 keeps the folder (database included) for profiling.
      if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in a demo account through the API and answers its cookie header and CSRF token. */
export async function signIn(app: FastifyInstance, email: string): Promise<{ cookie: string; csrf: string }> {
  const session = await app.inject({ method: 'GET', url: apiPaths.session });
  const login = await app.inject({
    method: 'POST',
    url: apiPaths.demoLogin,
    headers: {
      cookie: session.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      [CSRF_HEADER]: session.json().csrf_token,
    },
    payload: { email },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${login.body}`);
  return { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '), csrf: login.json().csrf_token };
}
