// The search's rankings cache (docs/kb-search.md "What is kept"): every ranking while it has room, then a query's
// ranking and answers only from its second sighting on, so the many queries asked once die young instead of churning
// the cache.
import { kbPaths, kbSearchResponseSchema } from '@selfserve/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerText } from '../src/lib/kept-bytes.ts';
import { resetSearchCache, searchKb } from '../src/modules/kb/search.ts';
import { kbViewerOf } from '../src/modules/kb/service.ts';
import { createTestApp, fixtureKb, signAppToken, type TestApp, TestClient } from './helpers.ts';

describe('search rankings cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { kb: fixtureKb });
  });
  afterEach(() => resetSearchCache());
  afterAll(async () => {
    await t.close();
  });

  it('keeps every ranking while it has room, then a query’s answer only from its second sighting on', async () => {
    const kv = await kbViewerOf(t.database.db, null, t.app.log);
    const ask = (query: string) => searchKb(t.database.db, query, ['customer'], 10, kv);
    // Room for one ranking: the second one kept pushes the first out, and from then on the cache is full.
    resetSearchCache(1);
    const refund = await ask('refund');
    expect(refund.found).toBeGreaterThan(0);
    // Room left: kept on its first sighting, so asked again it is answered from the cache.
    expect(await ask('refund')).toBe(refund);
    const receipt = await ask('receipt');
    expect(await ask('receipt')).toBe(receipt);
    // Full: a query's first sighting is built for its answer only; its second is built and kept, then answered from
    // the cache.
    const first = await ask('wallet');
    const second = await ask('wallet');
    const third = await ask('wallet');
    expect(first.found).toBeGreaterThan(0);
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    // The same results; kept, they are compressed (lib/kept-bytes.ts), not kept, not.
    expect(answerText(second.json)).toBe(first.json.toString());
    expect(second.json.length).toBeLessThan(first.json.length);
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
