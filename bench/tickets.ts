// Ticket creation: POST /api/v1/ticket by 50 concurrent signed-in clients, each submit with its own idempotency key,
// against the server in its own process; then the tickets table is counted in the database file (read-only) to check
// that every 2xx left exactly one row.
import crypto from 'node:crypto';
import { CSRF_HEADER, ticketPaths } from '@selfserve/contract';
import autocannon, { type Request } from 'autocannon';
import SQLite from 'better-sqlite3';
import { CONNECTIONS } from './load.ts';

// A fixed number of submits (not a duration), so every answer is in before the rows are counted.
const SUBMITS = Number(process.env.BENCH_TICKETS ?? 10_000);

export interface TicketResult {
  submits: number;
  seconds: number;
  ok: number;
  rows: number;
  createdPerS: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function ticketBench(
  base: string,
  dbFile: string,
  sessions: { cookie: string; csrf: string }[],
): Promise<TicketResult> {
  const database = new SQLite(dbFile, { readonly: true });
  const count = () => (database.prepare('select count(*) as n from tickets').get() as { n: number }).n;
  try {
    const before = count();
    let n = 0;
    // The time to the last answer, measured here: autocannon ends a run with an amount on its next one-second tick and
    // reports that as the duration, which made 5,000 tickets answered in 4.1 s read as 5.0 s (or 6.0 s for 5.1 s).
    const started = performance.now();
    let lastAnswer = started;
    const r = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(
        {
          url: `${base}${ticketPaths.create}`,
          connections: CONNECTIONS,
          amount: SUBMITS,
          method: 'POST',
          requests: [
            {
              setupRequest: (req: Request) => {
                const s = sessions[n++ % sessions.length] as { cookie: string; csrf: string };
                return {
                  ...req,
                  headers: {
                    'content-type': 'application/json',
                    cookie: s.cookie,
                    [CSRF_HEADER]: s.csrf,
                    'idempotency-key': crypto.randomUUID(),
                  },
                  body: JSON.stringify({
                    query: 'The driver asked me to pay extra cash for the toll at the end of the ride',
                  }),
                };
              },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      run.on('response', () => {
        lastAnswer = performance.now();
      });
    });
    const seconds = (lastAnswer - started) / 1000;
    const rows = count() - before;
    return {
      submits: SUBMITS,
      seconds: Math.round(seconds * 100) / 100,
      ok: r['2xx'],
      rows,
      createdPerS: Math.round(rows / seconds),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  } finally {
    database.close();
  }
}
