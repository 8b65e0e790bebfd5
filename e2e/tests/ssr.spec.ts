import { expect, type Page } from '@playwright/test';
import { kbPaths } from '@selfserve/contract';
import { test } from './fixtures.ts';
import { signIn } from './support.ts';

// Server-rendered public pages (issue 19 item 1, docs/ssr.md): readable without JavaScript, hydrated without a warning,
// a flash or a second fetch, and working afterwards.

/** content/kb/customer/100301-how-refunds-work.md */
const ARTICLE = '100301';
const ARTICLE_TITLE = 'How refunds work';
const ARTICLE_TEXT = 'When we approve a refund, you can usually choose where the money goes.';
const CATEGORY = '100300';

/** React took over the server's HTML: hydrateRoot marks the container. */
async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.locator('#root').evaluate((root) => Object.keys(root).some((k) => k.startsWith('__reactContainer'))),
    )
    .toBe(true);
}

test('an article shows its text with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(`/article/${ARTICLE}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE_TITLE);
    await expect(page.getByTestId('article-body')).toContainText(ARTICLE_TEXT);
    await expect(page).toHaveTitle(`${ARTICLE_TITLE} · Selfserve Help Centre`);
    // Styled as in the app: the page's CSS is in the HTML (the app's own and the article page's), nothing to fetch.
    expect(await page.locator('style[data-href]').count()).toBeGreaterThan(1);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveCSS('font-family', /Times/);
  } finally {
    await context.close();
  }
});

test('public pages hydrate with no console error or warning, and an article is not fetched again', async ({ page }) => {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The not-found page's own 404 status is reported by Chromium as a failed load of the document itself.
    if (/status of 404/.test(message.text()) && message.location().url === page.url()) return;
    said.push(`${page.url()}: ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`${page.url()}: ${error.message}`));
  const articleCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(kbPaths.articles)) articleCalls.push(request.url());
  });

  const pages: [string, string | RegExp][] = [
    ['/home', /./],
    ['/kb', /./],
    [`/kb/${CATEGORY}`, 'Payments and refunds'],
    [`/article/${ARTICLE}`, ARTICLE_TITLE],
    ['/search?q=refund', /refund/],
    ['/article/999999', 'Article not found.'],
  ];
  for (const [path, heading] of pages) {
    articleCalls.length = 0;
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === '/article/999999' ? 404 : 200);
    // The server's HTML already holds the page (no loader first).
    expect(await response?.text(), path).not.toContain('data-load-status="in_progress"');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    // Give a late fetch or a late warning the time to show.
    await page.waitForTimeout(500);
    if (path !== '/article/999999') expect(articleCalls, `${path} fetched its article again`).toEqual([]);
  }
  expect(said).toEqual([]);
});

test('the CSS written into the page is never fetched, and the app does not load it again', async ({ page }) => {
  const sheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') sheets.push(new URL(request.url()).pathname);
  });
  await page.goto(`/kb/${CATEGORY}`);
  await hydrated(page);
  const inlined = await page
    .locator('style[data-href]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-href')));
  expect(inlined.length).toBeGreaterThan(1);
  // Each named by a disabled link right after it, which the app's lazy pages (Vite's preload) take as loaded.
  const marked = await page
    .locator('style[data-href] + link[rel="stylesheet"][disabled]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(marked).toEqual(inlined);
  // An article opened in the app: its page's sheets that were not in the first page arrive, none of the others.
  await page.getByTestId('article-children').getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/kb/${CATEGORY}/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(sheets.filter((href) => inlined.includes(href))).toEqual([]);
  expect(new Set(sheets).size).toBe(sheets.length);
});

test('after hydration the article page works: client navigation, and its head follows', async ({ page }) => {
  await page.goto(`/kb/${CATEGORY}`);
  await hydrated(page);
  await page.getByTestId('article-children').getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/kb/${CATEGORY}/\\d+$`));
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  await expect(page).toHaveTitle(`${title} · Selfserve Help Centre`);
  // The description and canonical follow the page shown (app/head-sync.ts).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/section\/\d+$|\/article\/\d+/);
});

test('the lazy routes hydration resolves preload none of the modules boot has already imported', async ({ page }) => {
  for (const path of [`/article/${ARTICLE}`, `/kb/${CATEGORY}`]) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForTimeout(500);
    const imported = JSON.parse((await page.locator('#boot-modules').textContent()) ?? '[]') as string[];
    expect(imported.length, path).toBeGreaterThan(10);
    const hrefsOf = (rel: string) =>
      page
        .locator(`link[rel="${rel}"]`)
        .evaluateAll((links) => links.map((l) => new URL(l.getAttribute('href') ?? '', 'http://x').pathname));
    // Boot names each module it imports (boot.ts nameModules), so Vite's preload helper adds no link for them.
    expect((await hrefsOf('app-module')).sort(), path).toEqual([...imported].sort());
    const preloaded = await hrefsOf('modulepreload');
    expect(
      preloaded.filter((href) => imported.includes(href)),
      path,
    ).toEqual([]);
  }
});

test("a visitor's plain article page runs no zod: neither its first modules nor the guided-form gate", async ({
  page,
}) => {
  // The contract's schemas are built when their module is evaluated: on a slow phone the zod chunk alone was one
  // blocking task of ~100 ms (docs/ssr.md "First paint"). The page needs none of them to show or hydrate.
  const scripts: Promise<[string, string]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.text().then((text) => [response.url(), text]));
    }
  });
  await page.goto(`/article/${ARTICLE}`);
  await hydrated(page);
  // The gate (app/article-flow-gate.tsx) loads after hydration and decides this article has no form.
  await expect(page.getByTestId('article-feedback')).toBeVisible();
  await page.waitForTimeout(500);
  const loaded = await Promise.all(scripts);
  expect(loaded.map(([url]) => url)).toContainEqual(expect.stringMatching(/article-flow-gate-/));
  expect(loaded.filter(([, text]) => text.includes('$ZodObject')).map(([url]) => url)).toEqual([]);
  // A page with a form does load it (the one-touch panel validates with the contract's schemas).
  await page.goto('/article/100608');
  await hydrated(page);
  await expect
    .poll(async () => (await Promise.all(scripts)).some(([, text]) => text.includes('$ZodObject')))
    .toBe(true);
});

test('hydrating an article takes its last-updated day as the server wrote it; the next article formats its own', async ({
  page,
}) => {
  // Counts the long-date formatters the page makes (lib/day-format.ts): the browser's first one is a long task on a
  // slow phone, and the server has already written the day.
  // (Strings: the e2e project compiles without the DOM library.)
  await page.addInitScript(`
    window.longDayFormats = 0;
    const count = (args) => { if (args[1]?.dateStyle === 'long') window.longDayFormats++; };
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args) { count(args); return Reflect.construct(target, args); },
      apply(target, self, args) { count(args); return Reflect.apply(target, self, args); },
    });
  `);
  const longDayFormats = () => page.evaluate('window.longDayFormats');
  const written = (day: string) =>
    ['en-IN', 'en-US'].map(
      (tag) =>
        `Last updated ${new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))}`,
    );

  // content/kb/customer/100301-how-refunds-work.md: updated 2026-06-26.
  const response = await page.goto(`/article/${ARTICLE}`);
  const html = (await response?.text()) ?? '';
  await hydrated(page);
  const updated = page.getByTestId('article-updated');
  await expect(updated).toHaveAttribute('data-day', '2026-06-26');
  expect(written('2026-06-26')).toContain(await updated.textContent());
  expect(html).toContain(`>${await updated.textContent()}</p>`);
  expect(await longDayFormats()).toBe(0);

  // A client-side navigation to another article (100302, updated 2025-10-28) writes its day in the browser.
  await page.evaluate(`
    window.history.pushState({}, '', '/article/100302');
    window.dispatchEvent(new PopStateEvent('popstate'));
  `);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund for a cancelled ride');
  await expect(updated).toHaveAttribute('data-day', '2025-10-28');
  expect(written('2025-10-28')).toContain(await updated.textContent());
  expect(await longDayFormats()).toBe(1);
});

test("a signed-in reader's server-rendered article: the one-touch panel works after hydration", async ({ page }) => {
  const riya = 'riya.customer@example.in';
  await signIn(page, riya);
  // content/kb/customer/100608-account-blocked.md (call_type unban), as onetouch.spec.ts opens it.
  const response = await page.goto('/article/100608');
  expect(await response?.text()).toContain('data-article-id="100608"');
  await hydrated(page);
  const panel = page.getByTestId('onetouch-panel');
  const submitted = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/submit'));
  await panel.getByRole('button', { name: 'Submit request' }).click();
  await submitted;
  // The answer's dialog (onetouch.spec may have sent the same request for riya earlier in the run: then it is the
  // spec's 'already received' answer).
  await expect(page.getByRole('dialog', { name: /^Request (already )?received$/ })).toBeVisible();
});

/** Where lib/app-version.ts keeps it (a string: the e2e project compiles without the DOM library). */
const APP_VERSION = "window.sessionStorage.getItem('selfserve.app.version')";

test('a page the native app opens keeps its app version for the next pages', async ({ page }) => {
  await page.goto('/home?app_version=512');
  await hydrated(page);
  await expect.poll(() => page.evaluate(APP_VERSION)).toBe('512');
  await page.goto('/kb');
  await hydrated(page);
  expect(await page.evaluate(APP_VERSION)).toBe('512');
});
