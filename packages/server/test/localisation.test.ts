import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  languageNames,
  localisedStringsResponseSchema,
  messages,
  preferredLanguageResponseSchema,
  sessionResponseSchema,
  supportedLocales,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signAppToken, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const english = JSON.parse(fs.readFileSync(path.join(testConfig().localesDir, 'en.json'), 'utf8')) as {
  header: { login: string; logout: string };
};

/** A locales folder of our own: the real en.json and a small Hindi file, so the test does not wait for translators. */
function localesFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-locales-'));
  fs.copyFileSync(path.join(testConfig().localesDir, 'en.json'), path.join(dir, 'en.json'));
  fs.writeFileSync(
    path.join(dir, 'hi.json'),
    JSON.stringify({
      header: { login: 'लॉग इन करें' },
      messages: { sorry: 'क्षमा करें', descriptionTooShort: 'कृपया कम से कम {n} अक्षर लिखें' },
    }),
  );
  return dir;
}

describe.each(testDatabases)('preferred language [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a visitor 401 on both calls', async () => {
    const c = new TestClient(t.app);
    await c.get(apiPaths.session);
    expect((await c.get(apiPaths.preferredLanguage)).statusCode).toBe(401);
    const res = await c.post(apiPaths.updatePreferredLanguage, { language: 'hi' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('gives a customer their language and the seven languages, in order, by their own names', async () => {
    const c = await signedIn(t.app, accounts.customer);
    const res = await c.get(apiPaths.preferredLanguage);
    expect(res.statusCode).toBe(200);
    const body = preferredLanguageResponseSchema.parse(res.json());
    expect(body.language).toBe('en');
    expect(body.list_of_languages).toEqual(supportedLocales.map((code) => ({ code, name: languageNames[code] })));
    expect(body.list_of_languages).toHaveLength(7);
    expect(body.list_of_languages[1]).toEqual({ code: 'hi', name: 'हिन्दी' });
  });

  it('switches the language: profile, cookie, the next session answer and the next read follow', async () => {
    const c = await signedIn(t.app, accounts.paidMember);
    const res = await c.post(apiPaths.updatePreferredLanguage, { language: 'ta' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', language: 'ta' });
    const cookie = res.cookies.find((k) => k.name === LANGUAGE_COOKIE);
    expect(cookie).toMatchObject({ value: 'ta', path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS, sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    const session = sessionResponseSchema.parse((await c.get(apiPaths.session)).json());
    expect(session.language).toBe('ta');
    expect((await c.get(apiPaths.preferredLanguage)).json().language).toBe('ta');
    const row = await t.database.db
      .selectFrom('users')
      .select('locale')
      .where('email', '=', accounts.paidMember)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('ta');
    // The profile keeps it without the cookie (another browser).
    c.cookies.delete(LANGUAGE_COOKIE);
    expect((await c.get(apiPaths.session)).json().language).toBe('ta');
  });

  it('stores an alias as the language that serves it (mr → hi)', async () => {
    const c = await signedIn(t.app, accounts.trialMember);
    const res = await c.post(apiPaths.updatePreferredLanguage, { language: 'mr-IN' });
    expect(res.json()).toEqual({ status: 'SUCCESS', language: 'hi' });
  });

  it.each([['de'], ['klingon'], [''], [42]])(
    'refuses %j with 400 and the code unsupportedLanguage',
    async (language) => {
      const c = await signedIn(t.app, accounts.expiredMember);
      const res = await c.post(apiPaths.updatePreferredLanguage, { language });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 'FAILURE',
        error: { code: 'unsupportedLanguage', message: messages.unsupportedLanguage },
      });
      expect(res.cookies.find((k) => k.name === LANGUAGE_COOKIE)).toBeUndefined();
    },
  );

  it('refuses an update without the CSRF token with 403 and changes nothing', async () => {
    const c = await signedIn(t.app, accounts.customer);
    const res = await c.post(apiPaths.updatePreferredLanguage, { language: 'fr' }, { 'x-csrf-token': '' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_MISSING');
    expect((await c.get(apiPaths.preferredLanguage)).json().language).toBe('en');
  });

  it("reads a driver's profile language over the cookie", async () => {
    const c = await signedIn(t.app, accounts.driverIn);
    c.cookies.set(LANGUAGE_COOKIE, 'fr');
    expect((await c.get(apiPaths.session)).json().language).toBe('hi');
    expect((await c.get(apiPaths.preferredLanguage)).json().language).toBe('hi');
  });

  it("reads a customer's cookie over their profile", async () => {
    const c = await signedIn(t.app, accounts.customer);
    c.cookies.set(LANGUAGE_COOKIE, 'kn');
    expect((await c.get(apiPaths.session)).json().language).toBe('kn');
  });

  it("reads a visitor's cookie, else the browser's languages (mr → hi), else English", async () => {
    const c = new TestClient(t.app);
    expect((await c.get(apiPaths.session)).json().language).toBe('en');
    const res = await c.request('GET', apiPaths.session, undefined, { 'accept-language': 'de-DE, mr;q=0.8, en;q=0.5' });
    expect(res.json().language).toBe('hi');
    const weighted = await c.request('GET', apiPaths.session, undefined, { 'accept-language': 'en;q=0.4, te' });
    expect(weighted.json().language).toBe('te');
    c.cookies.set(LANGUAGE_COOKIE, 'nl');
    const both = await c.request('GET', apiPaths.session, undefined, { 'accept-language': 'hi' });
    expect(both.json().language).toBe('nl');
    // A cookie naming no language we serve is not a choice.
    c.cookies.set(LANGUAGE_COOKIE, 'xx');
    expect((await c.get(apiPaths.session)).json().language).toBe('en');
  });

  it('keeps the language an app sign-in names (token claim or query) in the cookie', async () => {
    const c = new TestClient(t.app);
    const res = await c.post(apiPaths.appSession, { token: await signAppToken({ sub: 'u_customer_in', lang: 'te' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('te');
    expect(res.cookies.find((k) => k.name === LANGUAGE_COOKIE)?.value).toBe('te');
    const q = new TestClient(t.app);
    const viaQuery = await q.post(`${apiPaths.appSession}?lang=fr`, {
      token: await signAppToken({ sub: 'u_customer_in' }),
    });
    expect(viaQuery.json().language).toBe('fr');
    expect(q.cookies.get(LANGUAGE_COOKIE)).toBe('fr');
  });
});

describe.each(testDatabases)('localised strings [%s]', (dialect) => {
  let t: TestApp;
  let locales: string;
  beforeAll(async () => {
    locales = localesFixture();
    t = await createTestApp(dialect, { localesDir: locales });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(locales, { recursive: true, force: true });
  });
  const get = (query: string, headers: Record<string, string> = {}) =>
    new TestClient(t.app).request('GET', `${apiPaths.localisedStrings}?${query}`, undefined, headers);

  it('serves English to anyone: every message code and every label under its dotted key, placeholders kept', async () => {
    const res = await get('locale=en&source=customer_website');
    expect(res.statusCode).toBe(200);
    const body = localisedStringsResponseSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'SUCCESS', locale: 'en', source: 'customer_website' });
    for (const [code, text] of Object.entries(messages)) expect(body.strings[code]).toBe(text);
    expect(body.strings['header.login']).toBe(english.header.login);
    expect(body.strings.descriptionTooShort).toContain('{n}');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves Hindi where hi.json has it and English where it does not; mr reads Hindi', async () => {
    const body = (await get('locale=hi&source=driver_app')).json();
    expect(body).toMatchObject({ locale: 'hi', source: 'driver_app' });
    expect(body.strings.sorry).toBe('क्षमा करें');
    expect(body.strings.descriptionTooShort).toBe('कृपया कम से कम {n} अक्षर लिखें');
    expect(body.strings['header.login']).toBe('लॉग इन करें');
    expect(body.strings['header.logout']).toBe(english.header.logout);
    expect(body.strings.retry).toBe(messages.retry);
    const marathi = (await get('locale=mr-IN&source=driver_app')).json();
    expect(marathi.locale).toBe('hi');
    expect(marathi.strings.sorry).toBe('क्षमा करें');
  });

  it('serves a locale without a file (yet), and an unknown one, in English', async () => {
    const french = (await get('locale=fr&source=customer_app')).json();
    expect(french.locale).toBe('fr');
    expect(french.strings.sorry).toBe(messages.sorry);
    expect(french.strings['header.login']).toBe(english.header.login);
    expect((await get('locale=xx&source=customer_app')).json().locale).toBe('en');
  });

  it('echoes every source (one catalogue for all) and refuses an unknown one with 400 unknownLocalisationSource', async () => {
    const a = (await get('locale=hi&source=operator_app')).json();
    const b = (await get('locale=hi&source=share_pass')).json();
    expect(a.source).toBe('operator_app');
    expect(b.strings).toEqual(a.strings);
    const bad = await get('locale=hi&source=somewhere');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'unknownLocalisationSource',
      message: messages.unknownLocalisationSource,
    });
    expect((await get('locale=hi')).statusCode).toBe(400);
    expect((await get('source=customer_app')).statusCode).toBe(400);
  });

  it('answers 304 to a matching If-None-Match, and a different ETag per locale', async () => {
    const first = await get('locale=hi&source=customer_website');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('locale=hi&source=customer_website', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('locale=en&source=customer_website', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });
});
