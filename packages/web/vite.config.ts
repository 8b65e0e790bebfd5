import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (packages/server) in development; it serves the built app itself in production.
const apiTarget = 'http://localhost:8080';
const firstPageLibraries =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/;

export default defineConfig({
  plugins: [react()],
  // @selfserve/contract exports its TypeScript source (./src/index.ts); Vite compiles it like our own files.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Every browser we serve has native modulepreload; the polyfill would cost first-page bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page needs change rarely: one long-cached chunk. Page-only libraries
          // (react-hook-form, zod) are not listed and stay in the lazy chunks of the pages using them.
          groups: [{ name: 'framework', test: firstPageLibraries }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/user_tracking': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/user_tracking': { target: apiTarget, changeOrigin: false },
    },
  },
});
