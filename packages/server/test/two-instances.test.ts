// Two instances as one (issue 20 items 3 and 5): two apps on one PostgreSQL database and one Redis. One-time codes
// verify once across both, every rate limit trips at its documented number when the requests alternate between the
// instances, and with real processes a session lives on either, ends on both, and outlives one instance's death.
// scale-out.test.ts already proves sessions across in-process instances (database and Redis stores); this file adds
// what needs both instances under load or a process to die.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  CALL_US_MAX_CODES_PER_USER,
  CSRF_HEADER,
  callUsPaths,
  captchaPaths,
  kbPaths,
  LOGIN_CODE_MAX_REQUESTS_PER_WINDOW,
  TELEPHONY_SECRET_HEADER,
  TICKET_CREATE_PER_IP_PER_MINUTE,
  TICKET_CREATE_PER_USER_PER_MINUTE,
  ticketPaths,
} from '@selfserve/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { type ChildServer, childEnv, killChild, postgresSchema, signInOver, startChildServer } from './child-server.ts';
import {
  accounts,
  createTestApp,
  fixtureKb,
  openTestDatabase,
  type TestApp,
  type TestDatabase,
  testDatabases,
} from './helpers.ts';
import { testConfig } from './test-config.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const shared = Boolean(pgUrl && redisUrl);
const skipped = shared ? '' : ' (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL, as CI sets them)';

/** A client address of its own per test: the Redis counters are keyed by address and shared with other suites. */
const freshIp = () => `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;

/** A browser-like client that may send each request to either instance, from one client address. */
class Client {
  cookies = new Map<string, string>();
  csrf = '';
  constructor(readonly ip: string = freshIp()) {}

  async send(
    app: FastifyInstance,
    method: 'GET' | 'POST',
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(method === 'POST' && this.csrf ? { [CSRF_HEADER]: this.csrf } : {}),
        ...headers,
      },
      ...(body ? { payload: body } : {}),
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    if (res.headers['content-type']?.toString().includes('json')) {
      const token = (res.json() as { csrf_token?: string }).csrf_token;
      if (token) this.csrf = token;
    }
    return res;
  }

  /** Opens the session (its CSRF token) as the web app does before its first POST. */
  async open(app: FastifyInstance) {
    await this.send(app, 'GET', apiPaths.session);
    return this;
  }

  async signIn(app: FastifyInstance, email: string) {
    await this.open(app);
    const res = await this.send(app, 'POST', apiPaths.demoLogin, { email });
    if (res.statusCode !== 200) throw new Error(`sign-in as ${email}: ${res.body}`);
  }
}

interface Trip {
  limit: string;
  documented: string;
  allowed: number;
  'tripped at': number;
  'retry-after': string;
}
const trips: Trip[] = [];

describe.skipIf(!shared)(`two instances, one PostgreSQL and one Redis [postgres]${skipped}`, () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** the instance of the i-th request: they alternate */
  const on = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await importKnowledgeBase(database.db, fixtureKb);
    a = await buildApp(testConfig({ redisUrl }), database);
    b = await buildApp(testConfig({ redisUrl }), database);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.dispose();
    if (trips.length) {
      console.log('\nRate limits across two instances sharing Redis (requests alternating between them):');
      console.table(trips);
    }
  });

  /** A copy of a seeded user under a new id and address: counters keyed by user start at zero in every run. */
  async function freshUser(like: string): Promise<string> {
    const row = await database.db.selectFrom('users').selectAll().where('email', '=', like).executeTakeFirstOrThrow();
    const tag = crypto.randomBytes(4).toString('hex');
    const email = `two-${tag}.${like}`;
    await database.db
      .insertInto('users')
      .values({ ...row, id: `u_two_${tag}`, email })
      .execute();
    return email;
  }

  /**
   * Sends requests alternating between the instances until one is refused with 429; answers its number and the
   * refusal's retry-after. Every earlier answer must be `ok`'s status.
   */
  async function tripAt(send: (i: number) => Promise<LightMyRequestResponse>, ok: number, upTo: number) {
    for (let i = 0; i < upTo; i++) {
      const res = await send(i);
      if (res.statusCode === 429) return { at: i + 1, retryAfter: String(res.headers['retry-after'] ?? '-') };
      expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBe(ok);
    }
    return { at: -1, retryAfter: '-' };
  }

  function record(limit: string, documented: string, allowed: number, tripped: { at: number; retryAfter: string }) {
    trips.push({ limit, documented, allowed, 'tripped at': tripped.at, 'retry-after': tripped.retryAfter });
    expect(tripped.at, `${limit}: the first refused request`).toBe(allowed + 1);
  }

  it('a sign-in code issued on one instance verifies once across both, even when both are asked at once', async () => {
    const c = await new Client().open(a);
    const req = await c.send(a, 'POST', apiPaths.loginCodeRequest, { email: accounts.trialMember });
    expect(req.statusCode).toBe(200);
    const code = req.json().demo_code as string;
    // Twenty verifications of the right code at once, half on each instance, each its own client.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const v = await new Client().open(on(i));
        return (await v.send(on(i), 'POST', apiPaths.loginCodeVerify, { email: accounts.trialMember, code }))
          .statusCode;
      }),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s !== 200).every((s) => s === 400)).toBe(true);
  });

  it('a sign-in code takes five guesses in all, however they are spread over the instances', async () => {
    const c = await new Client().open(b);
    const code = (await c.send(b, 'POST', apiPaths.loginCodeRequest, { email: accounts.expiredMember })).json()
      .demo_code as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const g = await new Client().open(on(i));
        return (await g.send(on(i), 'POST', apiPaths.loginCodeVerify, { email: accounts.expiredMember, code: wrong }))
          .statusCode;
      }),
    );
    expect(guesses.every((s) => s === 400)).toBe(true);
    const late = await new Client().open(a);
    const right = await late.send(a, 'POST', apiPaths.loginCodeVerify, { email: accounts.expiredMember, code });
    expect(right.statusCode, 'the right code after the fifth wrong guess').toBe(400);
    const row = await database.db
      .selectFrom('login_codes')
      .select('attempts')
      .where('email', '=', accounts.expiredMember)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(5);
  });

  it('a call-us code given on one instance is verified once when the IVR asks both at once', async () => {
    const email = await freshUser(accounts.customer);
    const c = new Client();
    await c.signIn(a, email);
    const issued = await c.send(a, 'POST', callUsPaths.getCallUsNumber, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const { call_us_number, otp } = issued.json() as { call_us_number: string; otp: string };
    const secret = testConfig().telephonySecret;
    const heard = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await on(i).inject({
          method: 'POST',
          url: callUsPaths.ivr,
          headers: { [TELEPHONY_SECRET_HEADER]: secret },
          payload: { called_number: call_us_number, caller_number: '+919845012367', digits: otp },
        });
        expect(res.statusCode).toBe(200);
        return (res.json() as { outcome: string }).outcome;
      }),
    );
    expect(heard.filter((o) => o === 'verified')).toHaveLength(1);
    expect(heard.filter((o) => o !== 'verified').every((o) => o === 'already_used')).toBe(true);
  });

  describe('rate limits hold for a burst sent to both instances at once', () => {
    /** Sends `n` requests at once, alternating instances; answers how many were let through (not 429). */
    async function burst(n: number, send: (i: number) => Promise<LightMyRequestResponse>) {
      const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
      const other = answers.filter((r) => r.statusCode !== 429 && r.statusCode !== 200);
      expect(other.map((r) => r.body)).toEqual([]);
      return answers.filter((r) => r.statusCode === 200).length;
    }

    it(`sign-in codes: ${LOGIN_CODE_MAX_REQUESTS_PER_WINDOW} of 20 at once`, async () => {
      const email = await freshUser(accounts.customer);
      const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => new Client().open(on(i))));
      const let_ = await burst(20, (i) =>
        (clients[i] as Client).send(on(i), 'POST', apiPaths.loginCodeRequest, { email }),
      );
      expect(let_).toBe(LOGIN_CODE_MAX_REQUESTS_PER_WINDOW);
    });

    it(`call-us codes: ${CALL_US_MAX_CODES_PER_USER} of 30 at once`, async () => {
      const c = new Client();
      await c.signIn(a, await freshUser(accounts.customer));
      expect(await burst(30, (i) => c.send(on(i), 'POST', callUsPaths.getCallUsNumber, {}))).toBe(
        CALL_US_MAX_CODES_PER_USER,
      );
    });

    it(`new tickets per user: ${TICKET_CREATE_PER_USER_PER_MINUTE} of 30 at once`, async () => {
      const c = new Client();
      await c.signIn(a, await freshUser(accounts.customer));
      const query = 'The driver asked me to pay extra cash for the toll at the end of the ride';
      const n = await burst(30, (i) =>
        c.send(on(i), 'POST', ticketPaths.create, { query }, { 'idempotency-key': crypto.randomUUID() }),
      );
      expect(n).toBe(TICKET_CREATE_PER_USER_PER_MINUTE);
    });
  });

  describe('rate limits add up across both instances', () => {
    it(`sign-in codes: ${LOGIN_CODE_MAX_REQUESTS_PER_WINDOW} per address per 15 minutes`, async () => {
      const email = await freshUser(accounts.customer);
      // a client address per request: the per-client limit is not what is measured here
      const tripped = await tripAt(
        async (i) => (await new Client().open(on(i))).send(on(i), 'POST', apiPaths.loginCodeRequest, { email }),
        200,
        20,
      );
      record('sign-in codes per address', 'docs/auth.md: 5 per 15 min', LOGIN_CODE_MAX_REQUESTS_PER_WINDOW, tripped);
    });

    it('sign-in per client: SIGN_IN_RATE_LIMIT (20) a minute on each sign-in endpoint', async () => {
      const c = await new Client().open(a);
      // unknown addresses (404 in demo mode): each request counts for the client, none for an address
      const tripped = await tripAt(
        (i) => c.send(on(i), 'POST', apiPaths.loginCodeRequest, { email: `nobody-${i}@example.com` }),
        404,
        60,
      );
      record('sign-in requests per client', 'docs/auth.md: 20 / min', testConfig().signInRateLimit, tripped);
    });

    it('search: SEARCH_RATE_LIMIT (600) a minute per client', async () => {
      const c = new Client();
      const url = `${kbPaths.search('customer')}?query=${encodeURIComponent('refund')}`;
      const tripped = await tripAt((i) => c.send(on(i), 'GET', url), 200, 700);
      record('knowledge-base search per client', 'docs/kb-search.md: 600 / min', testConfig().searchRateLimit, tripped);
    }, 120_000);

    const ticket = (c: Client, app: FastifyInstance) =>
      c.send(
        app,
        'POST',
        ticketPaths.create,
        { query: 'The driver asked me to pay extra cash for the toll at the end of the ride' },
        { 'idempotency-key': crypto.randomUUID() },
      );

    it(`ticket creation per user: ${TICKET_CREATE_PER_USER_PER_MINUTE} a minute`, async () => {
      const c = new Client();
      await c.signIn(a, await freshUser(accounts.customer));
      const tripped = await tripAt((i) => ticket(c, on(i)), 200, 30);
      record('new tickets per user', 'docs/tickets.md: 10 / min', TICKET_CREATE_PER_USER_PER_MINUTE, tripped);
    });

    it(`ticket creation per client address: ${TICKET_CREATE_PER_IP_PER_MINUTE} a minute`, async () => {
      const ip = freshIp();
      // four users behind one address, none near the per-user limit
      const users = await Promise.all(
        [accounts.customer, accounts.paidMember, accounts.trialMember, accounts.expiredMember].map(async (like) => {
          const c = new Client(ip);
          await c.signIn(b, await freshUser(like));
          return c;
        }),
      );
      const tripped = await tripAt((i) => ticket(users[i % users.length] as Client, on(i)), 200, 60);
      record('new tickets per client address', 'docs/tickets.md: 30 / min', TICKET_CREATE_PER_IP_PER_MINUTE, tripped);
    });

    it(`call-us codes: ${CALL_US_MAX_CODES_PER_USER} per user per 15 minutes`, async () => {
      const c = new Client();
      await c.signIn(a, await freshUser(accounts.customer));
      const tripped = await tripAt((i) => c.send(on(i), 'POST', callUsPaths.getCallUsNumber, {}), 200, 30);
      record('call-us codes per user', 'docs/telephony.md: 10 per 15 min', CALL_US_MAX_CODES_PER_USER, tripped);
    });

    it('captcha challenges: 120 a minute per client', async () => {
      const c = new Client();
      const tripped = await tripAt((i) => c.send(on(i), 'GET', captchaPaths.challenge), 200, 200);
      record('captcha challenges per client', 'docs/captcha.md: 120 / min', 120, tripped);
    });
  });
});

describe.skipIf(!shared)(`two server processes, one PostgreSQL and one Redis [postgres]${skipped}`, () => {
  const servers: ChildServer[] = [];
  let dropSchema = async () => {};
  let dir = '';
  let env: Record<string, string> = {};
  afterAll(async () => {
    for (const s of servers) await killChild(s);
    await dropSchema();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    const pg = await postgresSchema(pgUrl as string);
    dropSchema = pg.drop;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-two-'));
    env = childEnv({
      DATA_DIR: dir,
      DATABASE_URL: pgUrl as string,
      DATABASE_SCHEMA: pg.schema,
      REDIS_URL: redisUrl as string,
    });
    // one after the other: the first migrates and seeds, the second finds it done
    servers.push(await startChildServer(9420, env));
    servers.push(await startChildServer(9421, env));
  }, 180_000);

  const userInfo = (base: string, cookie: string) => fetch(`${base}${apiPaths.userInfo}`, { headers: { cookie } });

  it('a session made on one works on the other; signing out on one ends it on both', async () => {
    const [one, two] = servers as [ChildServer, ChildServer];
    const s = await signInOver(one.base, accounts.paidMember);
    const there = await userInfo(two.base, s.cookie);
    expect(there.status).toBe(200);
    expect(((await there.json()) as { email: string }).email).toBe(accounts.paidMember);
    const out = await fetch(`${two.base}${apiPaths.logout}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: s.cookie, [CSRF_HEADER]: s.csrf },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect((await userInfo(one.base, s.cookie)).status).toBe(401);
    expect((await userInfo(two.base, s.cookie)).status).toBe(401);
  });

  it('one instance killed (SIGKILL), the other keeps serving its sessions', async () => {
    const [one, two] = servers as [ChildServer, ChildServer];
    const s = await signInOver(one.base, accounts.customer);
    one.process.kill('SIGKILL');
    await one.exited;
    await expect(fetch(`${one.base}${apiPaths.health}`)).rejects.toThrow();
    expect((await fetch(`${two.base}${apiPaths.health}`)).status).toBe(200);
    expect((await userInfo(two.base, s.cookie)).status).toBe(200);
    const created = await fetch(`${two.base}${ticketPaths.create}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: s.cookie,
        [CSRF_HEADER]: s.csrf,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ query: 'The driver asked me to pay extra cash for the toll at the end of the ride' }),
    });
    expect(created.status).toBe(200);
  });
});

// The default deployment: one instance, requests at once. The limits counted in the database must hold there too.
describe.each(testDatabases)('limits counted in the database hold for a burst on one instance [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it(`sign-in codes: ${LOGIN_CODE_MAX_REQUESTS_PER_WINDOW} of 20 at once`, async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => new Client().open(t.app)));
    const answers = await Promise.all(
      clients.map((c) => c.send(t.app, 'POST', apiPaths.loginCodeRequest, { email: accounts.customer })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(LOGIN_CODE_MAX_REQUESTS_PER_WINDOW);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 429)).toBe(true);
  });

  it(`call-us codes: ${CALL_US_MAX_CODES_PER_USER} of 30 at once`, async () => {
    const c = new Client();
    await c.signIn(t.app, accounts.paidMember);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => c.send(t.app, 'POST', callUsPaths.getCallUsNumber, {})),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(CALL_US_MAX_CODES_PER_USER);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 429)).toBe(true);
  });
});
