import {
  apiPaths,
  CALL_US_MAX_WRONG_GUESSES,
  type CallUsNumberResponse,
  type CallUsTokenResponse,
  callUsPaths,
  type IvrResponse,
  TELEPHONY_SECRET_HEADER,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, fixtureKb, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const secret = testConfig().telephonySecret;
const RIYA_MOBILE = '+919845012367';

describe.each(testDatabases)('call us with a one-time code [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let ride: { id: string; crn: string; city: string };
  /** an article of the fixture knowledge base: what riya was reading */
  let ARTICLE = '';

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
    ARTICLE = (
      await t.database.db
        .selectFrom('articles')
        .select('id')
        .where('type', '=', 'article')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    riya = await signedIn(t.app, accounts.customer);
    ride = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn', 'city'])
      .where('user_id', '=', 'u_customer_in')
      .where('city', '=', 'Bengaluru')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await t.close();
  });

  const ivr = (body: object, headers: Record<string, string> = { [TELEPHONY_SECRET_HEADER]: secret }) =>
    t.app.inject({ method: 'POST', url: callUsPaths.ivr, payload: body, headers });
  const dial = async (called: string, caller: string, digits: string) => {
    const res = await ivr({ called_number: called, caller_number: caller, digits });
    expect(res.statusCode).toBe(200);
    return res.json() as IvrResponse;
  };
  const numberFor = async (client: TestClient, body: object = {}) => {
    const res = await client.post(callUsPaths.getCallUsNumber, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CallUsNumberResponse;
  };

  it('refuses a visitor with 401 before reading the input', async () => {
    for (const url of [callUsPaths.getCallUsNumber, callUsPaths.callUsToken]) {
      const res = await t.app.inject({ method: 'POST', url, payload: { booking_id: 42 } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('validates the context and checks the booking is the user’s own', async () => {
    expect((await riya.post(callUsPaths.getCallUsNumber, { booking_id: 'x'.repeat(65) })).statusCode).toBe(400);
    const other = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '!=', 'u_customer_in')
      .executeTakeFirstOrThrow();
    const res = await riya.post(callUsPaths.getCallUsNumber, { booking_id: other.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('bookingNotFound');
    expect((await riya.post(callUsPaths.getCallUsNumber, { article_id: 'no-such-article' })).statusCode).toBe(404);
  });

  it('gives the city’s number and a 6-digit code, stored only as a hash', async () => {
    const answer = await numberFor(riya, { booking_id: ride.id, article_id: ARTICLE });
    expect(answer).toMatchObject({ call_us_number: '+918047182211', country: 'IN', audience: 'customer' });
    expect(answer.city).toBe('Bengaluru');
    expect(answer.city_location).toEqual({ lat: 12.9716, lng: 77.5946 });
    expect(answer.otp).toMatch(/^\d{6}$/);
    const minutes = (Date.parse(answer.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const rows = await t.database.db
      .selectFrom('call_us_codes')
      .selectAll()
      .where('user_id', '=', 'u_customer_in')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(answer.otp);
  });

  it('the IVR webhook refuses a missing or wrong secret', async () => {
    const body = { called_number: '+918047182211', caller_number: RIYA_MOBILE, digits: '123456' };
    expect((await ivr(body, {})).statusCode).toBe(403);
    expect((await ivr(body, { [TELEPHONY_SECRET_HEADER]: 'not-the-secret' })).statusCode).toBe(403);
    expect((await ivr({ ...body, digits: 'abc' })).statusCode).toBe(400);
  });

  it('a code verifies once, names the user, the ride and the article, and a replay is refused', async () => {
    const { call_us_number, otp } = await numberFor(riya, { booking_id: ride.id, article_id: ARTICLE });
    const heard = await dial(call_us_number, RIYA_MOBILE, otp);
    expect(heard).toMatchObject({ recognised: true, outcome: 'verified', code_kind: 'otp' });
    expect(heard.user).toEqual({
      id: 'u_customer_in',
      name: expect.any(String),
      mobile: RIYA_MOBILE,
      caller_matches: true,
    });
    expect(heard.user?.name).toMatch(/Riya/);
    expect(heard.booking).toMatchObject({ id: ride.id, crn: ride.crn });
    expect(heard.booking?.pickup).toContain('Bengaluru');
    expect(heard.article?.id).toBe(ARTICLE);

    const again = await dial(call_us_number, RIYA_MOBILE, otp);
    expect(again).toMatchObject({ recognised: false, outcome: 'already_used', user: null, booking: null });
  });

  it('a code verifies only on the number it was given for', async () => {
    const { otp } = await numberFor(riya, { booking_id: ride.id });
    const elsewhere = await dial('+918047182200', '+919000000101', otp);
    expect(elsewhere).toMatchObject({ recognised: false, outcome: 'not_recognised' });
    // still good on its own number, from another phone (the agent is told the caller is not the registered mobile)
    const own = await dial('+91 80 4718 2211', '+919000000102', `${otp}#`);
    expect(own).toMatchObject({ recognised: true, user: { id: 'u_customer_in', caller_matches: false } });
  });

  it('an expired code is refused', async () => {
    const { call_us_number, otp } = await numberFor(riya, {});
    await t.database.db
      .updateTable('call_us_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', 'u_customer_in')
      .where('used_at', 'is', null)
      .execute();
    expect(await dial(call_us_number, RIYA_MOBILE, otp)).toMatchObject({ recognised: false, outcome: 'expired' });
  });

  it('in India the dial string’s token (8 digits, then *) verifies and the IVR plays no prompt', async () => {
    const res = await riya.post(callUsPaths.callUsToken, { booking_id: ride.id, article_id: ARTICLE });
    expect(res.statusCode).toBe(200);
    const token = res.json() as CallUsTokenResponse;
    expect(token.token).toMatch(/^\d{8}$/);
    expect(token.is_play).toBe(false);
    const heard = await dial('+918047182211', RIYA_MOBILE, `${token.token}*`);
    expect(heard).toMatchObject({ recognised: true, code_kind: 'token', booking: { crn: ride.crn } });
  });

  it(`locks out the ${CALL_US_MAX_WRONG_GUESSES + 1}th guess of a caller, even a right one`, async () => {
    const { call_us_number, otp } = await numberFor(riya, { booking_id: ride.id });
    const guesser = '+919000000200';
    const wrong = otp === '000000' ? '000001' : '000000';
    for (let i = 1; i <= CALL_US_MAX_WRONG_GUESSES; i++) {
      const heard = await dial(call_us_number, guesser, wrong);
      expect(heard).toMatchObject({ outcome: 'not_recognised', attempts_left: CALL_US_MAX_WRONG_GUESSES - i });
    }
    const sixth = await dial(call_us_number, guesser, otp);
    expect(sixth).toMatchObject({ recognised: false, outcome: 'locked', attempts_left: 0, user: null });
    // the code itself was not spent by the locked-out caller: riya's own phone still gets through
    expect(await dial(call_us_number, RIYA_MOBILE, otp)).toMatchObject({ recognised: true });
  });

  it('wrong guesses from a user’s registered mobile count against that user', async () => {
    const meera = await signedIn(t.app, accounts.trialMember);
    const mobile = (
      await t.database.db
        .selectFrom('users')
        .select('mobile')
        .where('id', '=', 'u_member_trial')
        .executeTakeFirstOrThrow()
    ).mobile;
    const { call_us_number, otp } = await numberFor(meera, {});
    const wrong = otp === '111111' ? '111112' : '111111';
    for (let i = 0; i < CALL_US_MAX_WRONG_GUESSES; i++) await dial(call_us_number, mobile, wrong);
    const keys = await t.database.db
      .selectFrom('call_us_attempts')
      .select('lock_key')
      .where('lock_key', '=', 'user:u_member_trial')
      .execute();
    expect(keys).toHaveLength(CALL_US_MAX_WRONG_GUESSES);
    expect(await dial(call_us_number, mobile, otp)).toMatchObject({ outcome: 'locked' });
  });

  it('caps the codes one user is given', async () => {
    const kabir = await signedIn(t.app, accounts.expiredMember);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await kabir.post(callUsPaths.getCallUsNumber, {})).statusCode;
      if (last !== 200) break;
    }
    expect(last).toBe(429);
  });

  it('a Select member gets the member line; a partner the partners’ line; elsewhere no token', async () => {
    const arjun = await signedIn(t.app, accounts.paidMember);
    expect((await numberFor(arjun)).call_us_number).toBe('+918047182299');

    const ramesh = await signedIn(t.app, accounts.driverIn);
    expect(await numberFor(ramesh)).toMatchObject({ call_us_number: '+918047182300', audience: 'partner' });

    const jack = await signedIn(t.app, accounts.driverAu);
    expect(await numberFor(jack)).toMatchObject({ country: 'AU', audience: 'partner', call_us_number: '+61255504413' });
    const token = (await jack.post(callUsPaths.callUsToken, {})).json() as CallUsTokenResponse;
    expect(token).toEqual({ status: 'SUCCESS', token: '', is_play: true, expires_at: null });
  });

  it('forgets codes a day past their expiry and wrong guesses older than the lock window', async () => {
    const longAgo = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    await t.database.db
      .insertInto('call_us_codes')
      .values({
        id: 'cuc_old',
        code_hash: 'old-hash',
        kind: 'otp',
        user_id: 'u_customer_in',
        called_number: '918047182211',
        booking_id: null,
        article_id: null,
        created_at: longAgo,
        expires_at: longAgo,
        used_at: null,
        used_by: null,
      })
      .execute();
    await t.database.db
      .insertInto('call_us_attempts')
      .values({ id: 'cua_old', lock_key: 'caller:919000000999', called_number: '918047182211', created_at: longAgo })
      .execute();
    await numberFor(riya, {});
    expect(await t.database.db.selectFrom('call_us_codes').select('id').where('id', '=', 'cuc_old').execute()).toEqual(
      [],
    );
    expect(
      await t.database.db.selectFrom('call_us_attempts').select('id').where('id', '=', 'cua_old').execute(),
    ).toEqual([]);
  });

  it('the demo phone dials through the webhook as the provider would', async () => {
    const { call_us_number, otp } = await numberFor(riya, { booking_id: ride.id, article_id: ARTICLE });
    const res = await riya.post(callUsPaths.demoDial, {
      called_number: call_us_number,
      caller_number: RIYA_MOBILE,
      digits: otp,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recognised: true, user: { id: 'u_customer_in' }, booking: { crn: ride.crn } });
  });
});

describe('call us in production mode', () => {
  it('has no demo phone (404), while the webhook stays', async () => {
    const t = await createTestApp('sqlite', { demoMode: false });
    try {
      const visitor = new TestClient(t.app);
      await visitor.get(apiPaths.session);
      expect(visitor.csrf).not.toBe('');
      const res = await visitor.post(callUsPaths.demoDial, {
        called_number: '+918047182211',
        caller_number: RIYA_MOBILE,
        digits: '123456',
      });
      expect(res.statusCode).toBe(404);
      const webhook = await t.app.inject({
        method: 'POST',
        url: callUsPaths.ivr,
        payload: { called_number: '+918047182211', caller_number: RIYA_MOBILE, digits: '123456' },
        headers: { [TELEPHONY_SECRET_HEADER]: secret },
      });
      expect(webhook.json()).toMatchObject({ recognised: false, outcome: 'not_recognised' });
    } finally {
      await t.close();
    }
  });
});
