import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, appRoutePatterns } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp, TestClient, testDatabases } from './helpers.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function spaDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-routes-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Selfserve</title><div id="root"></div>');
  return dir;
}

const bootSession = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="boot-session">(.*?)<\/script>/)?.[1] ?? 'null');

/** Issue 14: the server knows the app's pages (contract appRoutePatterns); any other path is the app with a 404. */
describe.each(testDatabases)('page routes [%s]', (dialect) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = spaDir();
    t = await createTestApp(dialect, { staticDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it("answers the app's pages with 200 and the page", async () => {
    for (const url of [
      '/',
      '/?entry_mode=driver_app',
      '/home',
      '/home/',
      '/HOME',
      '/selfServe',
      '/report',
      '/section',
      '/section/driver_default',
      '/section/1003',
      '/1/mainsection',
      '/article/100301',
      '/article/100301/ride/driver_default',
      '/kb/10/1003/100301',
      '/bdetails',
      '/bdetails/4992739872',
      '/4992739872/dreport/100301',
      '/4992739872/dreport/100301/b1/sedan',
      '/dreport',
      '/dreport/100301/driver',
      '/bookingsByType/100301/home',
      '/orders/grocery/G-1',
      '/report/viewinvoice/default',
      '/report/payment/default',
      '/write_to_us/app/ride/dreport/100301',
      '/login?return=%2Fmain',
      '/login/refresh',
      '/invoice/confirm?token=x',
      '/article-not-found',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers an unknown path with 404 and still the page (with its session), so the app shows its not-found page', async () => {
    for (const url of [
      '/no-such-page',
      '/home/extra',
      '/section/1003/extra',
      '/kb/1/2/3/4',
      '/orders/grocery',
      '/bdetails/1/2',
      '/report/a/b/c',
      '/callUs-typo',
    ]) {
      const res = await new TestClient(t.app).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toContain('<div id="root">');
      expect(bootSession(res.body), url).toMatchObject({ status: 'SUCCESS', user: null });
    }
  });

  it('keeps JSON 404s for the API and plain 404s for missing files', async () => {
    for (const url of ['/api/nope', '/api/kb/v3/nope', '/self_serve/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: 'FAILURE', error: { code: 'NOT_FOUND' } });
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
  });

  it('lists no pattern twice', () => {
    expect(new Set(appRoutePatterns).size).toBe(appRoutePatterns.length);
  });

  it('offers no download link when none is configured, whatever the browser', async () => {
    for (const ua of [ANDROID, IPHONE, DESKTOP]) {
      const res = await t.app.inject({ method: 'GET', url: apiPaths.session, headers: { 'user-agent': ua } });
      expect(res.json().app_download_url, ua).toBeNull();
    }
  });
});

describe.each(testDatabases)('app download link [%s]', (dialect) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = spaDir();
    const appDownload = {
      android: 'https://play.example.com/store/apps/details?id=com.selfserve',
      ios: 'https://apps.example.com/app/selfserve/id123',
      generic: undefined,
    };
    t = await createTestApp(dialect, { staticDir, appDownload });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const linkFor = async (ua: string, url: string = apiPaths.session) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });
    return url === apiPaths.session ? res.json().app_download_url : bootSession(res.body).app_download_url;
  };

  it("gives each platform its own store's link, in the session answer and the page alike", async () => {
    expect(await linkFor(ANDROID)).toBe('https://play.example.com/store/apps/details?id=com.selfserve');
    expect(await linkFor(IPHONE)).toBe('https://apps.example.com/app/selfserve/id123');
    expect(await linkFor(ANDROID, '/home')).toBe('https://play.example.com/store/apps/details?id=com.selfserve');
    expect(await linkFor(IPHONE, '/no-such-page')).toBe('https://apps.example.com/app/selfserve/id123');
  });

  it('hides the link on a platform without its own link and no generic one', async () => {
    expect(await linkFor(DESKTOP)).toBeNull();
    expect(await linkFor('')).toBeNull();
  });
});

describe('APP_DOWNLOAD_URL configuration', () => {
  const base = { DATA_DIR: path.resolve('.test-output'), SESSION_SECRET: 'x'.repeat(32) };

  it('reads the generic and per-platform links; unset or empty is none', () => {
    expect(loadConfig(base).appDownload).toEqual({ android: undefined, ios: undefined, generic: undefined });
    const config = loadConfig({
      ...base,
      APP_DOWNLOAD_URL: 'https://example.com/get-the-app',
      APP_DOWNLOAD_URL_ANDROID: 'market://details?id=com.selfserve',
      APP_DOWNLOAD_URL_IOS: '',
    });
    expect(config.appDownload).toEqual({
      android: 'market://details?id=com.selfserve',
      ios: undefined,
      generic: 'https://example.com/get-the-app',
    });
  });

  it('refuses a value that is not a link, naming the variable', () => {
    expect(() => loadConfig({ ...base, APP_DOWNLOAD_URL_IOS: 'javascript:alert(1)' })).toThrow(
      /APP_DOWNLOAD_URL_IOS must be an https:\/\/ address/,
    );
    expect(() => loadConfig({ ...base, APP_DOWNLOAD_URL: 'example.com/app' })).toThrow(/APP_DOWNLOAD_URL must be/);
  });
});
