import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';

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

/** Waits until the page has rendered its data: network quiet, no route progress bar, nothing aria-busy. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
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

/** Runs axe-core on the page as it is and asserts no violation of any impact. */
export async function expectNoAxeViolations(page: Page, where = ''): Promise<void> {
  await settle(page);
  // Scripts as strings: the e2e project compiles without the DOM library.
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
