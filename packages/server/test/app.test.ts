import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { apiPaths, ticketPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { buildDemoData, SEED_ANCHOR, seedDemoData } from '../src/db/seed/index.ts';
import { createTestApp, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';

describe.each(testDatabases)('app [%s]', (dialect) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-spa-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><title>Selfserve</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
    // The web build's compressed copies (packages/web/scripts/compress.mjs).
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-1234.js.gz'), zlib.gzipSync('console.log(1)'));
    t = await createTestApp(dialect, { staticDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('reports liveness (the database is checked by readiness, test/health.test.ts)', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: dialect });
  });

  it('serves the SPA for client routes, assets with long caching, and JSON 404s for the API', async () => {
    for (const url of ['/', '/home', '/bdetails/4992739872', '/login?return=%2Fmain']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'FAILURE', error: { code: 'NOT_FOUND' } });
  });

  it("writes the session into the page: a visitor's works for a POST, a signed-in user's names them, nothing escapes", async () => {
    const bootSession = (html: string) => {
      const json = html.match(/<script type="application\/json" id="boot-session">(.*?)<\/script>/)?.[1];
      if (!json) throw new Error(`no session in the page: ${html}`);
      return JSON.parse(json) as { csrf_token: string; user: { name: string } | null };
    };
    const visitor = new TestClient(t.app);
    const page = await visitor.get('/home');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toContain('text/html');
    const session = bootSession(page.body);
    expect(session.user).toBeNull();
    // The visitor cookie set with the page binds the token: a state-changing call with it passes CSRF.
    visitor.csrf = session.csrf_token;
    const tracked = await visitor.post(apiPaths.addTrack, { event: 'page_view', page: '/boot-check' });
    expect(tracked.statusCode, tracked.body).toBeLessThan(400);

    const riya = await signedIn(t.app, 'riya.customer@example.in');
    await t.database.db
      .updateTable('users')
      .set({ name: 'Riya </script><script>alert(1)</script>' })
      .where('email', '=', 'riya.customer@example.in')
      .execute();
    const signedInPage = await riya.get('/bdetails/4992739872');
    expect(signedInPage.body).not.toContain('<script>alert(1)');
    expect(bootSession(signedInPage.body).user?.name).toBe('Riya </script><script>alert(1)</script>');
  });

  it('sends the compressed copy the browser accepts, and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${apiPaths.docs}/json` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([apiPaths.userInfo, apiPaths.health, apiPaths.addTrack]),
    );
  });

  it('records a page-view event with the signed-in user', async () => {
    const c = new TestClient(t.app);
    await c.signInAs('riya.customer@example.in');
    const res = await c.post(apiPaths.addTrack, { event: 'page_view', page: '/home' });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('track_events')
      .selectAll()
      .where('page', '=', '/home')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event: 'page_view', user_id: 'u_customer_in' });
    const bad = await c.post(apiPaths.addTrack, { event: '', page: '/home' });
    expect(bad.statusCode).toBe(400);
  });

  it('stores a page view’s entry mode and language; a signed-in session’s own mode wins over the page’s claim', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    const seen = await visitor.post(apiPaths.addTrack, {
      event: 'page_view',
      page: '/visitor-page',
      entry_mode: 'share_pass',
      language: 'hi',
    });
    expect(seen.statusCode).toBe(200);
    const rowOf = (page: string) =>
      t.database.db.selectFrom('track_events').selectAll().where('page', '=', page).executeTakeFirstOrThrow();
    expect(await rowOf('/visitor-page')).toMatchObject({ entry_mode: 'share_pass', language: 'hi' });

    const riya = new TestClient(t.app);
    await riya.signInAs('riya.customer@example.in');
    await riya.post(apiPaths.addTrack, {
      event: 'page_view',
      page: '/riya-page',
      entry_mode: 'driver_app',
      language: 'ta',
    });
    expect(await rowOf('/riya-page')).toMatchObject({ entry_mode: 'customer_website', language: 'ta' });

    await visitor.post(apiPaths.addTrack, { event: 'page_view', page: '/bare-page' });
    expect(await rowOf('/bare-page')).toMatchObject({ entry_mode: null, language: null });

    for (const bad of [{ entry_mode: 'spaceship' }, { language: 'xx' }, { language: 'en-US' }]) {
      const res = await visitor.post(apiPaths.addTrack, { event: 'page_view', page: '/bad', ...bad });
      expect(res.statusCode).toBe(400);
    }
  });

  it('validates and stores the monitoring device fields (core.md §7), null where unknown', async () => {
    const c = new TestClient(t.app);
    await c.get(apiPaths.session);
    const fields = {
      versionId: '91500',
      osVersion: '14.0.0',
      osName: 'Android',
      profileCity: null,
      profileCountry: 'IN',
      deviceName: null,
      deviceModel: 'Pixel 8',
      appRequest: true,
    };
    const res = await c.post(ticketPaths.monitoring, { event_name: 'device_check', ...fields, duration_ms: 12 });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('monitoring_events')
      .selectAll()
      .where('event_name', '=', 'device_check')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.attributes)).toEqual({ ...fields, duration_ms: 12 });

    for (const bad of [
      { appRequest: 'yes' },
      { osName: 42 },
      { profileCountry: 'India' },
      { deviceModel: 'x'.repeat(101) },
      { event_name: '' },
    ]) {
      const refused = await c.post(ticketPaths.monitoring, { event_name: 'device_check', ...fields, ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('config', () => {
  it('fails fast with one readable line per bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL must be a postgres/,
    );
  });

  it('keeps a generated session secret in DATA_DIR across restarts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-cfg-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret).toHaveLength(43);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(a.demoMode).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).demoMode).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('restart on the embedded database', () => {
  it('keeps data and signed-in sessions across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-restart-'));
    const start = async () => {
      const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
      const database = openDatabase({ sqliteFile: path.join(config.dataDir, 'selfserve.db') });
      await migrateToLatest(database.db);
      await seedDemoData(database.db);
      const app = await buildApp(config, database);
      return { app, database };
    };
    try {
      const first = await start();
      const c = new TestClient(first.app);
      await c.signInAs('riya.customer@example.in');
      await c.post(apiPaths.addTrack, { event: 'page_view', page: '/before-restart' });
      await first.app.close();
      await first.database.close();

      const second = await start();
      const again = new TestClient(second.app);
      again.cookies = c.cookies;
      expect((await again.get(apiPaths.userInfo)).json().email).toBe('riya.customer@example.in');
      const kept = await second.database.db.selectFrom('track_events').select('page').execute();
      expect(kept.map((r) => r.page)).toContain('/before-restart');
      const bookings = await second.database.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(bookings.n)).toBe(buildDemoData(SEED_ANCHOR).bookings.length);
      await second.app.close();
      await second.database.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
