// The load generator: autocannon in the bench's own process, 50 connections, a browser's Accept-Encoding, a short
// warm-up (not counted) and then BENCH_SECONDS of load. A path generator gives each request its own path (queries,
// ids, pages).
import autocannon, { type Request } from 'autocannon';

export const CONNECTIONS = 50;
/**
 * What every browser and the app's WebView send: a server may answer compressed (ours sends its kept search and
 * article answers gzip-compressed as they are kept; the peers answer plain JSON whatever is asked).
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = Math.min(2, Math.max(1, Math.round(DURATION_S / 5)));

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** 5xx answers and connection errors: a figure with any is not a clean measurement */
  failed: number;
}

/** One autocannon run with a browser's headers, each request on the path `nextPath` gives. */
function run(
  base: string,
  nextPath: () => string,
  headers: Record<string, string>,
  options: { connections: number; duration: number; overallRate?: number },
) {
  return autocannon({
    url: base,
    ...options,
    headers: { ...BROWSER_HEADERS, ...headers },
    requests: [{ setupRequest: (req: Request) => ({ ...req, path: nextPath() }) }],
  });
}

export async function load(
  name: string,
  base: string,
  nextPath: () => string,
  headers: Record<string, string> = {},
  { warmup = true, connections = CONNECTIONS } = {},
): Promise<LoadResult> {
  const once = (duration: number) => run(base, nextPath, headers, { connections, duration });
  if (warmup) await once(WARMUP_S);
  const r = await once(DURATION_S);
  const failed = r.errors + r['5xx'];
  if (failed > 0) console.warn(`${name}: ${r.errors} errors, ${r['5xx']} 5xx (an overloaded server answers 503)`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, failed };
}

/**
 * A process's CPU time per request (the server's or a peer's) under a load at a fixed rate (`rate` requests a second,
 * below what either side saturates at on a slow machine), after a second's warm-up: what a request costs the process
 * itself, whatever share of the two cores the load generator took meanwhile. CPU time is read in clock ticks (10 ms), so a run of
 * DURATION_S seconds gives it to ~1%.
 */
export async function cpuPerRequest(
  proc: { base: string; cpuMs(): number },
  nextPath: () => string,
  rate: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const once = (duration: number) =>
    run(proc.base, nextPath, headers, { connections: 20, duration, overallRate: rate });
  await once(1);
  const before = proc.cpuMs();
  const r = await once(DURATION_S);
  return ((proc.cpuMs() - before) * 1000) / r.requests.total;
}
