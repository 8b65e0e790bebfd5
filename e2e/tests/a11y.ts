import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, test as base, expect, type Page, type Request } from '@playwright/test';

/**
 * axe-core in the browser suite (issue 14): every page a journey visits is scanned, and any violation — of any impact,
 * minor included — fails the test with the rule, the page and the offending elements.
 *
 * Use `test` from this file instead of '@playwright/test': each `page.goto` is followed by a scan of the settled page,
 * and the page a test ends on is scanned too. Pages reached by clicks in between are scanned with
 * `expectNoAxeViolations(page)` where a journey wants it. Not used by timeout.spec.ts (its network is held on purpose,
 * the page never settles) nor embedding.spec.ts (it drives a partner's test page on another origin).
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** How long a page's network must stay quiet before it counts as settled (Playwright's `networkidle` waits 500 ms). */
const QUIET_MS = 150;

/** The requests in flight of each page of a tracked context, and when the last one ended. */
const network = new WeakMap<Page, { inflight: Set<Request>; quietSince: number }>();

/**
 * Follows the requests of every page of `context`, so `settle` can wait for a short quiet moment instead of
 * `networkidle`'s 500 ms before every scan (docs/performance.md, session of 2026-11-30). Web sockets are not
 * requests: an open chat does not keep its page busy, as with `networkidle`.
 */
export function trackNetwork(context: BrowserContext): void {
  const stateOf = (request: Request) => {
    let page: Page | null;
    try {
      page = request.frame().page();
    } catch {
      return undefined; // a service worker's request
    }
    let state = network.get(page);
    if (!state) {
      state = { inflight: new Set(), quietSince: Date.now() };
      network.set(page, state);
    }
    return state;
  };
  const ended = (request: Request) => {
    const state = stateOf(request);
    if (state?.inflight.delete(request) && state.inflight.size === 0) state.quietSince = Date.now();
  };
  context.on('request', (request) => stateOf(request)?.inflight.add(request));
  context.on('requestfinished', ended);
  context.on('requestfailed', ended);
}

async function networkQuiet(page: Page, timeout: number): Promise<void> {
  const state = network.get(page);
  if (!state) {
    // A page of a context the suite does not track (browser.newPage()).
    await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
    return;
  }
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline && (state.inflight.size > 0 || Date.now() - state.quietSince < QUIET_MS)) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the page has rendered its data: network quiet, no route progress bar, nothing aria-busy. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => undefined);
  await networkQuiet(page, 10_000);
  await page
    // A function, not a string: Playwright compiles a string predicate with eval when it has to poll, which the
    // page's CSP refuses (the wait then failed at once, silently).
    .waitForFunction(
      (selector) =>
        !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector(
          selector,
        ),
      '.route-progress, [aria-busy="true"], .loader',
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * Pages this worker has already scanned clean, by their markup and what the browser lays them out for: the same page
 * scanned again gives the same answer (the login page, say, which every signed-in journey passes through).
 */
const scannedClean = new Set<string>();

/** The page as axe-core sees it: its DOM, the viewport and the media features the context emulates. */
const PAGE_IDENTITY = `[
  innerWidth, innerHeight, devicePixelRatio,
  matchMedia('(prefers-color-scheme: dark)').matches, matchMedia('(forced-colors: active)').matches,
  matchMedia('(prefers-reduced-motion: reduce)').matches, document.documentElement.outerHTML,
].join('\\n')`;

/** Runs axe-core on the page as it is and asserts no violation of any impact. */
export async function expectNoAxeViolations(page: Page, where = ''): Promise<void> {
  await settle(page);
  // Scripts as strings: the e2e project compiles without the DOM library.
  const identity = createHash('sha256')
    .update(await page.evaluate<string>(PAGE_IDENTITY))
    .digest('hex');
  if (scannedClean.has(identity)) return;
  const hasAxe = await page.evaluate<boolean>(`'axe' in window`);
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate<AxeViolation[]>(`axe
    .run(document, { resultTypes: ['violations'] })
    .then((result) => result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })),
    })))`);
  const url = new URL(page.url());
  expect(violations, `axe violations on ${where || `${url.pathname}${url.search}`}`).toEqual([]);
  scannedClean.add(identity);
}

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // Only the app's HTML pages (not a JSON answer or an image opened directly).
      if ((response?.headers()['content-type'] ?? '').includes('text/html')) {
        await expectNoAxeViolations(page, url);
      }
      return response;
    };
    await use(page);
    if (testInfo.status === testInfo.expectedStatus && !page.isClosed() && page.url().startsWith('http')) {
      await expectNoAxeViolations(page, `the last page of "${testInfo.title}"`);
    }
  },
});

export { expect };
