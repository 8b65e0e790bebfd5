import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  agentRoutes,
  agentTicketPaths,
  apiPaths,
  type ChatConfigResponse,
  CSRF_HEADER,
  chatAvailabilityPaths,
  chatPaths,
  EVERY_DAY,
  IDEMPOTENCY_HEADER,
  LANGUAGE_COOKIE,
  TICKET_MESSAGE_MAX,
  ticketPath,
  ticketPaths,
  ticketThreadPaths,
} from '@selfserve/contract';
import { type CspWatch, expect, settle, testWithoutAxe as test } from './fixtures.ts';
import { thisWorkersServer } from './servers.ts';
import { XSS_PAYLOADS } from './xss-corpus.ts';

/**
 * The XSS corpus in Chromium (issue 20 item 3): every payload of xss-corpus.ts written into the fields users and
 * article authors write (article titles, bodies and translations, search queries, ticket subjects, descriptions and
 * replies, agents' replies and notes, chat messages), then every page that shows them — the category, search and
 * article pages, the rider's ticket list and conversation, the mail outbox, the chat, the agent console's queue and
 * ticket page — rendered once with many payloads at a time.
 *
 * An execution is any of: the marker `xss(n)` called (the payloads' own call), a dialog (alert/confirm/prompt), a
 * CSP violation (a blocked script or handler means the markup got through), or — checked on every rendered page —
 * markup that would run when touched: an `on…` attribute, a javascript:/vbscript:/data:text URL in a link, frame or
 * form, an inline script, a frame, an object or an embed. The suite expects 0 and prints payloads × fields × pages.
 *
 * It runs its own server (built, on its worker's spare port from servers.ts, its own SQLite, the limits on ticket
 * creation and search lifted so the corpus goes in through the API in seconds) with the demo knowledge base plus hostile articles and translations,
 * imported at start as an author's content would be.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = thisWorkersServer().sparePort;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ADMIN_TOKEN = 'xss-spec-admin-token-not-a-secret-0123456789';

const CATEGORY_ID = '990000';
const GROUPS = 10;
const groupId = (k: number) => String(990100 + k);
const titleArticleId = (n: number) => String(991000 + n);

/** Payloads a field can carry at all: the API refuses NUL and lone surrogates anywhere with 400 (docs/security.md). */
const storable = (p: string) => !p.includes('\0') && Buffer.from(p).toString() === p;

interface Render {
  field: string;
  page: string;
  payloads: number;
}
const renders: Render[] = [];
const refused: { field: string; n: number; status: number }[] = [];

interface Hit {
  kind: 'marker' | 'dialog' | 'residue';
  detail: string;
  url: string;
}
const hits: Hit[] = [];

let server: ChildProcess | undefined;
let workDir = '';
let serverLog = '';

// ---------------------------------------------------------------------------------------------------------------
// Content: hostile articles, as an author would write them (Markdown with HTML), and their translations.

function frontMatter(fields: Record<string, string | number>): string {
  // JSON strings are YAML double-quoted scalars: any payload stays one line and one value.
  return `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${typeof v === 'number' ? v : JSON.stringify(v)}`)
    .join('\n')}\n---\n`;
}

function writeHostileContent(kbDir: string, i18nDir: string) {
  const dir = path.join(kbDir, 'customer');
  fs.writeFileSync(
    path.join(dir, `${CATEGORY_ID}-xss-corpus.md`),
    `${frontMatter({ id: CATEGORY_ID, index: 'customer', type: 'category', position: 99, title: 'Corpus under attack' })}Articles whose titles and bodies are XSS payloads (e2e/tests/xss.spec.ts).\n`,
  );
  const hiDir = path.join(i18nDir, 'hi', 'customer');
  fs.mkdirSync(hiDir, { recursive: true });
  // Bodies: ten articles, each with every tenth payload as its own paragraph, and a Hindi translation of each.
  for (let k = 0; k < GROUPS; k++) {
    const body = XSS_PAYLOADS.map((p, i) => ({ p, n: i + 1 }))
      .filter(({ n }) => n % GROUPS === k)
      .map(({ p, n }) => `Payload ${n}:\n\n${p}\n`)
      .join('\n');
    const file = `${groupId(k)}-corpus-bodies-${k}.md`;
    fs.writeFileSync(
      path.join(dir, file),
      `${frontMatter({ id: groupId(k), index: 'customer', type: 'article', parent: CATEGORY_ID, position: k, title: `Corpus bodies ${k}`, updated: '2026-01-01' })}These paragraphs are XSS payloads written as article content (xsscorpus).\n\n${body}`,
    );
    const hiTitle = XSS_PAYLOADS.find((p, i) => (i + 1) % GROUPS === k && storable(p) && p.trim().length <= 150);
    fs.writeFileSync(
      path.join(hiDir, file),
      `${frontMatter({ id: groupId(k), title: hiTitle?.trim() ?? `कॉर्पस ${k}` })}ये अनुच्छेद लेख की सामग्री के रूप में लिखे गए XSS पेलोड हैं।\n\n${body}`,
    );
  }
  // Titles: one article per payload that fits a title (plain text, at most 150 characters).
  XSS_PAYLOADS.forEach((p, i) => {
    const title = p.trim();
    if (!title || title.length > 150 || !storable(p) || title.includes('\n')) return;
    const n = i + 1;
    fs.writeFileSync(
      path.join(dir, `${titleArticleId(n)}-corpus-title-${n}.md`),
      `${frontMatter({ id: titleArticleId(n), index: 'customer', type: 'article', parent: CATEGORY_ID, position: 10 + n, title, updated: '2026-01-01' })}Corpus article ${n} (xsscorpus): its title is payload ${n} of the corpus.\n`,
    );
  });
}

const titledPayloads = () =>
  XSS_PAYLOADS.filter((p) => p.trim() && p.trim().length <= 150 && storable(p) && !p.trim().includes('\n')).length;

// ---------------------------------------------------------------------------------------------------------------
// The server of this spec.

async function startServer() {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-xss-'));
  const kbDir = path.join(workDir, 'kb');
  fs.cpSync(path.join(ROOT, 'content', 'kb'), kbDir, { recursive: true });
  fs.cpSync(path.join(ROOT, 'content', 'kb-i18n'), path.join(workDir, 'kb-i18n'), { recursive: true });
  writeHostileContent(kbDir, path.join(workDir, 'kb-i18n'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: path.join(workDir, 'data'),
    KB_CONTENT_DIR: kbDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    SIGN_IN_RATE_LIMIT: '100000',
    SEARCH_RATE_LIMIT: '100000',
    TICKET_RATE_LIMIT_PER_USER: '100000',
    TICKET_RATE_LIMIT_PER_IP: '100000',
    ADMIN_API_TOKEN: ADMIN_TOKEN,
  };
  // Its own embedded SQLite, whatever the suite's server uses.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.FRAME_ANCESTORS;
  server = spawn(process.execPath, [path.join(ROOT, 'packages', 'server', 'dist', 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => {
    serverLog += d;
  });
  server.stderr?.on('data', (d) => {
    serverLog += d;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the XSS server stopped (${server.exitCode}):\n${serverLog}`);
    const up = await fetch(`${ORIGIN}${apiPaths.health}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the XSS server did not start within 120 s:\n${serverLog}`);
}

async function stopServer() {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------------------
// Browsers and API clients on that server.

interface Visitor {
  context: BrowserContext;
  page: Page;
  api: APIRequestContext;
  csrf: string;
}

async function open(browser: Browser, email: string | null, opts: { language?: string } = {}): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: ORIGIN });
  if (opts.language) {
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: opts.language, url: ORIGIN }]);
  }
  await context.exposeBinding('__xssHit', (source, n: unknown) => {
    hits.push({ kind: 'marker', detail: `payload ${String(n)}`, url: source.page?.url() ?? '' });
  });
  // The payloads' marker; `parent.xss` from a frame reaches it too.
  await context.addInitScript('window.xss = (n) => { try { window.__xssHit(n); } catch (_) {} };');
  context.on('page', (p) => watchDialogs(p));
  const page = await context.newPage();
  const api = context.request;
  let csrf = ((await (await api.get(apiPaths.session)).json()) as { csrf_token: string }).csrf_token;
  if (email) {
    const res = await api.post(apiPaths.demoLogin, { data: { email }, headers: { [CSRF_HEADER]: csrf } });
    expect(res.status(), await res.text()).toBe(200);
    csrf = ((await (await api.get(apiPaths.session)).json()) as { csrf_token: string }).csrf_token;
  }
  return { context, page, api, csrf };
}

function watchDialogs(page: Page) {
  page.on('dialog', (dialog) => {
    hits.push({ kind: 'dialog', detail: `${dialog.type()}(${dialog.message()})`, url: page.url() });
    void dialog.dismiss().catch(() => undefined);
  });
}

/**
 * Markup left in the page that would run when touched (a hover, a click, a submit): what a payload that did not fire
 * on load would need. Our own page has none of it (React sets no on… attributes; our scripts have src or are JSON).
 */
const RESIDUE_SCRIPT = `(() => {
  const found = [];
  const bad = /^\\s*(javascript|vbscript|data:text|data:application)/i;
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) found.push(el.tagName + '[' + name + ']');
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'].includes(name)) {
        const v = a.value.replace(/[\\u0000-\\u0020]/g, '');
        if (name === 'srcdoc' || bad.test(v)) found.push(el.tagName + '[' + name + '=' + a.value.slice(0, 60) + ']');
      }
    }
    const tag = el.tagName.toLowerCase();
    if (tag === 'script' && !el.src && el.type !== 'application/json') found.push('inline script: ' + el.textContent.slice(0, 60));
    if (['iframe', 'frame', 'object', 'embed', 'portal', 'base', 'meta'].includes(tag) && !el.closest('head')) found.push('<' + tag + '>');
  }
  return found;
})()`;

/** Opens a page (or uses the one already there), lets it settle and records what ran and what was left. */
async function render(v: Visitor, url: string | null, field: string, label: string, payloads: number) {
  if (url) await v.page.goto(url);
  await settle(v.page);
  // Handlers of failed images and focus fire just after load.
  await v.page.waitForTimeout(300);
  const residue = await v.page.evaluate<string[]>(RESIDUE_SCRIPT);
  for (const r of residue) hits.push({ kind: 'residue', detail: r, url: v.page.url() });
  renders.push({ field, page: label, payloads });
}

async function adminPut(api: APIRequestContext, url: string, data: unknown) {
  const res = await api.put(url, { data, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(res.status(), await res.text()).toBe(200);
}

// ---------------------------------------------------------------------------------------------------------------

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  const total = renders.reduce((sum, r) => sum + r.payloads, 0);
  const fields = new Set(renders.map((r) => r.field)).size;
  const pages = new Set(renders.map((r) => r.page)).size;
  console.log(
    `XSS corpus: ${XSS_PAYLOADS.length} payloads, ${fields} fields, ${pages} pages: ${total} payload renders, ${hits.length} executions` +
      (refused.length
        ? `; refused at input: ${refused.length} (${[...new Set(refused.map((r) => r.field))].join(', ')})`
        : ''),
  );
  const rows = new Map<string, { loads: number; payloads: number }>();
  for (const r of renders) {
    const row = rows.get(`${r.field} → ${r.page}`) ?? { loads: 0, payloads: 0 };
    row.loads++;
    row.payloads += r.payloads;
    rows.set(`${r.field} → ${r.page}`, row);
  }
  for (const [what, row] of rows) console.log(`  ${what}: ${row.payloads} payloads in ${row.loads} page load(s)`);
});

function expectNoExecutions(csp: CspWatch, where: string) {
  const cspHits = csp.violations.map((v) => `${v.directive} ${v.blocked} ${v.sample.slice(0, 80)}`);
  expect(
    [...hits.map((h) => `${h.kind}: ${h.detail} @ ${h.url}`), ...cspHits.map((c) => `csp: ${c}`)],
    `XSS executions (${where})`,
  ).toEqual([]);
}

test('article titles, bodies and translations written by an author run nothing on any page', async ({
  browser,
  csp,
}) => {
  test.setTimeout(240_000);
  const visitor = await open(browser, null);
  const titled = titledPayloads();
  await render(visitor, `/kb/${CATEGORY_ID}`, 'article title', 'category page', titled);
  // Every title is listed on the category page: the content really is there, as text.
  await expect(visitor.page.locator(`a[href*="/${CATEGORY_ID}/991"]`)).toHaveCount(titled);
  await render(visitor, '/search?q=xsscorpus', 'article title', 'search results', titled);
  for (let k = 0; k < GROUPS; k++) {
    const n = XSS_PAYLOADS.filter((_, i) => (i + 1) % GROUPS === k).length;
    await render(visitor, `/article/${groupId(k)}`, 'article body', 'article page', n);
    await expect(visitor.page.getByText(`Payload ${k === 0 ? GROUPS : k}:`)).toBeVisible();
  }
  const hindi = await open(browser, null, { language: 'hi' });
  for (let k = 0; k < GROUPS; k++) {
    const n = XSS_PAYLOADS.filter((_, i) => (i + 1) % GROUPS === k).length;
    await render(hindi, `/article/${groupId(k)}`, 'article translation (hi)', 'article page', n + 1);
  }
  await visitor.context.close();
  await hindi.context.close();
  expectNoExecutions(csp, 'articles');
});

test('search queries reflected in the page run nothing', async ({ browser, csp }) => {
  test.setTimeout(240_000);
  const visitor = await open(browser, null);
  // Five payloads a query: the query is shown in the box, the heading and the document title.
  const usable = XSS_PAYLOADS.filter(storable);
  for (let i = 0; i < usable.length; i += 5) {
    const group = usable.slice(i, i + 5);
    await render(
      visitor,
      `/search?q=${encodeURIComponent(group.join(' '))}`,
      'search query',
      'search page',
      group.length,
    );
  }
  await visitor.context.close();
  expectNoExecutions(csp, 'search');
});

test('ticket subjects and descriptions run nothing in the ticket list or the mail outbox', async ({ browser, csp }) => {
  test.setTimeout(240_000);
  const writers = [await open(browser, 'riya.customer@example.in'), await open(browser, 'arjun.select@example.in')];
  const written = [0, 0];
  for (const [i, p] of XSS_PAYLOADS.entries()) {
    const w = i % writers.length;
    const v = writers[w] as Visitor;
    const res = await v.api.post(ticketPaths.create, {
      data: { article_name: p.slice(0, 200), query: `Payload ${i + 1} of the corpus: ${p}`.slice(0, 5000) },
      headers: { [CSRF_HEADER]: v.csrf, [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
    });
    if (res.status() === 200) written[w] = (written[w] ?? 0) + 1;
    else {
      expect(res.status(), `ticket with payload ${i + 1}: ${await res.text()}`).toBeLessThan(500);
      refused.push({ field: 'ticket', n: i + 1, status: res.status() });
    }
  }
  for (const [w, v] of writers.entries()) {
    await render(v, '/tickets', 'ticket subject', 'ticket list', written[w] ?? 0);
    await expect(v.page.getByTestId('ticket').first()).toBeVisible();
  }
  // The confirmation mails name the subject; the demo outbox shows the newest 50.
  await render(writers[0] as Visitor, '/dev/outbox', 'ticket subject', 'mail outbox', 50);
  for (const v of writers) await v.context.close();
  expectNoExecutions(csp, 'tickets');
});

test('chat messages run nothing in the conversation', async ({ browser, csp }) => {
  test.setTimeout(240_000);
  const admin = await open(browser, null);
  const config = (await (
    await admin.api.get(chatAvailabilityPaths.config, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  ).json()) as ChatConfigResponse;
  const india = config.regions.find((r) => r.region === 'in');
  if (!india) throw new Error('no India chat configuration');
  await adminPut(admin.api, chatAvailabilityPaths.config, {
    regions: {
      in: {
        ...india.config,
        enabled: true,
        cities: 'all',
        car_categories: 'all',
        bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
        live_hours: [],
      },
    },
    updated_by: 'e2e xss.spec',
  });
  await admin.context.close();
  // 20 messages a minute per conversation: the corpus is spread over several people's chats.
  const people = [
    'riya.customer@example.in',
    'arjun.select@example.in',
    'meera.trial@example.in',
    'kabir.expired@example.in',
    'sunil.rider@example.in',
    'neha.unverified@example.in',
    'vikram.bike@example.in',
    'ramesh.driver@example.in',
  ];
  const usable = XSS_PAYLOADS.filter(storable);
  const perPerson = Math.ceil(usable.length / people.length);
  let seq = 0;
  for (const [j, email] of people.entries()) {
    const mine = usable.slice(j * perPerson, (j + 1) * perPerson);
    if (mine.length === 0) continue;
    const v = await open(browser, email);
    const started = await v.api.post(chatPaths.start, { data: {}, headers: { [CSRF_HEADER]: v.csrf } });
    expect(started.status(), `${email}: ${await started.text()}`).toBe(200);
    let sent = 0;
    for (const p of mine) {
      const res = await v.api.post(chatPaths.messages, {
        data: { client_id: `xss-${Date.now().toString(36)}-${(seq++).toString(36)}`, body: p.slice(0, 1000) },
        headers: { [CSRF_HEADER]: v.csrf },
      });
      if (res.status() === 200) sent++;
      else {
        expect(res.status(), `chat message: ${await res.text()}`).toBeLessThan(500);
        refused.push({ field: 'chat message', n: XSS_PAYLOADS.indexOf(p) + 1, status: res.status() });
      }
    }
    await render(v, '/chat', 'chat message', 'chat page', sent);
    await expect(v.page.getByTestId('chat-message').first()).toBeVisible();
    await v.context.close();
  }
  expectNoExecutions(csp, 'chat');
});

test("ticket descriptions and replies run nothing in the rider's conversation or the agent console", async ({
  browser,
  csp,
}) => {
  test.setTimeout(300_000);
  const riya = await open(browser, 'riya.customer@example.in');
  const anita = await open(browser, 'anita.agent@example.in');
  const usable = XSS_PAYLOADS.filter(storable);
  const key = () => `xss-${crypto.randomUUID()}`;

  // Descriptions: the corpus in as few tickets as the description's 5,000 characters allow, one payload a line.
  const descriptionTickets: { id: string; payloads: number }[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const res = await riya.api.post(ticketPaths.create, {
      data: { article_name: `Corpus descriptions ${descriptionTickets.length}`, query: batch.join('\n') },
      headers: { [CSRF_HEADER]: riya.csrf, [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(200);
    descriptionTickets.push({ id: ((await res.json()) as { ticket_id: string }).ticket_id, payloads: batch.length });
    batch = [];
  };
  for (const p of usable) {
    if ([...batch, p].join('\n').length > 5000) await flush();
    batch.push(p);
  }
  await flush();

  // Replies: one ticket whose conversation is the corpus, the rider and the agent (replies and internal notes) in turn.
  const thread = descriptionTickets[0]?.id ?? '';
  let replies = 0;
  for (const [i, p] of usable.entries()) {
    const body = p.slice(0, TICKET_MESSAGE_MAX);
    const res =
      i % 3 === 0
        ? await riya.api.post(ticketPath(ticketThreadPaths.replies, thread), {
            data: { body, client_key: key() },
            headers: { [CSRF_HEADER]: riya.csrf },
          })
        : await anita.api.post(ticketPath(agentTicketPaths.messages, thread), {
            data: { kind: i % 3 === 1 ? 'reply' : 'note', body, client_key: key() },
            headers: { [CSRF_HEADER]: anita.csrf },
          });
    if (res.status() === 200) replies++;
    else {
      expect(res.status(), `reply with payload ${XSS_PAYLOADS.indexOf(p) + 1}: ${await res.text()}`).toBeLessThan(500);
      refused.push({ field: 'ticket reply', n: XSS_PAYLOADS.indexOf(p) + 1, status: res.status() });
    }
  }

  // The agent's ticket pages (description and every reply and note), then the queue with the corpus subjects.
  for (const [j, t] of descriptionTickets.entries()) {
    await render(anita, ticketPath(agentRoutes.ticket, t.id), 'ticket description', 'agent ticket page', t.payloads);
    if (j === 0) renders.push({ field: 'ticket reply', page: 'agent ticket page', payloads: replies });
    await expect(anita.page.getByTestId('agent-message').first()).toBeVisible();
  }
  await anita.page.goto(agentRoutes.tickets);
  await expect(anita.page.getByTestId('agent-ticket-row').first()).toBeVisible();
  const rows = anita.page.getByTestId('agent-ticket-row');
  const corpusRows = (await rows.count()) - (await rows.filter({ hasText: 'Corpus descriptions' }).count());
  await render(anita, null, 'ticket subject', 'agent ticket queue', corpusRows);
  // The rider's side: the conversation opened from the ticket list (the agent's internal notes are not shown there).
  await riya.page.goto('/tickets');
  const card = riya.page.locator(`[data-ticket-id="${thread}"]`).first();
  await card.getByRole('button', { name: 'Show conversation' }).click();
  await expect(card.getByTestId('thread-message').first()).toBeVisible();
  await render(riya, null, 'ticket reply', 'rider ticket conversation', Math.round((replies * 2) / 3));
  await riya.context.close();
  await anita.context.close();
  expectNoExecutions(csp, 'ticket descriptions and replies');
});
