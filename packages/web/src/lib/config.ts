/**
 * How long a call may take before the page says it timed out and offers a retry (core.md §8), instead of an endless
 * loader. Build-time, VITE_REQUEST_TIMEOUT_MS; 15 s by default.
 */
export const requestTimeoutMs: number = Number(import.meta.env.VITE_REQUEST_TIMEOUT_MS) || 15_000;

/**
 * zod parses without its JIT in the browser. The page's CSP has no 'unsafe-eval', and zod's JIT first probes
 * `new Function`: the browser refuses it and reports a CSP violation even though zod catches the refusal and parses
 * the slower way anyway (docs/security.md "Headers"). Set on zod's own global config object, so it holds whichever
 * module loads first; not on the server, where the JIT is allowed and faster.
 */
if (typeof document !== 'undefined') {
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  zodGlobal.__zod_globalConfig ??= {};
  zodGlobal.__zod_globalConfig.jitless = true;
}
