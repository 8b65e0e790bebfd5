import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * A package's tests as vitest projects. Test files share their worker's modules (`isolate: false`): importing the
 * whole server or app afresh for every file was most of the run (the server's imports 160 s of 207 s on SQLite: 3.5 →
 * 1.3 min without; docs/performance.md). Each file still builds its own app, database and DOM (web/test/setup.ts
 * empties the document and the storage before each file).
 *
 * A file that replaces a module with `vi.mock` needs that module's first import: in a worker that already imported
 * it for an earlier file, the mock would not take. Such files are found here and run isolated, in a project of their
 * own ("<name> (module mocks)").
 */
function projects(
  name: string,
  test: TestProjectInlineConfiguration['test'] & { root: string; include: string[] },
  plugins: TestProjectInlineConfiguration['plugins'] = [],
): TestProjectInlineConfiguration[] {
  const dir = path.join(import.meta.dirname, test.root);
  const mocking = fs
    .readdirSync(path.join(dir, 'test'), { recursive: true, encoding: 'utf8' })
    .map((file) => `test/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(path.join(dir, file), 'utf8')));
  const shared = { plugins, test: { ...test, name, exclude: mocking, isolate: false } };
  if (mocking.length === 0) return [shared];
  return [shared, { plugins, test: { ...test, name: `${name} (module mocks)`, include: mocking } }];
}

/** One `vitest run` for every package; each keeps its tests in its own `test/` folder. */
export default defineConfig({
  test: {
    // A worker per core (vitest's default leaves one idle: a single worker on CI's two cores). The server tests spend
    // much of their time waiting on PostgreSQL, Redis and timers, so two workers took the suite from 7.9 to 5.6 min.
    maxWorkers: os.availableParallelism(),
    projects: [
      ...projects('contract', { root: 'packages/contract', environment: 'node', include: ['test/**/*.test.ts'] }),
      ...projects('server', {
        root: 'packages/server',
        environment: 'node',
        include: ['test/**/*.test.ts'],
        testTimeout: 30000,
      }),
      ...projects(
        'web',
        {
          root: 'packages/web',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          setupFiles: ['@testing-library/jest-dom/vitest', './test/setup.ts'],
        },
        [react()],
      ),
    ],
  },
});
