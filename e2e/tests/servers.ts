/**
 * The browser suite's servers: one per Playwright worker, each over a database of its own, so the journeys two
 * workers run side by side never see each other's tickets, chats or article edits (docs/performance.md, session of
 * 2026-11-30, third). Worker n (Playwright's parallel index) has three ports from E2E_PORT + 3n: its app server, the
 * partner page embedding.spec.ts serves (the one origin that server lets frame the app), and the server of its own
 * xss.spec.ts starts.
 */
const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * How many workers, and so servers, the suite runs: E2E_WORKERS, two by default (one journey leaves a core idle while
 * it waits on the browser, the server or the runner).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

export interface WorkerServer {
  baseURL: string;
  port: number;
  /** The partner's origin, allowed to frame this server's pages (FRAME_ANCESTORS). */
  partnerOrigin: string;
  /** A free port for a test's own server. */
  sparePort: number;
}

export function workerServer(parallelIndex: number): WorkerServer {
  const port = E2E_BASE_PORT + 3 * parallelIndex;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    port,
    partnerOrigin: `http://127.0.0.1:${port + 1}`,
    sparePort: port + 2,
  };
}

/** The server of the worker this code runs in (Playwright sets TEST_PARALLEL_INDEX in each worker). */
export function thisWorkersServer(): WorkerServer {
  return workerServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}
