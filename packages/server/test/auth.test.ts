import { apiPaths, messages, SESSION_COOKIE, VISITOR_COOKIE } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_APP_JWT_SECRET } from '../src/config.ts';
import { accounts, createTestApp, signAppToken, type TestApp, TestClient, testDatabases } from './helpers.ts';

describe.each(testDatabases)('sign-in and session [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a visitor an httpOnly visitor cookie and a CSRF token, and no user', async () => {
    const c = new TestClient(t.app);
    const res = await c.get(apiPaths.session);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'SUCCESS', user: null, in_app: false, demo: true });
    expect(body.csrf_token).toMatch(/^[\w-]{20,}$/);
    const visitor = res.cookies.find((k) => k.name === VISITOR_COOKIE);
    expect(visitor?.httpOnly).toBe(true);
    expect(visitor?.sameSite).toBe('Lax');
  });

  it('refuses a state-changing request without the CSRF token, or with a wrong one, with 403', async () => {
    const c = new TestClient(t.app);
    await c.get(apiPaths.session);
    for (const token of [undefined, 'forged-token', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.demoLogin,
        headers: { cookie: c.cookieHeader, ...(token === undefined ? {} : { 'x-csrf-token': token }) },
        payload: { email: accounts.paidMember },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status: 'FAILURE',
        error: { code: 'CSRF_MISSING', message: messages.CSRF_MISSING },
      });
    }
  });

  it('does not accept a token issued to another visitor', async () => {
    const a = new TestClient(t.app);
    const b = new TestClient(t.app);
    await a.get(apiPaths.session);
    await b.get(apiPaths.session);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.demoLogin,
      headers: { cookie: a.cookieHeader, 'x-csrf-token': b.csrf },
      payload: { email: accounts.paidMember },
    });
    expect(res.statusCode).toBe(403);
  });

  it('signs in a demo account with an httpOnly SameSite=Lax session cookie and a new CSRF token', async () => {
    const c = new TestClient(t.app);
    await c.get(apiPaths.session);
    const visitorToken = c.csrf;
    const res = await c.post(apiPaths.demoLogin, { email: accounts.paidMember });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: accounts.paidMember,
      role: 'customer',
      country_code: 'IN',
      is_member: true,
    });
    expect(body.csrf_token).not.toBe(visitorToken);
    const cookie = res.cookies.find((k) => k.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The visitor's token no longer works once signed in.
    const stale = await c.post(apiPaths.logout, {}, { 'x-csrf-token': visitorToken });
    expect(stale.statusCode).toBe(403);
  });

  it('lists the demo accounts', async () => {
    const res = await new TestClient(t.app).get(apiPaths.demoAccounts);
    expect(res.statusCode).toBe(200);
    const emails = res.json().accounts.map((a: { email: string }) => a.email);
    expect(emails).toEqual(expect.arrayContaining(Object.values(accounts)));
  });

  it('answers a malformed e-mail with 400 and the contract message, never 5xx', async () => {
    const c = new TestClient(t.app);
    await c.get(apiPaths.session);
    const res = await c.post(apiPaths.demoLogin, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalidEmail', message: messages.invalidEmail });
    const badJson = await c.request('POST', apiPaths.demoLogin, '{"email":', { 'content-type': 'application/json' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().status).toBe('FAILURE');
    expect(badJson.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('signs out: the old session cookie stops working and a fresh token is issued', async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.customer);
    const oldCookie = c.cookieHeader;
    const res = await c.post(apiPaths.logout);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toBeNull();
    const replay = await t.app.inject({ method: 'GET', url: apiPaths.userInfo, headers: { cookie: oldCookie } });
    expect(replay.statusCode).toBe(401);
  });

  describe('one-time code', () => {
    it('signs in with the code shown in demo mode, and the code works once', async () => {
      const c = new TestClient(t.app);
      await c.get(apiPaths.session);
      const req = await c.post(apiPaths.loginCodeRequest, { email: accounts.trialMember });
      expect(req.statusCode).toBe(200);
      const code = req.json().demo_code as string;
      expect(code).toMatch(/^\d{6}$/);
      const ok = await c.post(apiPaths.loginCodeVerify, { email: accounts.trialMember, code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.email).toBe(accounts.trialMember);
      const again = await c.post(apiPaths.loginCodeVerify, { email: accounts.trialMember, code });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe(messages.loginCodeInvalid);
    });

    it('kills a code after 5 wrong guesses', async () => {
      const c = new TestClient(t.app);
      await c.get(apiPaths.session);
      const code = (await c.post(apiPaths.loginCodeRequest, { email: accounts.expiredMember })).json()
        .demo_code as string;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect(
          (await c.post(apiPaths.loginCodeVerify, { email: accounts.expiredMember, code: wrong })).statusCode,
        ).toBe(400);
      }
      const right = await c.post(apiPaths.loginCodeVerify, { email: accounts.expiredMember, code });
      expect(right.statusCode).toBe(400);
    });

    it('rate-limits code requests per address', async () => {
      const c = new TestClient(t.app);
      await c.get(apiPaths.session);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await c.post(apiPaths.loginCodeRequest, { email: accounts.driverIn })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await c.post(apiPaths.loginCodeRequest, { email: accounts.driverIn });
      expect(last.json().error).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.TOO_MANY_REQUESTS });
    });

    it('holds the 5-guess limit when 40 guesses arrive at once, then refuses the right code', async () => {
      const many = await createTestApp(dialect, { signInRateLimit: 1000 });
      try {
        const c = new TestClient(many.app);
        await c.get(apiPaths.session);
        const code = (await c.post(apiPaths.loginCodeRequest, { email: accounts.customer })).json().demo_code as string;
        const wrong = code === '000000' ? '111111' : '000000';
        const answers = await Promise.all(
          Array.from({ length: 40 }, () => c.post(apiPaths.loginCodeVerify, { email: accounts.customer, code: wrong })),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(400));
        const row = await many.database.db
          .selectFrom('login_codes')
          .select(['attempts', 'consumed_at'])
          .where('email', '=', accounts.customer)
          .executeTakeFirstOrThrow();
        expect(Number(row.attempts)).toBe(5);
        const right = await c.post(apiPaths.loginCodeVerify, { email: accounts.customer, code });
        expect(right.statusCode).toBe(400);
        expect(right.json().error.message).toBe(messages.loginCodeInvalid);
      } finally {
        await many.close();
      }
    });

    it('lets at most one of 39 wrong guesses and the right one through when they arrive together', async () => {
      const many = await createTestApp(dialect, { signInRateLimit: 1000 });
      try {
        const c = new TestClient(many.app);
        await c.get(apiPaths.session);
        const code = (await c.post(apiPaths.loginCodeRequest, { email: accounts.paidMember })).json()
          .demo_code as string;
        const wrong = code === '000000' ? '111111' : '000000';
        const guesses = Array.from({ length: 40 }, (_, i) => (i === 20 ? code : wrong));
        await Promise.all(
          guesses.map((g) => c.post(apiPaths.loginCodeVerify, { email: accounts.paidMember, code: g })),
        );
        const row = await many.database.db
          .selectFrom('login_codes')
          .select('attempts')
          .where('email', '=', accounts.paidMember)
          .executeTakeFirstOrThrow();
        // However the guesses were ordered, no more than five were ever compared.
        expect(Number(row.attempts)).toBeLessThanOrEqual(5);
      } finally {
        await many.close();
      }
    });

    it('tells the demo user an unknown address has no account', async () => {
      const c = new TestClient(t.app);
      await c.get(apiPaths.session);
      const res = await c.post(apiPaths.loginCodeRequest, { email: 'nobody@example.org' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(messages.loginUnknownEmail);
    });
  });

  describe('app session', () => {
    const sign = (claims: Record<string, unknown>, secret = DEMO_APP_JWT_SECRET, exp: string | number = '5m') =>
      signAppToken(claims, { secret, exp });
    const now = () => Math.floor(Date.now() / 1000);

    it('exchanges a signed app token for an in-app session', async () => {
      const c = new TestClient(t.app);
      const res = await c.post(apiPaths.appSession, { token: await sign({ sub: 'u_driver_in' }) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ in_app: true, entry_mode: 'driver_app', user: { email: accounts.driverIn } });
      expect((await c.get(apiPaths.userInfo)).json().email).toBe(accounts.driverIn);
    });

    it.each([
      ['wrong key', async () => sign({ sub: 'u_driver_in' }, 'x'.repeat(40))],
      ['expired', async () => sign({ sub: 'u_driver_in' }, DEMO_APP_JWT_SECRET, Math.floor(Date.now() / 1000) - 60)],
      ['unknown user', async () => sign({ sub: 'u_nobody' })],
      ['not a token', async () => 'abc.def.ghi'],
      ['from another issuer', async () => signAppToken({ sub: 'u_driver_in' }, { issuer: 'someone-else' })],
      ['for another audience', async () => signAppToken({ sub: 'u_driver_in' }, { audience: 'another-service' })],
      ['without iat', async () => signAppToken({ sub: 'u_driver_in' }, { iat: null })],
      ['issued in the future', async () => signAppToken({ sub: 'u_driver_in' }, { iat: now() + 3600 })],
      ['valid until the year 3000', async () => signAppToken({ sub: 'u_driver_in' }, { exp: 32503680000 })],
      ['living longer than a day', async () => signAppToken({ sub: 'u_driver_in' }, { exp: '25h' })],
      ['issued more than a day ago', async () => signAppToken({ sub: 'u_driver_in' }, { iat: now() - 90000 })],
    ])('refuses a token that is %s with 401', async (_name, make) => {
      const res = await new TestClient(t.app).post(apiPaths.appSession, { token: await make() });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'appTokenInvalid', message: messages.appTokenInvalid });
    });
  });
});

describe.each(testDatabases)('code sign-in outside demo mode [%s]', (dialect) => {
  // A mail transport that refuses at once: the mailer keeps every message in the outbox first, which is enough here.
  const smtpUrl = 'smtp://127.0.0.1:9';

  async function codeRequests(t: TestApp, email: string, n: number) {
    const c = new TestClient(t.app);
    await c.get(apiPaths.session);
    const answers = [];
    for (let i = 0; i < n; i++) answers.push(await c.post(apiPaths.loginCodeRequest, { email }));
    return answers;
  }

  it('answers and limits an unknown address exactly like a known one', async () => {
    const t = await createTestApp(dialect, { demoMode: false, smtpUrl });
    try {
      const known = await codeRequests(t, accounts.customer, 6);
      const unknown = await codeRequests(t, 'nobody-here@example.org', 6);
      expect(known.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(unknown.map((r) => r.statusCode)).toEqual(known.map((r) => r.statusCode));
      for (let i = 0; i < 6; i++) expect(unknown[i]?.json()).toEqual(known[i]?.json());
      expect(known[0]?.json()).toEqual({ status: 'SUCCESS', expires_in: 600 });
    } finally {
      await t.close();
    }
  });

  it('mails the code to a known address, which then signs in with it; nothing goes to an unknown one', async () => {
    const t = await createTestApp(dialect, { demoMode: false, smtpUrl });
    try {
      await codeRequests(t, accounts.trialMember, 1);
      await codeRequests(t, 'nobody-here@example.org', 1);
      const mail = await vi.waitFor(async () => {
        const rows = await t.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'login_code').execute();
        expect(rows).toHaveLength(1);
        return rows[0];
      });
      expect(mail?.to_address).toBe(accounts.trialMember);
      const code = /sign-in code is (\d{6})/.exec(mail?.text_body ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const c = new TestClient(t.app);
      await c.get(apiPaths.session);
      const ok = await c.post(apiPaths.loginCodeVerify, { email: accounts.trialMember, code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.email).toBe(accounts.trialMember);
    } finally {
      await t.close();
    }
  });

  it('says code sign-in is unavailable when there is no mail transport, instead of failing silently', async () => {
    const t = await createTestApp(dialect, { demoMode: false });
    try {
      const c = new TestClient(t.app);
      expect((await c.get(apiPaths.session)).json().code_sign_in).toBe(false);
      const res = await c.post(apiPaths.loginCodeRequest, { email: accounts.customer });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({ code: 'codeSignInUnavailable', message: messages.codeSignInUnavailable });
      expect(await t.database.db.selectFrom('login_codes').select('id').execute()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
