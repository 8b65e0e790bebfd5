// The search's rankings cache (docs/kb-search.md "What is kept"): a query's ranking and answers are kept on its
// second sighting, so the many queries asked once die young instead of churning the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKb } from '../src/modules/kb/search.ts';
import { kbViewerOf } from '../src/modules/kb/service.ts';
import { createTestApp, fixtureKb, type TestApp } from './helpers.ts';

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
    expect(second.json.equals(first.json)).toBe(true);
    // Another query's first sighting is not kept either.
    const other = await searchKb(t.database.db, 'receipt', ['customer'], 10, kv);
    expect(await searchKb(t.database.db, 'receipt', ['customer'], 10, kv)).not.toBe(other);
  });
});
