import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The test files under `dir` that replace a module with `vi.mock`. A worker that runs files one after another keeps
 * the modules the first file imported, so a later file's mock would not take: these files run isolated.
 */
function filesWithModuleMocks(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => `test/${file}`);
}
const webMocking = filesWithModuleMocks(path.join(import.meta.dirname, 'packages/web/test'));

/**
 * One `vitest run` for every package; each keeps its tests in its own `test/` folder.
 *
 * Test files share their worker's modules (`isolate: false`): importing the whole server or app afresh for every file
 * was most of the run (import 160 s of the server's 207 s on SQLite; 3.5 → 1.3 min without it). Each file still builds
 * its own app, database and DOM; web/test/setup.ts empties the document and the storage between files.
 */
const web = {
  root: 'packages/web',
  environment: 'jsdom',
  setupFiles: ['@testing-library/jest-dom/vitest', './test/setup.ts'],
} as const;

export default defineConfig({
  test: {
    // A worker per core (vitest's default leaves one idle: a single worker on CI's two cores). The server tests spend
    // much of their time waiting on PostgreSQL, Redis and timers, so two workers took the suite from 7.9 to 5.6 min.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          testTimeout: 30000,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          ...web,
          name: 'web',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: webMocking,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { ...web, name: 'web (module mocks)', include: webMocking },
      },
    ],
  },
});
