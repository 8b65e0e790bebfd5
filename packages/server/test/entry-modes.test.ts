import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, ENTRY_MODE_COOKIE, kbPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  createTestApp,
  fixtureKb,
  signAppToken,
  type TestApp,
  TestClient,
  testDatabases,
} from './helpers.ts';

/** The entry mode recorded on the session (core.md §1, §2; docs/embedding.md). */
describe.each(testDatabases)('entry modes [%s]', (dialect) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-entry-'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    t = await createTestApp(
      dialect,
      { staticDir, frameAncestors: ["'self'", 'https://partner.example.com'] },
      { kb: fixtureKb },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const bootSession = (html: string) =>
    JSON.parse(html.match(/<script type="application\/json" id="boot-session">(.*?)<\/script>/)?.[1] ?? 'null');

  it('a visitor is on the website by default, and is told the parent origins a popup may post to', async () => {
    const res = await new TestClient(t.app).get(apiPaths.session);
    expect(res.json()).toMatchObject({
      entry_mode: 'customer_website',
      parent_origins: ['https://partner.example.com'],
    });
    expect(res.cookies.find((c) => c.name === ENTRY_MODE_COOKIE)).toBeUndefined();
  });

  it("takes a visitor's share-pass mode from the first page's query and keeps it for the visit", async () => {
    const c = new TestClient(t.app);
    const page = await c.get('/simple_article?id=1&entry_mode=share_pass');
    expect(bootSession(page.body)).toMatchObject({ entry_mode: 'share_pass' });
    const cookie = page.cookies.find((k) => k.name === ENTRY_MODE_COOKIE);
    expect(cookie).toMatchObject({ value: 'share_pass', httpOnly: true, sameSite: 'Lax' });
    // a browser-session cookie: the visit, no longer
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    // later pages and session reads without the query keep it
    expect((await c.get(apiPaths.session)).json().entry_mode).toBe('share_pass');
    expect(bootSession((await c.get('/home')).body).entry_mode).toBe('share_pass');
    // a website sign-in records the visit's mode on the session
    const signIn = await c.post(apiPaths.demoLogin, { email: accounts.customer });
    expect(signIn.json()).toMatchObject({ entry_mode: 'share_pass', in_app: false });
    expect((await c.get(apiPaths.session)).json().entry_mode).toBe('share_pass');
  });

  it('refuses a host app mode a visitor names in the query or plants in the cookie', async () => {
    for (const q of ['entry_mode=customer_app', 'source=operator_default', 'entry_mode=nonsense']) {
      const c = new TestClient(t.app);
      const res = await c.get(`${apiPaths.session}?${q}`);
      expect(res.json().entry_mode, q).toBe('customer_website');
      expect(
        res.cookies.find((k) => k.name === ENTRY_MODE_COOKIE),
        q,
      ).toBeUndefined();
    }
    const planted = await t.app.inject({
      method: 'GET',
      url: apiPaths.session,
      headers: { cookie: `${ENTRY_MODE_COOKIE}=operator_app` },
    });
    expect(planted.json().entry_mode).toBe('customer_website');
  });

  it('records the mode from the app token, its body or its query; by role otherwise', async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>, string, string][] = [
      ['', { sub: 'u_driver_in' }, {}, '', 'driver_app'],
      ['', { email: accounts.customer }, {}, '', 'customer_app'],
      ['token entry_mode', { email: accounts.customer, entry_mode: 'self_drive' }, {}, '', 'self_drive'],
      ['token source', { email: accounts.customer, source: 'restaurant_default' }, {}, '', 'restaurant'],
      ['body', { email: accounts.customer }, { entry_mode: 'operator_app' }, '', 'operator_app'],
      ['query source', { email: accounts.customer }, {}, '?source=operator_default', 'operator_app'],
      ['query mode', { email: accounts.customer }, {}, '?entry_mode=restaurant', 'restaurant'],
      [
        'body beats query',
        { email: accounts.customer },
        { entry_mode: 'self_drive' },
        '?entry_mode=restaurant',
        'self_drive',
      ],
    ];
    for (const [name, claims, body, query, expected] of cases) {
      const c = new TestClient(t.app);
      const res = await c.post(`${apiPaths.appSession}${query}`, { token: await signAppToken(claims), ...body });
      expect(res.statusCode, name).toBe(200);
      expect(res.json(), name).toMatchObject({ in_app: true, entry_mode: expected });
      // stored on the session: read back, and a later query cannot change it
      expect((await c.get(`${apiPaths.session}?entry_mode=share_pass`)).json().entry_mode, name).toBe(expected);
    }
  });

  it("opens the mode's index: the operator app the partners', a restaurant the food-delivery one", async () => {
    const indexFor = async (claims: Record<string, unknown>) => {
      const c = new TestClient(t.app);
      expect((await c.post(apiPaths.appSession, { token: await signAppToken(claims) })).statusCode).toBe(200);
      return (await c.get(kbPaths.meta)).json().index_name;
    };
    expect(await indexFor({ email: accounts.customer })).toEqual(['customer']);
    expect(await indexFor({ email: accounts.customer, entry_mode: 'operator_app' })).toEqual(['driver_in_en']);
    // a partner keeps their own locale's partner index
    expect(await indexFor({ sub: 'u_driver_in', source: 'operator_default' })).toEqual(['driver_in_hi']);
    expect(await indexFor({ email: accounts.customer, entry_mode: 'restaurant' })).toEqual(['fp_rider_in']);
    expect(await indexFor({ sub: 'u_driver_in', entry_mode: 'self_drive' })).toEqual(['customer']);
    const visitor = new TestClient(t.app);
    expect((await visitor.get(`${kbPaths.meta}?entry_mode=share_pass`)).json().index_name).toEqual(['customer']);
  });
});

describe('entry modes without frame ancestors', () => {
  it('names no parent origin, so a popup posts to nobody', async () => {
    const t = await createTestApp('sqlite', { frameAncestors: ["'self'"] });
    try {
      expect((await new TestClient(t.app).get(apiPaths.session)).json().parent_origins).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
