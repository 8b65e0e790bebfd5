import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** One `vitest run` for every package; each keeps its tests in its own `test/` folder. */
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
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          testTimeout: 30000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'packages/web',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          setupFiles: ['@testing-library/jest-dom/vitest', './test/setup.ts'],
        },
      },
    ],
  },
});
