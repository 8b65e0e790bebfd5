import {
  apiPaths,
  countries,
  countryListResponseSchema,
  countryPaths,
  messages,
  userInfoSchema,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';

describe.each(testDatabases)('users [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers get_user_info with 401 and the error shape when signed out', async () => {
    const res = await new TestClient(t.app).get(apiPaths.userInfo);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'FAILURE', error: { code: 'UNAUTHORIZED', message: messages.UNAUTHORIZED } });
  });

  it('serves the 18 countries with their dialing codes to anyone, cacheable, revalidated by ETag', async () => {
    const res = await new TestClient(t.app).get(countryPaths.list);
    expect(res.statusCode).toBe(200);
    const body = countryListResponseSchema.parse(res.json());
    expect(body.data).toHaveLength(18);
    expect(body.data).toEqual(countries);
    expect(body.data.map((c) => c.country_code)).toEqual([
      'IN',
      'AU',
      'NZ',
      'GB',
      'BD',
      'AF',
      'CN',
      'JP',
      'MY',
      'NP',
      'RU',
      'SG',
      'LK',
      'TH',
      'US',
      'CA',
      'HK',
      'NG',
    ]);
    expect(body.data.find((c) => c.country_code === 'GB')).toEqual({
      name: 'UK',
      dialing_code: '+44',
      country_code: 'GB',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['set-cookie']).toBeUndefined();
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const again = await new TestClient(t.app).request('GET', countryPaths.list, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers exactly the spec fields for the paid member', async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.paidMember);
    const body = (await c.get(apiPaths.userInfo)).json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'status',
        'email',
        'name',
        'mobile',
        'is_select',
        'is_subscribed',
        'membership_type',
        'is_expired',
        'active_subscription',
      ].sort(),
    );
    expect(userInfoSchema.parse(body)).toMatchObject({
      email: accounts.paidMember,
      is_select: true,
      is_subscribed: true,
      is_expired: false,
      membership_type: 'paid',
      active_subscription: { status: 'active', trial: false },
    });
    const details = (await c.get(apiPaths.selectDetails)).json();
    expect(details).toEqual({
      status: 'SUCCESS',
      eligible_to_cancel: true,
      ineligibility_reason: null,
      autorenew: true,
      trial: false,
    });
  });

  it('reports a trial member without auto-renew', async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.trialMember);
    expect((await c.get(apiPaths.userInfo)).json().membership_type).toBe('trial');
    expect((await c.get(apiPaths.selectDetails)).json()).toMatchObject({
      trial: true,
      autorenew: false,
      eligible_to_cancel: false,
    });
  });

  it.each([accounts.expiredMember, accounts.customer])('has no membership details for non-member %s', async (email) => {
    const c = new TestClient(t.app);
    const session = (await c.signInAs(email)).json();
    expect(session.user.is_member).toBe(false);
    expect((await c.get(apiPaths.userInfo)).json().active_subscription).toBeNull();
    expect((await c.get(apiPaths.selectDetails)).statusCode).toBe(404);
  });

  it('treats unparseable membership flags as not a member', async () => {
    await t.database.db
      .updateTable('users')
      .set({ is_select: 'maybe' })
      .where('email', '=', accounts.paidMember)
      .execute();
    try {
      const c = new TestClient(t.app);
      const session = (await c.signInAs(accounts.paidMember)).json();
      expect(session.user.is_member).toBe(false);
      expect((await c.get(apiPaths.userInfo)).json().is_select).toBe(false);
      expect((await c.get(apiPaths.selectDetails)).statusCode).toBe(404);
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ is_select: 'true' })
        .where('email', '=', accounts.paidMember)
        .execute();
    }
  });

  it('shows each session only its own profile; a forged cookie reads nothing', async () => {
    const riya = new TestClient(t.app);
    const arjun = new TestClient(t.app);
    await riya.signInAs(accounts.customer);
    await arjun.signInAs(accounts.paidMember);
    expect((await riya.get(apiPaths.userInfo)).json().email).toBe(accounts.customer);
    expect((await arjun.get(apiPaths.userInfo)).json().email).toBe(accounts.paidMember);
    // The database holds only a hash of the cookie: its value cannot be replayed as a cookie.
    const stored = await t.database.db.selectFrom('sessions').select('id').execute();
    for (const { id } of stored) {
      const res = await t.app.inject({
        method: 'GET',
        url: apiPaths.userInfo,
        headers: { cookie: `ss_session=${id}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
