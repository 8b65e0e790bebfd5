// Search that understands questions (docs/kb-search.md): stop words, the synonym table imported with the
// knowledge base, and partial matches ranked below full ones — on both databases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { kbPaths, kbSearchResponseSchema } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatImportResult, importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { storedSynonyms } from '../src/modules/kb/repo.ts';
import { resetSearchCache } from '../src/modules/kb/search.ts';
import { compile } from '../src/plugins/serializer.ts';
import { accounts, createTestApp, fixtureKb, type TestApp, TestClient, testDatabases } from './helpers.ts';

type Result = { id: string; partial?: boolean };

describe.each(testDatabases)('search that understands questions [%s]', (dialect) => {
  let t: TestApp;
  let dir: string;
  const writeSynonyms = (text: string) => fs.writeFileSync(path.join(dir, 'synonyms.yml'), text);
  const importDir = () => importKnowledgeBase(t.database.db, dir);
  const search = async (q: string) => {
    const res = await new TestClient(t.app).get(`${kbPaths.search('customer')}?query=${encodeURIComponent(q)}`);
    if (res.statusCode === 404) return [];
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Result[];
  };
  const ids = async (q: string) => (await search(q)).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-kb-search-'));
    fs.cpSync(fixtureKb, dir, { recursive: true });
    writeSynonyms('# test table\nmoney back: refund\ncab: ride\nbill: [invoice, "payment method"]\n');
    const result = await importDir();
    expect(result.ok).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores the synonym table with the knowledge base', async () => {
    expect(await storedSynonyms(t.database.db)).toEqual({
      'money back': ['refund'],
      cab: ['ride'],
      bill: ['invoice', 'payment method'],
    });
  });

  it('answers a question by its synonyms: "how do i get my money back" finds the refund articles', async () => {
    const found = await ids('how do i get my money back');
    expect(found.slice(0, 2).sort()).toEqual(['21', '22']);
  });

  it('matches a synonym phrase as a phrase, and the typed words still match', async () => {
    // "bill" → "payment method": 21 says "original payment method", 25 has "bill" itself; 23 has "payment" and
    // "methods" (its title) but never the phrase.
    expect((await ids('bill')).sort()).toEqual(['21', '25']);
    // "cab" → "ride": 22, a cancelled ride, matches both words; 25 (my ride) only one.
    const cab = await search('cancelled cab');
    expect(cab.map((r) => [r.id, r.partial ?? false])).toEqual([
      ['22', false],
      ['25', true],
    ]);
  });

  it('drops stop words: a question finds what its words find', async () => {
    expect(await ids('how do i get a refund please')).toEqual(await ids('refund'));
    expect(await ids('what are the')).toEqual([]);
  });

  it('lists partial matches below every full match, the more words and title matches first, and marks them', async () => {
    // 23 has refund, wallet and cash; 21 refunds (one edit away) and wallet, refunds in its title; 22 only refund,
    // in its title.
    const results = await search('refund wallet cash');
    expect(results.map((r) => r.id)).toEqual(['23', '21', '22']);
    expect(results.map((r) => r.partial ?? false)).toEqual([false, true, true]);
  });

  it('sends the results as the schema serialiser writes them, from the ranking kept for a repeated search', async () => {
    // The results are written once per ranking and sent as they are (search.ts): the same bytes and content type as
    // the route's compiled serialiser, a second time too.
    const write = compile(kbSearchResponseSchema);
    for (const round of [1, 2]) {
      const res = await new TestClient(t.app).get(`${kbPaths.search('customer')}?query=refund%20wallet%20cash`);
      expect(res.statusCode, `round ${round}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(write?.(kbSearchResponseSchema.parse(JSON.parse(res.body))));
    }
  });

  it('sends the kept results gzip-compressed to a client that accepts gzip, and a suggestion too', async () => {
    for (const q of ['refund wallet cash', 'refu']) {
      const url = `${kbPaths.search('customer')}?query=${encodeURIComponent(q)}${q === 'refu' ? '&limit=5' : ''}`;
      const c = new TestClient(t.app);
      const plain = await c.get(url);
      const packed = await c.request('GET', url, undefined, { 'accept-encoding': 'gzip, deflate' });
      expect(plain.statusCode, q).toBe(200);
      expect(packed.statusCode, q).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers.vary).toContain('accept-encoding');
      expect(zlib.gunzipSync(packed.rawPayload).toString()).toBe(plain.body);
    }
    // A search not kept (the cache is full and the query asked once) is not compressed either: sent as the JSON it
    // is; asked again, it is kept. A budget of one ranking is full once a second ranking has pushed the first out.
    const gzip = { 'accept-encoding': 'gzip' };
    resetSearchCache(1);
    for (const q of ['refund', 'wallet']) await new TestClient(t.app).get(`${kbPaths.search('customer')}?query=${q}`);
    const once = `${kbPaths.search('customer')}?query=${encodeURIComponent('card payment refund')}`;
    const first = await new TestClient(t.app).request('GET', once, undefined, gzip);
    expect(first.headers['content-encoding']).toBeUndefined();
    const again = await new TestClient(t.app).request('GET', once, undefined, gzip);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(first.body);
    resetSearchCache();
    // A client that refuses gzip by its q-value gets the JSON as it is.
    const refused = await new TestClient(t.app).request(
      'GET',
      `${kbPaths.search('customer')}?query=refund`,
      undefined,
      {
        'accept-encoding': 'gzip;q=0, br',
      },
    );
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((refused.json() as Result[]).length).toBeGreaterThan(0);
  });

  it('answers no match when no word matches at all', async () => {
    expect(await ids('teleportation quantum')).toEqual([]);
  });

  it("answers the popular articles of the viewer's index: most found helpful first, then the index's own order", async () => {
    const popular = async (query = '') => {
      const res = await new TestClient(t.app).get(`${kbPaths.popular}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { id: string; index_name: string }[] }).data;
    };
    const before = await popular('?limit=3');
    expect(before).toHaveLength(3);
    expect(before.every((a) => a.index_name === 'customer')).toBe(true);
    const voter = new TestClient(t.app);
    await voter.signInAs(accounts.customer);
    expect((await voter.post(kbPaths.feedback, { article_id: '25', helpful: true })).statusCode).toBe(200);
    const after = await popular('?limit=3');
    expect(after[0]?.id).toBe('25');
    expect(after.slice(1)).toEqual(before.filter((a) => a.id !== '25').slice(0, 2));
    // Never an article hidden from the viewer (membership articles are for members).
    expect((await popular('?limit=10')).map((a) => a.id)).not.toContain('111');
    // A driver's type reads the drivers' index.
    expect((await popular('?type=driver')).every((a) => a.index_name.startsWith('driver_'))).toBe(true);
    expect((await new TestClient(t.app).get(`${kbPaths.popular}?limit=50`)).statusCode).toBe(400);
  });

  it('takes an edited table on the next import, and refuses a bad one', async () => {
    writeSynonyms('cab: ride\n');
    const edited = await importDir();
    expect(edited.ok && edited.synonymsChanged).toBe(1);
    expect(formatImportResult(edited)).toMatch(/synonyms\s+table changed, 1 entries/);
    const again = await importDir();
    expect(again.ok && again.synonymsChanged).toBeUndefined();
    // 22 says refund, never money or back: only the synonym found it.
    expect(await ids('money back')).not.toContain('22');

    writeSynonyms('one two three four five: ride\n');
    const bad = await importDir();
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]?.reason).toMatch(/one to 4 words/);
    writeSynonyms('money back: [refund\n');
    expect((await importDir()).ok).toBe(false);
    // Nothing was imported: the table is the last good one.
    expect(await storedSynonyms(t.database.db)).toEqual({ cab: ['ride'] });
  });
});
