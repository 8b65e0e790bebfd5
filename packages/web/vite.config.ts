import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (packages/server) in development; it serves the built app itself in production.
const apiTarget = 'http://localhost:8080';
// Infinite lists and mutations are used by some pages only (the header's sign-out and language picker are plain
// calls): TanStack's observers for them stay in those pages' chunks.
const firstPageLibraries =
  /[\\/]node_modules[\\/]((react|react-dom|scheduler|react-router)[\\/]|@tanstack[\\/](?!.*([iI]nfiniteQuery(Observer)?|[mM]utation(Observer)?)\.js))/;

// React Router 7's package exports name only its development build (warnings and checks included, ~10 KB gzip
// more); a production build ships beside it, and the app's build uses that one.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The server's render of the public pages (docs/ssr.md): `vite build --ssr src/entry-server.tsx` writes it beside the
// browser's build, never inside dist/ (which is served). npm dependencies stay external; the contract is TypeScript
// source, so it is compiled in.
const ssrBuild = {
  outDir: 'dist-server',
  copyPublicDir: false,
  emptyOutDir: true,
  sourcemap: true,
  target: 'node20',
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  ssr: { noExternal: ['@selfserve/contract'] },
  // @selfserve/contract exports its TypeScript source (./src/index.ts); Vite compiles it like our own files.
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        target: 'es2022',
        // The server render reads which chunks and CSS a page's module needs, to name them in the page's head.
        manifest: true,
        // Every browser we serve has native modulepreload; the polyfill would cost first-page bytes.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The SPA's page (index.html) and the first script of a server-rendered page (src/boot.ts, docs/ssr.md).
          input: {
            index: path.resolve(import.meta.dirname, 'index.html'),
            boot: path.resolve(import.meta.dirname, 'src/boot.ts'),
          },
          output: {
            // Seven hash characters (the fewest rolldown accepts for this many chunks) are plenty, and every lazy page's chunk and style sheet is
            // named in the first page's preload table: one character fewer each is about 0.1 KB of it (gzip).
            entryFileNames: 'assets/[name]-[hash:7].js',
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
            codeSplitting: {
              // The libraries every page needs change rarely: one long-cached chunk. Page-only libraries
              // (react-hook-form, zod) are not listed and stay in the lazy chunks of the pages using them.
              groups: [
                { name: 'framework', test: firstPageLibraries, priority: 2 },
                {
                  name: 'shell',
                  test: /(contract[\\/]src[\\/](constants|message-render|navigation|entry-modes|booking-paths|languages|api-paths|invalid-token)\.ts|web[\\/]src[\\/]lib[\\/](i18n|api-client|session|config)\.ts|vite[\\/]preload-helper\.js|rolldown[\\/]runtime\.js)$/,
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/user_tracking': { target: apiTarget, changeOrigin: false },
      '/driver/ss': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/user_tracking': { target: apiTarget, changeOrigin: false },
      '/driver/ss': { target: apiTarget, changeOrigin: false },
    },
  },
}));
