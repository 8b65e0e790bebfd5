import { kbPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

// Which customer index a visitor reads depends on the site (core.md §6, §9): the UK host carries UK_HOST_MARKER.
describe.each(testDatabases)('the site’s index for visitors [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: testConfig().kbContentDir });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (c: TestClient, url: string, host: string) => c.request('GET', url, undefined, { host });
  const topTitles = (body: { data: { title: string }[] }) => body.data.map((c) => c.title);

  it('gives a visitor on the UK host the UK customer index, and the Indian one elsewhere', async () => {
    const uk = (await get(new TestClient(t.app), kbPaths.meta, 'help.example.co.uk')).json();
    expect(uk.index_name).toEqual(['customer_gb']);
    expect(topTitles(uk)).toContain('Rides, fares and receipts');
    const ukWithPort = (await get(new TestClient(t.app), kbPaths.meta, 'www.example.co.uk:8443')).json();
    expect(ukWithPort.index_name).toEqual(['customer_gb']);
    const india = (await get(new TestClient(t.app), kbPaths.meta, 'help.example.in')).json();
    expect(india.index_name).toEqual(['customer']);
    expect(topTitles(india)).not.toContain('Rides, fares and receipts');
  });

  it('searches the UK index for a visitor on the UK host', async () => {
    const res = await get(new TestClient(t.app), `${kbPaths.search('customer')}?query=refund`, 'help.example.co.uk');
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json() as { index_name: string }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.index_name === 'customer_gb')).toBe(true);
  });

  it('keeps a signed-in user on their own country’s index, whatever the host', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    expect((await get(riya, kbPaths.meta, 'help.example.co.uk')).json().index_name).toEqual(['customer']);
  });

  it('follows a configured marker', async () => {
    const other = await createTestApp(dialect, { ukHostMarker: '.uk.example' });
    try {
      const res = (await get(new TestClient(other.app), kbPaths.meta, 'help.uk.example')).json();
      expect(res.index_name).toEqual(['customer_gb']);
      expect((await get(new TestClient(other.app), kbPaths.meta, 'help.co.uk')).json().index_name).toEqual([
        'customer',
      ]);
    } finally {
      await other.close();
    }
  });
});
