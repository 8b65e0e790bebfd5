import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (packages/server) in development; it serves the built app itself in production.
const apiTarget = 'http://localhost:8080';
const firstPageLibraries =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/;
const contractSource = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** `z.string().trim()` or `userSchema.nullable()`: a zod schema being built. */
function buildsSchema(node: AstNode): boolean {
  let callee: unknown = node.callee;
  while (isNode(callee) && (callee.type === 'MemberExpression' || callee.type === 'CallExpression')) {
    callee = callee.type === 'MemberExpression' ? callee.object : callee.callee;
  }
  return isNode(callee) && callee.type === 'Identifier' && /^z$|Schema$/.test(String(callee.name));
}

/**
 * The contract builds its zod schemas at module top level. A bundler must assume such calls have side
 * effects, so importing one small rule (say `membershipOf`) dragged all of zod into the first page.
 * Schema construction is pure, so top-level schema-building calls are marked `@__PURE__` and unused ones
 * drop out. Function bodies are left alone: there a call such as `schema.parse(x)` may be a real check.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'selfserve:pure-contract-schemas',
    enforce: 'post',
    transform(code, id) {
      if (!contractSource.test(id) || !code.includes('z.')) return null;
      const starts = new Set<number>();
      const visit = (value: unknown): void => {
        if (Array.isArray(value)) {
          for (const item of value) visit(item);
          return;
        }
        if (!isNode(value)) return;
        if (/Function/.test(value.type)) return;
        if (value.type === 'CallExpression' && buildsSchema(value)) starts.add(value.start);
        for (const key of Object.keys(value)) if (key !== 'type') visit(value[key]);
      };
      visit(this.parse(code));
      if (starts.size === 0) return null;
      let out = code;
      for (const start of [...starts].sort((a, b) => b - a)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
      }
      // Insertions stay on their line, so line-level source maps remain right.
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContractSchemas()],
  // @selfserve/contract exports its TypeScript source (./src/index.ts); Vite compiles it like our own files.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Every browser we serve has native modulepreload; the polyfill would cost first-page bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The contract is pure by rule (biome forbids I/O there): a module whose exports are unused can go.
        moduleSideEffects: (id) => (contractSource.test(id) ? false : undefined),
      },
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
