// Search results people can read (docs/kb-search.md, "Snippets and highlights"): snippets from the article's
// original text with the matched words' places, and the title's — on both databases, through the real search route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type KbSearchResult, kbPaths, kbSearchResponseSchema, SNIPPET_MAX_CHARS } from '@selfserve/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../src/modules/kb/content.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { searchArticles } from '../src/modules/kb/repo.ts';
import { accounts, createTestApp, fixtureKb, type TestApp, TestClient, testDatabases } from './helpers.ts';

const filler = 'Your ride history lists every trip you took. '.repeat(5).trim();
const article = (id: string, title: string, body: string) =>
  `---\nid: "${id}"\nindex: customer\ntype: article\nparent: "2"\nposition: ${id}\ntitle: ${JSON.stringify(title)}\n---\n${body}\n`;

/** The highlighted pieces of a text. */
const marked = (text: string, marks: [number, number][]) => marks.map(([s, e]) => text.slice(s, e));

describe.each(testDatabases)('search snippets and highlights [%s]', (dialect) => {
  let t: TestApp;
  let dir: string;
  const search = async (q: string, client = new TestClient(t.app), type = 'customer') => {
    const res = await client.get(`${kbPaths.search(type)}?query=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    // The wire shape is the contract's, marks included.
    return kbSearchResponseSchema.parse(res.json());
  };
  const result = (results: KbSearchResult[], id: string) => {
    const found = results.find((r) => r.id === id);
    if (!found) throw new Error(`article ${id} is not among ${results.map((r) => r.id).join(', ')}`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-kb-snippets-'));
    fs.cpSync(fixtureKb, dir, { recursive: true });
    const customer = path.join(dir, 'customer');
    fs.writeFileSync(
      path.join(customer, '26.md'),
      article(
        '26',
        'Why does <script> show in my receipt?',
        "If your receipt shows `<script>alert(1)</script>` or &lt;b&gt; instead of your name, don't worry: it's only text. Write to us and we'll fix the receipt.",
      ),
    );
    fs.writeFileSync(
      path.join(customer, '27.md'),
      article(
        '27',
        'Remboursement effectué',
        `${filler} Le remboursement est effectué sur votre carte bancaire, sous sept jours. ${filler}`,
      ),
    );
    // Hidden on desktop, and the best match for "receipt": a desktop visitor's first result is the second hit.
    fs.writeFileSync(
      path.join(customer, '28.md'),
      article('28', 'Receipt, receipt and receipts', 'Receipt receipt receipt: the app shows your receipt.').replace(
        'position: 28\n',
        'position: 28\ntags: [hide_desktop]\n',
      ),
    );
    const imported = await importKnowledgeBase(t.database.db, dir);
    expect(imported.ok).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('cuts the snippet from the original text: case, punctuation and digits as written, matched words marked', async () => {
    const hit = result(await search('wallet'), '21');
    expect(hit.snippet).toBe(
      'Refunds go back to the original payment method within 5 to 7 business days. Wallet refunds are instant.',
    );
    expect(marked(hit.snippet, hit.snippet_marks)).toEqual(['Wallet']);
    expect(hit.title_marks).toEqual([]);
  });

  it('marks the title too, with prefixes and one-typo words as the search matched them', async () => {
    const results = await search('refun');
    const how = result(results, '21');
    expect(marked(how.title, how.title_marks)).toEqual(['refunds']);
    expect(marked(how.snippet, how.snippet_marks)).toEqual(['Refunds', 'refunds']);
    const typo = result(await search('cancelled refnud'), '22');
    expect(marked(typo.title, typo.title_marks)).toEqual(['Refund', 'cancelled']);
    expect(marked(typo.snippet, typo.snippet_marks)).toEqual(['cancelled', 'refund']);
  });

  it('leaves the hidden JSON blocks out of the snippet', async () => {
    const hit = result(await search('refund'), '22');
    expect(hit.snippet).toBe(
      'If you were charged for a ride that was cancelled, ask for a refund here and choose where it should go.',
    );
    expect(hit.snippet).not.toMatch(/initiated|heading|\{/);
  });

  it('keeps text that looks like HTML as text: no markup in the answer, only places', async () => {
    const hit = result(await search('script receipt'), '26');
    expect(hit.title).toBe('Why does <script> show in my receipt?');
    expect(marked(hit.title, hit.title_marks)).toEqual(['script', 'receipt']);
    expect(hit.snippet).toContain('`<script>alert(1)</script>`'.replaceAll('`', ''));
    expect(hit.snippet).toContain('<b>');
    expect(hit.snippet).toContain("don't worry: it's only text.");
    expect(marked(hit.snippet, hit.snippet_marks)).toEqual(['receipt', 'script', 'script', 'receipt']);
    expect(hit.snippet).not.toContain('<mark');
  });

  it('starts a long text at the sentence of the best match, with "…" where it was cut, accents kept', async () => {
    const hit = result(await search('remboursement effectué'), '27');
    expect(
      hit.snippet.startsWith('…Le remboursement est effectué sur votre carte bancaire, sous sept jours. Your'),
    ).toBe(true);
    expect(hit.snippet).toMatch(/ history…$/);
    expect(hit.snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS + 2);
    expect(marked(hit.snippet, hit.snippet_marks)).toEqual(['remboursement', 'effectué']);
    expect(marked(hit.title, hit.title_marks)).toEqual(['Remboursement', 'effectué']);
  });

  it('marks Hindi words in a Hindi index', async () => {
    const ramesh = new TestClient(t.app);
    await ramesh.signInAs(accounts.driverIn);
    const hit = result(await search('भुगतान', ramesh, 'driver'), '71');
    expect(hit.snippet).toBe('आपकी कमाई हर मंगलवार को आपके बैंक खाते में भेजी जाती है। कमीशन और कटौती के बाद भुगतान होता है।');
    expect(marked(hit.snippet, hit.snippet_marks)).toEqual(['भुगतान']);
    expect(marked(hit.title, hit.title_marks)).toEqual(['भुगतान']);
  });

  it('builds the snippet of a hit shown past the hits hidden from this viewer (after the ranking)', async () => {
    // 28 ranks first but is hidden on desktop: a visitor asking for one result is shown the second hit.
    const ranked = await searchArticles(t.database.db, 'receipt', ['customer'], 5);
    expect(ranked.map((h) => h.id).slice(0, 2)).toEqual(['28', '26']);
    const res = await new TestClient(t.app).get(`${kbPaths.search('customer')}?query=receipt&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    const [hit] = kbSearchResponseSchema.parse(res.json());
    expect(hit?.id).toBe('26');
    expect(hit?.snippet.startsWith('If your receipt shows <script>')).toBe(true);
    expect(marked(hit?.snippet ?? '', hit?.snippet_marks ?? [])).toEqual(['receipt', 'receipt']);
    // The same ranking, asked again: the built answer is kept.
    const again = await new TestClient(t.app).get(`${kbPaths.search('customer')}?query=receipt&limit=1`);
    expect(again.json()).toEqual(res.json());
  });

  it('builds the snippet from the stored HTML for a row imported before the plain text was stored', async () => {
    await sql`update articles set body_plain = '' where id = '23'`.execute(t.database.db);
    // A query not asked before in this file: the ranking cache holds the others.
    const hit = result(await search('duplicate automatically'), '23');
    expect(hit.snippet).toBe(
      'You can pay with cash, cards, UPI or the wallet. A failed card payment is never charged twice; if it was, we refund the duplicate automatically.',
    );
    expect(marked(hit.snippet, hit.snippet_marks)).toEqual(['duplicate', 'automatically']);
  });
});

describe('the plain text of a body (what snippets are cut from)', () => {
  it('keeps the words as written, separates blocks, decodes entities and leaves the hidden blocks out', () => {
    const body = readBody(
      '<h2>Before you start</h2><ul><li>One</li><li>Two<br>lines</li></ul><p>It&#39;s &amp; &lt;b&gt; — “fine”.</p>' +
        '<div id="Csat" hidden>{"reasons": ["x"]}</div><p>Last&nbsp;line.</p>',
    );
    expect(body.plain).toBe("Before you start One Two lines It's & <b> — “fine”. Last line.");
    expect(body.text).toBe('before you start one two lines it s b fine last line');
    expect(body.embedded).toEqual({ Csat: { reasons: ['x'] } });
  });
});
