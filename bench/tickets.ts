// Tickets benchmark: ticket creation through POST /api/v1/ticket by 50 concurrent signed-in clients on
// SQLite, each submit with its own idempotency key; then checks that every 2xx left exactly one row.
import crypto from 'node:crypto';
import { CSRF_HEADER, ticketPaths } from '@selfserve/contract';
import autocannon, { type Request } from 'autocannon';
import { signIn, startBenchServer } from './lib.ts';

const CONNECTIONS = 50;
// A fixed number of submits (not a duration), so every answer is in before the rows are counted.
const SUBMITS = Number(process.env.BENCH_TICKETS ?? 10_000);
const VERIFIED_CUSTOMERS = [
  'riya.customer@example.in',
  'arjun.select@example.in',
  'meera.trial@example.in',
  'kabir.expired@example.in',
];

async function main() {
  // The bench is 4 users on one address sending thousands: the per-user and per-address limits are lifted.
  const server = await startBenchServer('tickets', { ticketRateLimit: { perUser: 1e9, perIp: 1e9 } });
  const { base, database } = server;
  const sessions = await Promise.all(VERIFIED_CUSTOMERS.map((email) => signIn(server.app, email)));
  const countTickets = async () =>
    Number(
      (
        await database.db
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await countTickets();

  let n = 0;
  const r = await autocannon({
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
  });
  const created = (await countTickets()) - before;
  const seconds = r.duration;
  console.log(`\nTickets: ${SUBMITS} submits by ${CONNECTIONS} concurrent clients in ${seconds.toFixed(1)} s, SQLite`);
  console.table([
    {
      'created/s': Math.round(created / seconds),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      '2xx': r['2xx'],
      'rows written': created,
      'non-2xx': r.non2xx,
      errors: r.errors,
    },
  ]);
  console.log(
    created === r['2xx']
      ? 'every 2xx answer left exactly one ticket'
      : `MISMATCH: ${r['2xx']} answers, ${created} rows`,
  );
  await server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
