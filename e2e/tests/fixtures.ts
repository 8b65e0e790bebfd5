import { type Browser, type BrowserContext, type Page, test as plain, type TestInfo } from '@playwright/test';
import { trackNetwork, test as withAxe } from './a11y.ts';
import { thisWorkersServer } from './servers.ts';

/**
 * The browser suite runs under the server's real Content-Security-Policy and fails on any violation (issue 20 item 1,
 * docs/security.md "Headers"). Every spec imports `test` from here:
 *
 * - each frame of every page of the test's browser contexts — the `context` fixture's and any the test opens with
 *   `browser.newContext()` / `browser.newPage()` — records `securitypolicyviolation` events (an init script that
 *   calls back into the runner at once, so a violation just before a navigation is not lost);
 * - every console line Chromium writes for blocked content ("… violates the following Content Security Policy
 *   directive …", "Refused to …": scripts, styles, frames, connections, and the only trace of one raised inside a
 *   worker) is recorded too;
 * - when the test ends, any recorded violation fails it, naming the directive, the blocked resource and the page.
 *
 * A test that provokes a violation on purpose declares it with `csp.allow(/pattern/)` (csp.spec.ts).
 * `test` also scans every page with axe-core (a11y.ts); `testWithoutAxe` is for the two specs that must not
 * (timeout.spec.ts holds the network, embedding.spec.ts drives a partner's page on another origin).
 */

export interface CspViolation {
  /** 'event' from securitypolicyviolation, 'console' from a "Refused to …" line. */
  via: 'event' | 'console';
  directive: string;
  blocked: string;
  /** The document (event) or the script location (console) it happened in. */
  where: string;
  sample: string;
  /** The script that did it (events only); empty for code the test runner evaluated in the page. */
  source?: string;
}

export interface CspWatch {
  /** Everything recorded so far in this test, allowed ones included. */
  readonly violations: readonly CspViolation[];
  /** Declares violations matching `pattern` (directive, blocked resource or console text) as expected. */
  allow(pattern: RegExp): void;
  /** The recorded violations not allowed: what fails the test at its end. */
  unexpected(): CspViolation[];
}

const BINDING = '__selfserveCspViolation';

// A string, not a function: the e2e project compiles without the DOM library. Capture phase on the document: the
// event is dispatched at the offending element (or the document) and bubbles, so this sees all of them.
const INIT_SCRIPT = `(() => {
  if (window.__selfserveCspWatch) return;
  window.__selfserveCspWatch = true;
  document.addEventListener('securitypolicyviolation', (e) => {
    const v = {
      directive: e.effectiveDirective || e.violatedDirective || '',
      blocked: e.blockedURI || '',
      where: e.documentURI || location.href,
      sample: (e.sample || '') + (e.sourceFile ? ' @ ' + e.sourceFile + ':' + e.lineNumber : ''),
      source: e.sourceFile || '',
    };
    try { window.${BINDING}(v); } catch (_) { /* binding not yet there: the console line still counts */ }
  }, true);
})();`;

// Chromium's console lines for blocked content: "Executing inline script violates the following Content Security
// Policy directive …", "Loading the image '…' violates …", older "Refused to …" ones (X-Frame-Options still).
// "Refused to set/get unsafe header" is CORS, not CSP.
const REFUSED = /violates the following Content Security Policy directive|^(\[Report Only\] )?Refused to /;
const NOT_CSP = /unsafe header/;

/**
 * A string compiled by code the runner evaluated in the page, not by the page: axe-core's message templates
 * (`new Function`), which the CSP refuses like any eval. Such code has no script URL; an eval by the app's own
 * scripts names the script (zod's JIT probe did, before zod was made jitless: packages/web/src/lib/config.ts),
 * and a payload's eval could only run from a handler or script the CSP blocks first.
 */
function isTooling(v: CspViolation): boolean {
  return v.via === 'event' && v.blocked === 'eval' && v.source === '';
}

function describe(v: CspViolation): string {
  return `[${v.via}] ${v.directive || '?'} blocked ${v.blocked || '(inline)'} in ${v.where}${v.sample ? ` — ${v.sample}` : ''}`;
}

function createWatch() {
  const violations: CspViolation[] = [];
  const allowed: RegExp[] = [];
  const watched = new WeakSet<BrowserContext>();
  const isAllowed = (v: CspViolation) =>
    isTooling(v) || allowed.some((re) => re.test(v.directive) || re.test(v.blocked) || re.test(v.sample));
  const watch: CspWatch = {
    violations,
    allow: (pattern) => {
      allowed.push(pattern);
    },
    unexpected: () => violations.filter((v) => !isAllowed(v)),
  };
  async function attach(context: BrowserContext) {
    if (watched.has(context)) return;
    watched.add(context);
    trackNetwork(context);
    await context.exposeBinding(BINDING, (_source, v: Omit<CspViolation, 'via'>) => {
      violations.push({ via: 'event', ...v });
    });
    await context.addInitScript(INIT_SCRIPT);
    context.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      if (!REFUSED.test(text) || NOT_CSP.test(text)) return;
      const directive = /directive:? ["']([a-z-]+)/.exec(text)?.[1] ?? /X-Frame-Options/.exec(text)?.[0];
      const { url, lineNumber } = msg.location();
      violations.push({
        via: 'console',
        directive: directive ?? '',
        blocked: /'([^']+)' (?:violates|because)/.exec(text)?.[1] ?? '',
        where: url ? `${url}:${lineNumber}` : (msg.page()?.url() ?? ''),
        sample: text,
      });
    });
  }
  return { watch, attach };
}

/**
 * A server-rendered page reads before its app runs (docs/ssr.md "First paint"): its buttons answer once React has
 * hydrated it, a moment after the load event. The suite drives pages as someone who waits for that moment: after a
 * navigation, until the page has no app to start (the SPA's pages render in the browser) or hydrateRoot has marked
 * the container. A string: the e2e project compiles without the DOM library.
 */
const APP_STARTED = `(() => {
  if (!document.getElementById('boot-modules')) return true;
  const root = document.getElementById('root');
  return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
})()`;

function waitForAppAfterNavigation(page: Page): void {
  for (const name of ['goto', 'reload'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        // Polled with evaluate, which the page's CSP does not see (waitForFunction compiles its string with eval).
        // Bounded: a page without JavaScript (ssr.spec's first test) never starts its app.
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline && !(await page.evaluate(APP_STARTED).catch(() => true))) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return response;
      },
    });
  }
}

async function runWatched(
  { context, browser }: { context: BrowserContext; browser: Browser },
  use: (w: CspWatch) => Promise<void>,
  testInfo: TestInfo,
) {
  const { watch, attach } = createWatch();
  await attach(context);
  for (const page of context.pages()) waitForAppAfterNavigation(page);
  context.on('page', waitForAppAfterNavigation);
  // Contexts a test opens itself (a second user, a fresh visitor) are watched too, for this test only.
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const created = await newContext.apply(browser, args);
    await attach(created);
    created.on('page', waitForAppAfterNavigation);
    return created;
  };
  try {
    await use(watch);
  } finally {
    browser.newContext = newContext;
  }
  // Console events of the last moments are delivered asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (watch.violations.length > 0) {
    await testInfo.attach('csp-violations', {
      body: watch.violations.map(describe).join('\n'),
      contentType: 'text/plain',
    });
  }
  const unexpected = watch.unexpected();
  if (unexpected.length > 0) {
    throw new Error(
      `Content-Security-Policy violation${unexpected.length > 1 ? 's' : ''} in "${testInfo.title}":\n` +
        unexpected.map((v) => `  ${describe(v)}`).join('\n'),
    );
  }
}

type CspFixtures = { csp: CspWatch };

// Every context a test opens, and its `request`, talk to the worker's own server (servers.ts).
const baseURL = thisWorkersServer().baseURL;

export const test = withAxe.extend<CspFixtures>({
  baseURL,
  csp: [runWatched, { auto: true }],
});

export const testWithoutAxe = plain.extend<CspFixtures>({
  baseURL,
  csp: [runWatched, { auto: true }],
});

export { expect } from '@playwright/test';
export { expectNoAxeViolations, settle } from './a11y.ts';
