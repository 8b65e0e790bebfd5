import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** One `vitest run` for every package; each keeps its tests in its own `test/` folder. */
export default defineConfig({
  test: {
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
