import { apiPaths, messages, SESSION_COOKIE, VISITOR_COOKIE } from '@selfserve/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP_JWT_SECRET } from '../src/config.ts';
import { accounts, createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';

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
      expect(res.json()).toEqual({ status: 'FAILURE', error: { code: 'CSRF_MISSING', message: messages.csrfMissing } });
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
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.invalidEmail });
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
      expect(last.json().error).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
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
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));

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
    ])('refuses a token that is %s with 401', async (_name, make) => {
      const res = await new TestClient(t.app).post(apiPaths.appSession, { token: await make() });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'UNAUTHORIZED', message: messages.appTokenInvalid });
    });
  });
});
