import fs from 'node:fs';
import path from 'node:path';
import { articlePath, LANGUAGE_COOKIE } from '@selfserve/contract';
import { build } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, fixtureKb, type TestApp, TestClient, testDatabases } from './helpers.ts';

// Server-rendered public pages (issue 19 item 1, docs/ssr.md): the web app and its SSR entry are built once for this
// file, into packages/web/node_modules/.cache so the SSR bundle finds its packages as the real one does. Set
// SSR_TEST_WEB_BUILD to a folder holding dist/ and dist-server/ to reuse a build.
const root = path.resolve(import.meta.dirname, '../../..');
const webDir = path.join(root, 'packages/web');
const work = path.join(webDir, 'node_modules/.cache', `selfserve-ssr-test-${process.pid}`);
let buildDir = process.env.SSR_TEST_WEB_BUILD ?? '';

async function buildWeb(): Promise<void> {
  if (buildDir) return;
  buildDir = work;
  const common = { root: webDir, configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'error' as const };
  await build({ ...common, build: { outDir: path.join(work, 'dist'), emptyOutDir: true, sourcemap: false } });
  await build({
    ...common,
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(work, 'dist-server'), emptyOutDir: true, sourcemap: false },
  });
}

/** The fixture knowledge base with a Hindi translation of article 21 (content/kb-i18n's layout). */
function kbWithTranslation(): string {
  const kb = path.join(work, 'kb');
  fs.cpSync(fixtureKb, kb, { recursive: true });
  const hindi = path.join(work, 'kb-i18n', 'hi', 'customer');
  fs.mkdirSync(hindi, { recursive: true });
  fs.writeFileSync(
    path.join(hindi, '21.md'),
    '---\nid: "21"\ntitle: रिफ़ंड कैसे होता है\n---\nरिफ़ंड 5 से 7 कार्यदिवसों में मूल भुगतान माध्यम में लौट आता है। वॉलेट रिफ़ंड तुरंत होते हैं।\n',
  );
  return kb;
}

/** The JSON of a `<script type="application/json" id=…>` block. */
function jsonBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

const rootHtml = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
const headHtml = (html: string) => /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';

/**
 * Loading the SSR build is a moment of synchronous work: the overload guard (plugins/pressure.ts) may
 * answer 503 until its next sample. Wait that out, as a client honouring Retry-After would.
 */
async function settled(t: TestApp): Promise<TestApp> {
  for (let i = 0; i < 100; i++) {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    if (res.statusCode !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return t;
}

let kbDir = '';
beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true });
  await buildWeb();
  kbDir = kbWithTranslation();
}, 300_000);
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

describe.each(testDatabases)('server-rendered public pages (issue 19) [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await settled(await createTestApp(dialect, { staticDir: path.join(buildDir, 'dist') }, { kb: kbDir }));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await settled(t);
  });
  const visitor = () => new TestClient(t.app);
  const page = (url: string, headers: Record<string, string> = {}) =>
    visitor().request('GET', url, undefined, { host: 'help.example.in', ...headers });

  it("an article's HTML carries its title, body text, the session and the query state, without inline script", async () => {
    const res = await page('/article/21');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const body = rootHtml(res.body);
    expect(body).toContain('How refunds work');
    expect(body).toContain('Refunds go back to the original payment method within 5 to 7 business days.');
    // The session as before, and the answers the render used: the browser fetches nothing again.
    expect(jsonBlock(res.body, 'boot-session')).toMatchObject({ status: 'SUCCESS', user: null, language: 'en' });
    const state = jsonBlock(res.body, 'ssr-state') as { queries: { key: unknown[]; data?: { id?: string } }[] };
    const article = state.queries.find((q) => q.key[0] === 'kb' && q.key[1] === 'article' && q.key[3] === '21');
    expect(article?.data?.id).toBe('21');
    // The CSP allows no inline script: every <script> is a module file or a JSON block.
    for (const tag of res.body.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).toMatch(/type="module"[^>]*src=|type="application\/json"/);
    }
    // One script starts the page, after its first paint (docs/ssr.md "First paint"): nothing else is fetched before.
    const head = headHtml(res.body);
    expect(head.match(/<script type="module"[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/boot-[^"]+\.js">$/),
    ]);
    expect(head).not.toContain('modulepreload');
    // Its CSS is in the HTML, before the script: the app's own sheet and the article page's, each naming its file.
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    const styles = [...head.matchAll(/<style data-href="(\/assets\/[^"]+\.css)">([^<]*)<\/style>/g)];
    expect(styles.map((m) => m[1])).toContainEqual(expect.stringMatching(/^\/assets\/index-[^"]+\.css$/));
    expect(styles.length).toBeGreaterThan(1);
    for (const [, href, text] of styles) {
      expect(text).toBe(fs.readFileSync(path.join(buildDir, 'dist', href as string), 'utf8'));
    }
    expect(head.indexOf('<style data-href=')).toBeLessThan(head.indexOf('<script'));
    // It loads the app's entry first, then the page's own module among the rest, all at once (no waterfall).
    const modules = jsonBlock(res.body, 'boot-modules') as string[];
    expect(modules[0]).toMatch(/^\/assets\/index-[^"]+\.js$/);
    expect(modules).toContainEqual(expect.stringMatching(/^\/assets\/article-[^"]+\.js$/));
    expect(modules).toContainEqual(expect.stringMatching(/^\/assets\/framework-[^"]+\.js$/));
    expect(new Set(modules).size).toBe(modules.length);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the readable address, /dreport and /kb render the same article', async () => {
    for (const url of [articlePath('21', 'How refunds work'), '/dreport/21', '/kb/2/21']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootHtml(res.body), url).toContain('Refunds go back to the original payment method');
    }
  });

  it("a member-only article's HTML has none of its text: a visitor gets what the app shows them", async () => {
    const res = await page('/article/111');
    const body = rootHtml(res.body);
    expect(body).not.toContain('Renew your membership');
    expect(body).not.toContain('Your membership renews automatically');
    expect(body).toContain('Article not found.');
    expect(res.statusCode).toBe(404);
    expect(headHtml(res.body)).toContain('<meta name="robots" content="noindex" />');
  });

  it('an unknown article is the not-found page with status 404; an unknown path still 404', async () => {
    const res = await page('/article/99999');
    expect(res.statusCode).toBe(404);
    expect(rootHtml(res.body)).toContain('Article not found.');
    const unknown = await page('/no-such-page');
    expect(unknown.statusCode).toBe(404);
  });

  it('head tags: title, description from the first paragraph, absolute canonical and Open Graph', async () => {
    const res = await page('/article/21');
    const head = headHtml(res.body);
    expect(head).toContain('<title>How refunds work · Selfserve Help Centre</title>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(
      '<meta name="description" content="Refunds go back to the original payment method within 5 to 7 business days. Wallet refunds are instant." />',
    );
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain('<link rel="canonical" href="http://help.example.in/article/21-how-refunds-work" />');
    expect(head).toContain('<meta property="og:title" content="How refunds work · Selfserve Help Centre" />');
    expect(head).toContain('<meta property="og:url" content="http://help.example.in/article/21-how-refunds-work" />');
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toMatch(/<meta property="og:locale" content="en(_[A-Z]{2})?" \/>/);
    expect(head).toMatch(/<meta property="og:description" content="Refunds go back/);
  });

  it('PUBLIC_URL is the canonical origin', async () => {
    const other = await settled(
      await createTestApp(
        dialect,
        { staticDir: path.join(buildDir, 'dist'), publicUrl: 'https://help.example.com' },
        { kb: kbDir },
      ),
    );
    try {
      const res = await new TestClient(other.app).get('/article/21');
      expect(headHtml(res.body)).toContain(
        '<link rel="canonical" href="https://help.example.com/article/21-how-refunds-work" />',
      );
    } finally {
      await other.close();
    }
  });

  it('hreflang alternates for a translated article, x-default too; the Hindi reader gets the Hindi page', async () => {
    const english = headHtml((await page('/article/21')).body);
    expect(english).toContain(
      '<link rel="alternate" hreflang="en" href="http://help.example.in/article/21-how-refunds-work" />',
    );
    expect(english).toContain(
      '<link rel="alternate" hreflang="hi" href="http://help.example.in/article/21-how-refunds-work?lang=hi" />',
    );
    expect(english).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://help.example.in/article/21-how-refunds-work" />',
    );
    // Not translated: no alternates.
    expect(headHtml((await page('/article/22')).body)).not.toContain('hreflang');

    const hindi = await page('/article/21?lang=hi');
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).toMatch(/<html lang="hi"/);
    expect(rootHtml(hindi.body)).toContain('रिफ़ंड कैसे होता है');
    expect(rootHtml(hindi.body)).toContain('रिफ़ंड 5 से 7 कार्यदिवसों में');
    expect(headHtml(hindi.body)).toContain(
      '<link rel="canonical" href="http://help.example.in/article/21-how-refunds-work?lang=hi" />',
    );
    expect(headHtml(hindi.body)).toContain('<meta property="og:locale" content="hi');
  });

  it('the language cookie and Accept-Language are respected as the browser would', async () => {
    const byCookie = await page('/article/21', { cookie: `${LANGUAGE_COOKIE}=hi` });
    expect(rootHtml(byCookie.body)).toContain('रिफ़ंड कैसे होता है');
    const byHeader = await page('/home', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(byHeader.body).toMatch(/<html lang="fr"/);
    expect((jsonBlock(byHeader.body, 'boot-session') as { language: string }).language).toBe('fr');
    // The home page's texts in French, its categories listed.
    expect(rootHtml(byHeader.body)).toContain('Payments and refunds');
  });

  it('/home and /kb render the category lists; /kb/{id} a section with its articles', async () => {
    const home = await page('/home');
    expect(home.statusCode).toBe(200);
    expect(rootHtml(home.body)).toContain('Payments and refunds');
    expect(rootHtml(home.body)).not.toContain('Select Membership');
    expect(headHtml(home.body)).toContain('<link rel="canonical" href="http://help.example.in/home" />');
    const kb = await page('/kb');
    expect(kb.statusCode).toBe(200);
    expect(rootHtml(kb.body)).toContain('data-testid="category-list"');
    expect(rootHtml(kb.body)).toContain('Payments and refunds');
    const section = await page('/kb/2');
    expect(rootHtml(section.body)).toContain('How refunds work');
  });

  it('/search renders its results list, and its title names the query', async () => {
    const res = await page('/search?q=refunds');
    expect(res.statusCode).toBe(200);
    expect(rootHtml(res.body)).toContain('data-testid="search-results"');
    // The result links to its article, the matched word marked (docs/kb-search.md).
    expect(rootHtml(res.body)).toMatch(
      /<a[^>]*href="\/article\/21"[^>]*>How <mark class="kb-mark">refunds<\/mark> work<\/a>/,
    );
    expect(headHtml(res.body)).toContain('<title>Results for “refunds” · Selfserve Help Centre</title>');
    expect(headHtml(res.body)).toContain('<link rel="canonical" href="http://help.example.in/search?q=refunds" />');
  });

  it('signed-in-only pages stay rendered in the browser', async () => {
    const res = await page('/bookings');
    expect(res.body).toContain('<div id="root"></div>');
    expect(jsonBlock(res.body, 'ssr-state')).toBeUndefined();
    expect(jsonBlock(res.body, 'boot-session')).toMatchObject({ status: 'SUCCESS' });
  });
});
