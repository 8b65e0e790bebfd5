import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Article, kbArticleResponseSchema, kbPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { boldLineHeadings, contentWarnings, parseContentFile } from '../src/modules/kb/content.ts';
import { formatImportResult, importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { accounts, createTestApp, fixtureKb, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

describe('bold lines used as headings', () => {
  const file = (body: string) => `---\nid: "9"\nindex: customer\ntype: article\nparent: "2"\ntitle: X\n---\n${body}`;

  it('finds a bold line standing alone before a list, text or table, with its line in the file', () => {
    const source = file(
      [
        'Intro text.', // line 8
        '',
        '**How the fare is made up**', // 10
        '- Minimum fare',
        '',
        '**Paying cash?**', // 13
        '',
        'Keep change ready.',
        '',
        '**Have ready:**', // 17
        '| a | b |',
      ].join('\n'),
    );
    expect(boldLineHeadings(source)).toEqual([
      { line: 10, text: 'How the fare is made up' },
      { line: 13, text: 'Paying cash?' },
      { line: 17, text: 'Have ready:' },
    ]);
  });

  it('leaves emphasis alone: sentences, bold inside text or lists, the last line, code and real headings', () => {
    const source = file(
      [
        '**If you are in danger now, call 112.**', // a sentence
        '',
        '**अगर आप ख़तरे में हैं, तो 112 पर कॉल करें।**', // a Hindi sentence (danda)
        '',
        'Pay the **app fare**, not the meter.',
        'A line of text',
        '**continued in bold**', // part of the paragraph above
        '',
        '- **Cash:** pay the driver',
        '**Bold** and **more bold**',
        '',
        '```',
        '**not markdown here**',
        '',
        '```',
        '',
        '## A real heading',
        '',
        '**The end**', // nothing follows it
      ].join('\n'),
    );
    expect(boldLineHeadings(source)).toEqual([]);
  });

  it('words the warning with the file, the line and the fix', () => {
    expect(contentWarnings('content/kb/customer/9.md', file('**Steps**\n1. Open the app'))).toEqual([
      {
        file: 'content/kb/customer/9.md',
        line: 8,
        reason: 'bold line used as a heading ("Steps"): write it as a Markdown heading (## Steps)',
      },
    ]);
  });

  it('reads `updated` as a calendar day that has passed', () => {
    const withUpdated = (updated: string) =>
      parseContentFile(
        '9.md',
        `---\nid: "9"\nindex: customer\ntype: article\nparent: "2"\ntitle: X\nupdated: ${updated}\n---\nA body that is long enough to be an article body.`,
      );
    expect(withUpdated('2026-03-14')).toMatchObject({ updated: '2026-03-14' });
    expect(withUpdated('"2026-03-14"')).toMatchObject({ updated: '2026-03-14' });
    expect(withUpdated('2026-02-30')).toMatchObject({ reason: 'updated: is not a calendar date' });
    expect(withUpdated('14/03/2026')).toMatchObject({ reason: 'updated: must be a date written YYYY-MM-DD' });
    expect(withUpdated('2999-01-01')).toMatchObject({ reason: 'updated: is in the future' });
  });

  it('keeps the shipped content free of them (every article has `updated`)', () => {
    const root = path.join(import.meta.dirname, '..', '..', '..', 'content');
    const found: string[] = [];
    let articles = 0;
    let dated = 0;
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.md') && e.name !== 'README.md') {
          const source = fs.readFileSync(p, 'utf8');
          found.push(...contentWarnings(p, source).map((w) => `${w.file}:${w.line}`));
          if (p.includes(`${path.sep}kb${path.sep}`) && /^type: article$/m.test(source)) {
            articles++;
            if (/^updated: \d{4}-\d{2}-\d{2}$/m.test(source)) dated++;
          }
        }
      }
    };
    walk(root);
    expect(found).toEqual([]);
    expect(articles).toBeGreaterThan(300);
    expect(dated).toBe(articles);
  });
});

describe.each(testDatabases)('article page data [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
  });
  afterAll(async () => {
    await t.close();
  });

  const article = async (c: TestClient, id: string): Promise<Article> => {
    const res = await c.get(`${kbPaths.articles}?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return kbArticleResponseSchema.parse(res.json()).data;
  };
  const signedIn = async (email: string) => {
    const c = new TestClient(t.app);
    await c.signInAs(email);
    return c;
  };

  it('answers the day the content last changed, or null when the file does not say', async () => {
    const c = new TestClient(t.app);
    expect((await article(c, '21')).updated).toBe('2026-03-14');
    expect((await article(c, '23')).updated).toBeNull();
    expect((await article(c, '2')).updated).toBeNull();
  });

  it('answers the ancestors in order for breadcrumbs', async () => {
    const node = await article(new TestClient(t.app), '22');
    expect(node.ancestors.map((a) => [a.id, a.title, a.type])).toEqual([['2', 'Payments and refunds', 'category']]);
  });

  it('counts the helpful votes, one per voter, and a changed vote at once', async () => {
    const visitor = new TestClient(t.app);
    expect((await article(visitor, '23')).feedback).toEqual({ helpful: 0, total: 0 });
    const riya = await signedIn(accounts.customer);
    const arjun = await signedIn(accounts.paidMember);
    expect((await riya.post(kbPaths.feedback, { article_id: '23', helpful: true })).statusCode).toBe(200);
    expect((await arjun.post(kbPaths.feedback, { article_id: '23', helpful: false })).statusCode).toBe(200);
    await visitor.get('/api/auth/session');
    expect((await visitor.post(kbPaths.feedback, { article_id: '23', helpful: true })).statusCode).toBe(200);
    expect((await article(visitor, '23')).feedback).toEqual({ helpful: 2, total: 3 });
    // Voting again changes the vote, never adds one; the answer is not a cached copy.
    expect((await arjun.post(kbPaths.feedback, { article_id: '23', helpful: true })).statusCode).toBe(200);
    expect((await riya.post(kbPaths.feedback, { article_id: '23', helpful: true })).statusCode).toBe(200);
    expect((await article(riya, '23')).feedback).toEqual({ helpful: 3, total: 3 });
    // Another article has its own count.
    expect((await article(riya, '21')).feedback).toEqual({ helpful: 0, total: 0 });
  });

  it('shows a vote on another instance within about a second, and on the voting one at once', async () => {
    // A second instance over the same database: its own Kysely object, so its own per-instance caches (as a second
    // process would have; the caches key on the database object).
    const other = await buildApp(testConfig(), {
      ...t.database,
      db: t.database.db.withPlugin({ transformQuery: (a) => a.node, transformResult: async (a) => a.result }),
    });
    try {
      const onOther = new TestClient(other);
      const visitor = new TestClient(t.app);
      // Both instances have read (and keep) the counts.
      const before = (await article(onOther, '24')).feedback;
      expect((await article(visitor, '24')).feedback).toEqual(before);
      const meera = await signedIn(accounts.trialMember);
      expect((await meera.post(kbPaths.feedback, { article_id: '24', helpful: true })).statusCode).toBe(200);
      const after = { helpful: before.helpful + 1, total: before.total + 1 };
      // The voting instance at once.
      expect((await article(visitor, '24')).feedback).toEqual(after);
      // The other within about a second (its feedback stamp is read at most once a second).
      const started = Date.now();
      let seen = (await article(onOther, '24')).feedback;
      while (seen.total !== after.total && Date.now() - started < 3000) {
        await new Promise((r) => setTimeout(r, 100));
        seen = (await article(onOther, '24')).feedback;
      }
      expect(seen).toEqual(after);
      expect(Date.now() - started).toBeLessThan(2000);
      // A changed vote too, the other way round: cast on the other instance, seen there at once.
      const meeraOther = new TestClient(other);
      meeraOther.cookies = meera.cookies;
      meeraOther.csrf = meera.csrf;
      expect((await meeraOther.post(kbPaths.feedback, { article_id: '24', helpful: false })).statusCode).toBe(200);
      expect((await article(onOther, '24')).feedback).toEqual({ helpful: before.helpful, total: after.total });
    } finally {
      await other.close();
    }
  });
});

describe.each(testDatabases)('import warnings [%s]', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-kb-warn-'));
    fs.cpSync(fixtureKb, dir, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a file with a bold-line heading, and counts and names it in the summary', async () => {
    const clean = await importKnowledgeBase(t.database.db, dir);
    expect(clean.ok && clean.warnings).toEqual([]);
    expect(formatImportResult(clean)).not.toMatch(/warning/i);

    const file = path.join(dir, 'customer', '23.md');
    fs.appendFileSync(file, '\n\n**Paying cash?**\n\nKeep change ready for the driver.\n');
    const line = fs.readFileSync(file, 'utf8').split('\n').indexOf('**Paying cash?**') + 1;
    const result = await importKnowledgeBase(t.database.db, dir);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([{ file, line, reason: expect.stringContaining('"Paying cash?"') }]);
    const summary = formatImportResult(result);
    expect(summary).toMatch(/^Knowledge base: 1 change\(s\), 1 warning\(s\)$/m);
    expect(summary).toContain(`${file}:${line}: bold line used as a heading ("Paying cash?")`);
    // Imported all the same.
    expect((await new TestClient(t.app).get(`${kbPaths.articles}?id=23`)).json().data.body).toContain('Paying cash?');
  });
});
