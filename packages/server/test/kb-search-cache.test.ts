// The search's rankings cache (docs/kb-search.md "What is kept"): a query's ranking and answers are kept on its
// second sighting, so the many queries asked once die young instead of churning the cache.
import { kbPaths, kbSearchResponseSchema } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText } from '../src/lib/kept-bytes.ts';
import { searchKb } from '../src/modules/kb/search.ts';
import { kbViewerOf } from '../src/modules/kb/service.ts';
import { createTestApp, fixtureKb, signAppToken, type TestApp, TestClient } from './helpers.ts';

describe('search rankings cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { kb: fixtureKb });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a query’s answer from its second sighting on, and answers the same either way', async () => {
    const kv = await kbViewerOf(t.database.db, null, t.app.log);
    const ask = () => searchKb(t.database.db, 'refund', ['customer'], 10, kv);
    const first = await ask();
    const second = await ask();
    const third = await ask();
    expect(first.found).toBeGreaterThan(0);
    // Asked once: built for this answer only. Asked again: built and kept, then answered from the cache.
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    // The same results; kept, they are compressed (lib/kept-bytes.ts), asked once, not.
    expect(answerText(second.json)).toBe(first.json.toString());
    expect(second.json.length).toBeLessThan(first.json.length);
    // Another query's first sighting is not kept either.
    const other = await searchKb(t.database.db, 'receipt', ['customer'], 10, kv);
    expect(await searchKb(t.database.db, 'receipt', ['customer'], 10, kv)).not.toBe(other);
  });

  it('marks the same words for another kind of viewer whose answer a kept ranking has not written yet', async () => {
    // A kept ranking drops its highlighter once its first answer is written; another kind's first answer makes it
    // again. Typos and a prefix, so the words the index matched (not only the typed ones) are marked.
    const query = 'refnd walet paym';
    const results = async (c: TestClient, limit: number) => {
      const res = await c.get(`${kbPaths.search('customer')}?query=${encodeURIComponent(query)}&limit=${limit}`);
      expect(res.statusCode, res.body).toBe(200);
      return kbSearchResponseSchema.parse(res.json());
    };
    const visitor = new TestClient(t.app);
    // The customer in the app: another kind of viewer (the app's audience flag) of the same index.
    const inApp = new TestClient(t.app);
    await inApp.post('/api/auth/app_session', { token: await signAppToken({ sub: 'u_customer_in' }) });
    await results(visitor, 10);
    const kept = await results(visitor, 10);
    // The app's first answer of the kept ranking, then one from a ranking of its own (another limit is another
    // ranking): the same results, snippets and marks.
    const fromKept = await results(inApp, 10);
    await results(inApp, 9);
    const own = await results(inApp, 9);
    expect(fromKept.length).toBeGreaterThan(1);
    expect(fromKept.slice(0, own.length)).toEqual(own);
    expect(fromKept.some((r) => r.snippet_marks.length > 0 && r.title_marks.length + r.snippet_marks.length > 1)).toBe(
      true,
    );
    expect(kept.length).toBeGreaterThan(0);
  });
});
