import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, kbArticleResponseSchema, kbPaths, LANGUAGE_COOKIE } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { accounts, createTestApp, fixtureKb, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';

const hindiBody =
  'आप नकद, कार्ड, UPI या वॉलेट से भुगतान कर सकते हैं। असफल कार्ड भुगतान से दो बार पैसा नहीं कटता; कटे तो हम अपने आप लौटा देते हैं।';

/** The fixture knowledge base with a translations folder beside it (kb-i18n/<locale>/<index>/*.md). */
function contentWithTranslations(): { root: string; kb: string; i18n: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-kb-i18n-'));
  const kb = path.join(root, 'kb');
  fs.cpSync(fixtureKb, kb, { recursive: true });
  const i18n = path.join(root, 'kb-i18n');
  const hi = path.join(i18n, 'hi', 'customer');
  fs.mkdirSync(hi, { recursive: true });
  fs.writeFileSync(
    path.join(hi, '23.md'),
    `---\nid: "23"\ntitle: भुगतान के तरीके\n---\n${hindiBody}\n\n<script>alert(1)</script>\n`,
  );
  fs.writeFileSync(path.join(hi, '2.md'), '---\nid: "2"\ntitle: भुगतान और रिफ़ंड\n---\nभुगतान, वॉलेट और रिफ़ंड।\n');
  return { root, kb, i18n };
}

describe.each(testDatabases)('knowledge base in the reader’s language [%s]', (dialect) => {
  let t: TestApp;
  let content: ReturnType<typeof contentWithTranslations>;
  beforeAll(async () => {
    content = contentWithTranslations();
    t = await createTestApp(dialect, {}, { kb: content.kb });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(content.root, { recursive: true, force: true });
  });

  const hindiVisitor = () => {
    const c = new TestClient(t.app);
    c.cookies.set(LANGUAGE_COOKIE, 'hi');
    return c;
  };
  const article = async (c: TestClient, id: string) => {
    const res = await c.get(`${kbPaths.articles}?id=${id}`);
    expect(res.statusCode).toBe(200);
    return kbArticleResponseSchema.parse(res.json()).data;
  };

  it('imported the translations, sanitised as English bodies are', async () => {
    const rows = await t.database.db.selectFrom('article_translations').selectAll().orderBy('article_id').execute();
    expect(rows.map((r) => [r.article_id, r.locale])).toEqual([
      ['2', 'hi'],
      ['23', 'hi'],
    ]);
    const body = rows.find((r) => r.article_id === '23')?.body_html ?? '';
    expect(body).toContain('<p>आप नकद');
    expect(body).not.toContain('script');
  });

  it('serves a translated article in Hindi with language hi, its parent under the Hindi title', async () => {
    const data = await article(hindiVisitor(), '23');
    expect(data).toMatchObject({ language: 'hi', title: 'भुगतान के तरीके', name: 'भुगतान के तरीके' });
    expect(data.body).toContain('आप नकद');
    expect(data.html_body).toBe(data.body);
    expect(data.ancestors.map((a) => a.title)).toEqual(['भुगतान और रिफ़ंड']);
  });

  it('serves an untranslated article in English with language en, its translated siblings in Hindi', async () => {
    const data = await article(hindiVisitor(), '21');
    expect(data).toMatchObject({ language: 'en', title: 'How refunds work' });
    expect(data.body).toContain('Refunds go back');
    expect(data.ancestors[0]?.title).toBe('भुगतान और रिफ़ंड');
  });

  it('serves English to an English reader after a Hindi one (caches keep the languages apart)', async () => {
    await article(hindiVisitor(), '23');
    const data = await article(new TestClient(t.app), '23');
    expect(data).toMatchObject({ language: 'en', title: 'Payment methods' });
    expect(data.body).toContain('You can pay with cash');
    const again = await article(hindiVisitor(), '23');
    expect(again.title).toBe('भुगतान के तरीके');
  });

  it('lists a category with its translated title and children (the home categories, and the category itself)', async () => {
    const meta = (await hindiVisitor().get(`${kbPaths.meta}?index_name=customer`)).json();
    const titles = meta.data.map((c: { id: string; title: string }) => [c.id, c.title]);
    expect(titles).toContainEqual(['2', 'भुगतान और रिफ़ंड']);
    const payments = meta.data.find((c: { id: string }) => c.id === '2');
    expect(payments.articles.find((a: { id: string }) => a.id === '23').title).toBe('भुगतान के तरीके');
    const category = await article(hindiVisitor(), '2');
    expect(category).toMatchObject({ language: 'hi', title: 'भुगतान और रिफ़ंड' });
    expect(category.articles.find((a) => a.id === '23')?.title).toBe('भुगतान के तरीके');
    expect(category.articles.find((a) => a.id === '21')?.title).toBe('How refunds work');
    const english = (await new TestClient(t.app).get(`${kbPaths.meta}?index_name=customer`)).json();
    expect(english.data.find((c: { id: string }) => c.id === '2').title).toBe('Payments and refunds');
  });

  it('follows the browser language for a visitor and the picked language for a user', async () => {
    const res = await new TestClient(t.app).request('GET', `${kbPaths.articles}?id=23`, undefined, {
      'accept-language': 'bn-IN,en;q=0.5',
    });
    expect(res.json().data.language).toBe('hi');
    const c = await signedIn(t.app, accounts.customer);
    expect((await article(c, '23')).language).toBe('en');
    await c.post(apiPaths.updatePreferredLanguage, { language: 'hi' });
    expect((await article(c, '23')).title).toBe('भुगतान के तरीके');
  });

  it('serves French readers English (no French translation), saying so', async () => {
    const c = new TestClient(t.app);
    c.cookies.set(LANGUAGE_COOKIE, 'fr');
    expect(await article(c, '23')).toMatchObject({ language: 'en', title: 'Payment methods' });
  });

  it('re-imports without changes, then picks up an edited translation and drops a removed one', async () => {
    const run = () => importKnowledgeBase(t.database.db, content.kb);
    const same = await run();
    expect(same.ok && same.translations).toEqual({ added: 0, updated: 0, unchanged: 2, removed: 0 });
    const file = path.join(content.i18n, 'hi', 'customer', '23.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('भुगतान के तरीके', 'भुगतान कैसे करें'));
    fs.rmSync(path.join(content.i18n, 'hi', 'customer', '2.md'));
    const edited = await run();
    expect(edited.ok && edited.translations).toEqual({ added: 0, updated: 1, unchanged: 0, removed: 1 });
    const data = await article(hindiVisitor(), '23');
    expect(data.title).toBe('भुगतान कैसे करें');
    expect(data.ancestors[0]?.title).toBe('Payments and refunds');
  });

  it.each([
    [
      'an unknown article id',
      'hi/customer/90.md',
      '---\nid: "777"\ntitle: X\n---\nकुछ भी',
      /translates article 777, which does not exist/,
    ],
    [
      'an unknown locale',
      'de/customer/23.md',
      '---\nid: "23"\ntitle: X\n---\nEtwas',
      /"de" is not a locale to translate into/,
    ],
    [
      'English as a translation',
      'en/customer/23.md',
      '---\nid: "23"\ntitle: X\n---\nSomething',
      /"en" is not a locale/,
    ],
    ['the wrong index folder', 'hi/customer_select/23.md', '---\nid: "23"\ntitle: X\n---\nकुछ', /not in its folder/],
    [
      'an index that does not exist',
      'hi/custmer/23.md',
      '---\nid: "23"\ntitle: X\n---\nकुछ',
      /"custmer" is not an index/,
    ],
    ['a key of its own', 'hi/customer/91.md', '---\nid: "21"\ntitle: X\ncolour: red\n---\nकुछ', /colour/],
    ['a too short article body', 'hi/customer/92.md', '---\nid: "21"\ntitle: X\n---\nछोटा', /at least 40 characters/],
  ])('refuses %s with the file and reason, importing nothing', async (_name, rel, source, reason) => {
    const file = path.join(content.i18n, rel);
    const created = path.dirname(file);
    const fresh = !fs.existsSync(created);
    fs.mkdirSync(created, { recursive: true });
    fs.writeFileSync(file, source);
    try {
      const result = await importKnowledgeBase(t.database.db, content.kb);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      // The problem names the file, or the locale folder when the locale itself is wrong.
      expect(result.problems.every((p) => file.startsWith(p.file))).toBe(true);
      expect(result.problems.map((p) => p.reason).join('\n')).toMatch(reason);
    } finally {
      const locale = rel.split('/')[0] as string;
      fs.rmSync(fresh ? created : file, { recursive: true });
      if (locale !== 'hi') fs.rmSync(path.join(content.i18n, locale), { recursive: true, force: true });
    }
  });

  it('still serves the last good import after the refused ones', async () => {
    expect((await article(hindiVisitor(), '23')).title).toBe('भुगतान कैसे करें');
    const ok = await importKnowledgeBase(t.database.db, content.kb);
    expect(ok.ok && ok.translations).toEqual({ added: 0, updated: 0, unchanged: 1, removed: 0 });
  });
});
