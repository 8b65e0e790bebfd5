/**
 * How long a call may take before the page says it timed out and offers a retry (core.md §8), instead of an endless
 * loader. Build-time, VITE_REQUEST_TIMEOUT_MS; 15 s by default.
 */
export const requestTimeoutMs: number = Number(import.meta.env.VITE_REQUEST_TIMEOUT_MS) || 15_000;
