import { KYC_FORM_PATH, messages } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirect } from '../src/modules/onetouch/kyc.ts';
import { accounts, createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';

function multipart(fields: Record<string, string>) {
  const boundary = '----selfserve-test-boundary';
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return { payload: `${body}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDatabases)('do_kyc form [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (c: TestClient, fields: Record<string, string>) => {
    const { payload, contentType } = multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: KYC_FORM_PATH,
      payload,
      headers: { 'content-type': contentType, cookie: c.cookieHeader },
    });
  };
  const form = {
    cnl: '4992739872',
    nav: '101101',
    banner: 'refund_wallet',
    landing: 'wallet',
    care_redirect_url: '/dreport/101101?kyc=done',
    source: 'web',
  };

  it('records the choice and sends the browser back with 303', async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.customer);
    const res = await post(c, { ...form, _csrf: c.csrf });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dreport/101101?kyc=done');
    const row = await t.database.db
      .selectFrom('kyc_choices')
      .selectAll()
      .where('user_id', '=', 'u_customer_in')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      crn: '4992739872',
      article_id: '101101',
      banner: 'refund_wallet',
      landing: 'wallet',
      source: 'web',
    });
  });

  it("records a KYC category's or prompt's post (banner kyc, no ride) and sends it back", async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.expiredMember);
    const kyc = { cnl: '', nav: '100602', banner: 'kyc', landing: 'kyc', care_redirect_url: '/home?kyc=done' };
    const res = await post(c, { ...kyc, source: 'web', _csrf: c.csrf });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/home?kyc=done');
    const row = await t.database.db
      .selectFrom('kyc_choices')
      .selectAll()
      .where('user_id', '=', 'u_member_expired')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ crn: null, article_id: '100602', banner: 'kyc', landing: 'kyc', source: 'web' });
  });

  it('refuses a missing or wrong form token', async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.paidMember);
    expect((await post(c, form)).statusCode).toBe(403);
    expect((await post(c, { ...form, _csrf: 'forged' })).statusCode).toBe(403);
  });

  it('sends a signed-out visitor to sign in first, and never redirects off the site', async () => {
    const visitor = new TestClient(t.app);
    const res = await post(visitor, { ...form, _csrf: 'x' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/login?return=${encodeURIComponent('/dreport/101101?kyc=done')}`);
    const c = new TestClient(t.app);
    await c.signInAs(accounts.trialMember);
    for (const target of [
      'https://evil.example/steal',
      '/.//evil.example',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
    ]) {
      const evil = await post(c, { ...form, care_redirect_url: target, _csrf: c.csrf });
      expect(evil.statusCode, target).toBe(303);
      expect(evil.headers.location, target).toBe('/home');
    }
  });

  it('wants multipart', async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.customer);
    const res = await t.app.inject({
      method: 'POST',
      url: KYC_FORM_PATH,
      payload: { ...form, _csrf: c.csrf },
      headers: { cookie: c.cookieHeader },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 400, not 500, to a multipart body it cannot parse (found by the fuzzer)', async () => {
    const c = new TestClient(t.app);
    await c.signInAs(accounts.customer);
    for (const [contentType, payload] of [
      ['multipart/form-data', 'garbage without a boundary'],
      ['multipart/form-data; boundary=', '----\r\n\r\n'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xy'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: KYC_FORM_PATH,
        payload,
        headers: { cookie: c.cookieHeader, 'content-type': contentType },
      });
      expect(res.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, contentType).toBeLessThan(500);
      if (contentType === 'multipart/form-data') expect(res.json().error.message).toBe(messages.kycFormIncomplete);
    }
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/dreport/1?kyc=done', '/dreport/1?kyc=done'],
    ['https://evil.example/x', '/home'],
    ['//evil.example/x', '/home'],
    ['/\\evil.example', '/home'],
    ['javascript:alert(1)', '/home'],
    ['relative/path', '/home'],
    ['/.//evil.example', '/home'],
    ['/..//evil.example', '/home'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
