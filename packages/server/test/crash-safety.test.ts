// Crash safety (issue 20 item 4, docs/operations.md "Crash safety"): the server as a real process, killed with
// SIGKILL in the middle of a ticket-creation load and started again on the same data; and a SIGTERM that lets the
// requests in flight finish.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, CSRF_HEADER, ticketPaths } from '@selfserve/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type DialectName, openDatabase } from '../src/db/database.ts';
import {
  type ChildServer,
  childEnv,
  type HttpSession,
  killChild,
  postgresSchema,
  signInOver,
  startChildServer,
} from './child-server.ts';
import { accounts, testDatabases } from './helpers.ts';

const CLIENTS = [accounts.customer, accounts.paidMember, accounts.trialMember, accounts.expiredMember];
/** concurrent submitters, each with its own idempotency key per submit */
const CONCURRENCY = 32;
/** the kill comes once this many tickets have been acknowledged */
const KILL_AFTER = 150;
const PORTS: Record<DialectName, number> = { sqlite: 9410, postgres: 9411 };
const SIGTERM_PORTS: Record<DialectName, number> = { sqlite: 9412, postgres: 9413 };
const QUERY = 'The driver asked me to pay extra cash for the toll at the end of the ride';

interface Submit {
  key: string;
  userId: string;
  session: HttpSession;
}

async function submit(base: string, s: Submit): Promise<{ status: number; ticketId?: string; requestStatus?: string }> {
  const res = await fetch(`${base}${ticketPaths.create}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: s.session.cookie,
      [CSRF_HEADER]: s.session.csrf,
      'idempotency-key': s.key,
    },
    body: JSON.stringify({ query: QUERY }),
  });
  const body = (await res.json().catch(() => ({}))) as { ticket_id?: string; request_status?: string };
  return { status: res.status, ticketId: body.ticket_id, requestStatus: body.request_status };
}

/** An environment for one database: a data folder (SQLite's file, the captcha secret), PostgreSQL's own schema. */
async function environment(dialect: DialectName) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-crash-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgSchema = dialect === 'postgres' && pgUrl ? await postgresSchema(pgUrl) : null;
  const env = childEnv({
    DATA_DIR: dir,
    // the load is four users on one address: the creation limits are proven elsewhere (two-instances.test.ts)
    TICKET_RATE_LIMIT_PER_USER: '1000000',
    TICKET_RATE_LIMIT_PER_IP: '1000000',
    SIGN_IN_RATE_LIMIT: '1000',
    ...(pgSchema && pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: pgSchema.schema, DATABASE_POOL_SIZE: '10' } : {}),
  });
  const open = (): DatabaseHandle =>
    pgSchema && pgUrl
      ? openDatabase({ databaseUrl: pgUrl, schema: pgSchema.schema, poolSize: 2 })
      : openDatabase({ sqliteFile: path.join(dir, 'selfserve.db') });
  return {
    env,
    open,
    async dispose() {
      await pgSchema?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(testDatabases)('crash safety [%s]', (dialect) => {
  const servers: ChildServer[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const s of servers) await killChild(s);
    for (const c of cleanups) await c();
  });

  it('SIGKILL in the middle of a ticket load: every acknowledged ticket is there exactly once after a restart, and its retry answers it', async () => {
    const e = await environment(dialect);
    cleanups.push(e.dispose);
    let server = await startChildServer(PORTS[dialect], e.env);
    servers.push(server);
    const base = server.base;
    const sessions = await Promise.all(CLIENTS.map((email) => signInOver(base, email)));
    const userIds = await (async () => {
      const h = e.open();
      try {
        const rows = await h.db.selectFrom('users').select(['id', 'email']).where('email', 'in', CLIENTS).execute();
        return CLIENTS.map((email) => rows.find((r) => r.email === email)?.id ?? '');
      } finally {
        await h.close();
      }
    })();

    const acknowledged = new Map<string, { submit: Submit; ticketId: string }>();
    const unanswered: Submit[] = [];
    const refused: number[] = [];
    let n = 0;
    let killed = false;
    const worker = async () => {
      while (true) {
        const i = n++;
        const s: Submit = {
          key: crypto.randomUUID(),
          userId: userIds[i % CLIENTS.length] ?? '',
          session: sessions[i % CLIENTS.length] as HttpSession,
        };
        try {
          const r = await submit(base, s);
          if (r.status === 200 && r.ticketId) acknowledged.set(s.key, { submit: s, ticketId: r.ticketId });
          else refused.push(r.status);
        } catch {
          // the connection died with the server: no answer, so this ticket may or may not exist
          unanswered.push(s);
          return;
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const death = await server.exited;
    expect(death.signal).toBe('SIGKILL');
    expect(refused, 'no submit before the kill was refused').toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // The same data, a new process.
    server = await startChildServer(PORTS[dialect], e.env);
    servers.push(server);
    const h = e.open();
    try {
      const rowsOf = async () => {
        const rows = await h.db
          .selectFrom('tickets')
          .select(['ticket_id', 'idempotency_key'])
          .where('idempotency_key', 'is not', null)
          .execute();
        const byKey = new Map<string, string[]>();
        for (const r of rows)
          byKey.set(r.idempotency_key ?? '', [...(byKey.get(r.idempotency_key ?? '') ?? []), r.ticket_id]);
        return byKey;
      };
      const before = await rowsOf();
      for (const [key, { submit: s, ticketId }] of acknowledged) {
        expect(before.get(`${s.userId}:${key}`), `acknowledged ticket ${ticketId}`).toEqual([ticketId]);
      }
      // An in-flight submit left at most one ticket, never half of one.
      for (const s of unanswered) expect((before.get(`${s.userId}:${s.key}`) ?? []).length).toBeLessThanOrEqual(1);
      const committedUnanswered = unanswered.filter((s) => before.has(`${s.userId}:${s.key}`)).length;
      console.log(
        `crash safety [${dialect}]: ${acknowledged.size} tickets acknowledged, all there once; ${unanswered.length} in flight at the SIGKILL, ${committedUnanswered} of them written`,
      );

      // Retries after the restart (the sessions are in the database and survive it): an acknowledged key answers its
      // ticket, an unanswered one gets exactly one ticket.
      const retried = await Promise.all(
        [...acknowledged].map(async ([, { submit: s, ticketId }]) => ({ ticketId, r: await submit(server.base, s) })),
      );
      for (const { ticketId, r } of retried) expect(r).toEqual({ status: 200, ticketId, requestStatus: 'CREATED' });
      const retriedUnanswered = await Promise.all(unanswered.map((s) => submit(server.base, s)));
      for (const r of retriedUnanswered) expect(r.status).toBe(200);
      const after = await rowsOf();
      for (const [i, s] of unanswered.entries()) {
        expect(after.get(`${s.userId}:${s.key}`)).toEqual([retriedUnanswered[i]?.ticketId]);
      }
      for (const [, { submit: s, ticketId }] of acknowledged) {
        expect(after.get(`${s.userId}:${s.key}`)).toEqual([ticketId]);
      }
    } finally {
      await h.close();
    }
  }, 180_000);

  /** Tickets half sent at the SIGTERM finish with 200, a new connection is refused, the process exits 0. */
  async function sigtermWhileInFlight(port: number, extraEnv: Record<string, string>) {
    const e = await environment(dialect);
    cleanups.push(e.dispose);
    const server = await startChildServer(port, { ...e.env, ...extraEnv });
    servers.push(server);
    const session = await signInOver(server.base, accounts.customer);
    const url = new URL(`${server.base}${ticketPaths.create}`);

    // Slow clients: the headers are in (the request is being handled), half the body is sent, the rest comes
    // after the SIGTERM. Two keep their connection alive, as a proxy in front would: it must not hold the exit.
    const SLOW = 3;
    const keepAlive = new http.Agent({ keepAlive: true });
    const body = JSON.stringify({ query: QUERY });
    const slow = Array.from({ length: SLOW }, (_, i) => {
      let req!: http.ClientRequest;
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req = http.request(
          url,
          {
            method: 'POST',
            agent: i === 0 ? false : keepAlive,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              cookie: session.cookie,
              [CSRF_HEADER]: session.csrf,
              'idempotency-key': crypto.randomUUID(),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => {
              text += d.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
      });
      req.write(body.slice(0, 10));
      return { req, answered };
    });
    // the headers reached the server
    await new Promise((r) => setTimeout(r, 500));

    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.process.exitCode, 'still running while requests are in flight').toBeNull();
    // no new connection is accepted
    const fresh = await fetch(`${server.base}${apiPaths.health}`).then(
      (r) => `answered ${r.status}`,
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(fresh).toBe('ECONNREFUSED');

    for (const s of slow) s.req.end(body.slice(10));
    const answers = await Promise.all(slow.map((s) => s.answered));
    for (const a of answers) {
      expect(a.status, a.body).toBe(200);
      expect(JSON.parse(a.body)).toMatchObject({ request_status: 'CREATED' });
    }
    // exit 0 is also the proof it did not wait for the shutdown timeout (SHUTDOWN_TIMEOUT_MS, which exits 1)
    expect(await server.exited).toEqual({ code: 0, signal: null });
    keepAlive.destroy();

    // Their tickets were written before the database was closed.
    const h = e.open();
    try {
      for (const a of answers) {
        const id = (JSON.parse(a.body) as { ticket_id: string }).ticket_id;
        const row = await h.db.selectFrom('tickets').select('ticket_id').where('ticket_id', '=', id).executeTakeFirst();
        expect(row?.ticket_id).toBe(id);
      }
    } finally {
      await h.close();
    }
  }

  it('SIGTERM: the requests in flight finish with 2xx, new connections are refused, the process exits 0', async () => {
    await sigtermWhileInFlight(SIGTERM_PORTS[dialect], {});
  }, 120_000);

  // WEB_CONCURRENCY: the primary passes the SIGTERM on and exits once every worker has finished (needs Redis).
  it.skipIf(!process.env.TEST_REDIS_URL)(
    `SIGTERM with WEB_CONCURRENCY=2 (two workers)${process.env.TEST_REDIS_URL ? '' : ' (skipped: needs TEST_REDIS_URL)'}`,
    async () => {
      await sigtermWhileInFlight(SIGTERM_PORTS[dialect] + 2, {
        WEB_CONCURRENCY: '2',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      });
    },
    120_000,
  );
});
