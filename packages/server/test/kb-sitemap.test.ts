import { articlePath, isAppRoute } from '@selfserve/contract';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotsRule, type SiteMapEntry, siteMapDocument } from '../src/modules/kb/site-map.ts';
import { createTestApp, fixtureKb, type TestApp, TestClient, testDatabases } from './helpers.ts';

/** The text of every element with this name in a well-formed XML document (a parse error fails the test). */
function xmlTexts(xml: string, name: string): { root: string; texts: string[] } {
  const parser = new SaxesParser();
  let root = '';
  const texts: string[] = [];
  let inside = false;
  parser.on('opentag', (tag) => {
    root ||= tag.name;
    inside = tag.name === name;
    if (inside) texts.push('');
  });
  parser.on('text', (text) => {
    if (inside) texts[texts.length - 1] += text;
  });
  parser.on('closetag', () => {
    inside = false;
  });
  parser.write(xml).close();
  return { root, texts };
}

describe.each(testDatabases)('sitemap and robots (issue 19 item 2) [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, host = 'help.example.in') => new TestClient(t.app).request('GET', url, undefined, { host });

  it('lists the public categories and articles with their readable addresses, never a hidden or member-only one', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const { root, texts: locs } = xmlTexts(res.body, 'loc');
    expect(root).toBe('urlset');
    // No PUBLIC_URL in the tests: the request's own scheme and host.
    expect(locs).toContain(`http://help.example.in${articlePath('21', 'How refunds work')}`);
    expect(locs).toContain('http://help.example.in/article/21-how-refunds-work');
    expect(locs).toContain('http://help.example.in/section/2');
    for (const loc of locs) expect(isAppRoute(new URL(loc).pathname)).toBe(true);
    const ids = locs.map((l) => /\/(?:article|section)\/(\d+)/.exec(new URL(l).pathname)?.[1]);
    // Select Membership (select_members) and all below it, Managing My Membership (select_paid_members), the
    // app-only category (hide_desktop) and its article, and the members' own index never.
    for (const hidden of ['1', '11', '111', '12', '121', '3', '31']) expect(ids).not.toContain(hidden);
    expect(res.body).not.toContain('customer_select');
    const { texts: lastmods } = xmlTexts(res.body, 'lastmod');
    expect(lastmods.length).toBeGreaterThan(0);
    for (const d of lastmods) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('answers with the configured PUBLIC_URL as the origin', async () => {
    const other = await createTestApp(dialect, { publicUrl: 'https://help.example.com' }, { kb: fixtureKb });
    try {
      const res = await new TestClient(other.app).request('GET', '/sitemap.xml', undefined, { host: 'internal:8080' });
      const { texts } = xmlTexts(res.body, 'loc');
      expect(texts.length).toBeGreaterThan(0);
      for (const loc of texts) expect(loc.startsWith('https://help.example.com/')).toBe(true);
      const robots = await new TestClient(other.app).request('GET', '/robots.txt', undefined, {
        host: 'internal:8080',
      });
      expect(robots.body).toContain('Sitemap: https://help.example.com/sitemap.xml');
    } finally {
      await other.close();
    }
  });

  it('has no numbered pages while one file holds every address', async () => {
    expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-x.xml')).statusCode).toBe(404);
  });

  it('keeps private pages out of robots.txt and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of [
      '/api/',
      '/dev/phone',
      '/dev/outbox',
      '/bookings',
      '/tickets',
      '/callUs',
      '/chat',
      '/driver/rides',
    ]) {
      expect(lines).toContain(`Disallow: ${rule}`);
    }
    for (const rule of ['/home', '/kb', '/article/', '/section/', '/search']) expect(lines).toContain(`Allow: ${rule}`);
    expect(lines).toContain('Sitemap: http://help.example.in/sitemap.xml');
    // Nothing public is disallowed outright.
    expect(lines).not.toContain('Disallow: /article/');
    expect(lines).not.toContain('Disallow: /');
  });
});

describe('sitemap paging', () => {
  const entries: SiteMapEntry[] = Array.from({ length: 5 }, (_, i) => ({
    path: `/article/${i + 1}-a-b`,
    lastmod: '2026-11-20',
  }));

  it('makes /sitemap.xml an index of numbered pages past the page size', () => {
    const index = siteMapDocument(entries, 'https://h.example', 0, 2);
    const { root, texts } = xmlTexts(index ?? '', 'loc');
    expect(root).toBe('sitemapindex');
    expect(texts).toEqual([1, 2, 3].map((n) => `https://h.example/sitemap-${n}.xml`));
    const pages = [1, 2, 3].map((n) => xmlTexts(siteMapDocument(entries, 'https://h.example', n, 2) ?? '', 'loc'));
    expect(pages.map((p) => p.root)).toEqual(['urlset', 'urlset', 'urlset']);
    expect(pages.flatMap((p) => p.texts)).toEqual(entries.map((e) => `https://h.example${e.path}`));
    expect(siteMapDocument(entries, 'https://h.example', 4, 2)).toBeNull();
    expect(siteMapDocument(entries, 'https://h.example', 0, 5)).toContain('<urlset');
  });

  it('escapes what XML reserves', () => {
    const doc = siteMapDocument([{ path: '/section/a&b<c>\'"', lastmod: null }], 'https://h.example', 0) ?? '';
    expect(doc).toContain('/section/a&amp;b&lt;c&gt;&apos;&quot;');
    expect(xmlTexts(doc, 'loc').texts).toEqual(['https://h.example/section/a&b<c>\'"']);
  });

  it.each([
    ['/bookings', '/bookings'],
    ['/bdetails/:crn?', '/bdetails'],
    ['/kb/:id1', '/kb/'],
    ['/:crn/dsection', '/*/dsection'],
    ['/driver/rides/:crn/statement', '/driver/rides/*/statement'],
    ['/:crn/dreport/:articleId/:bookingId?/:carCategory?', '/*/dreport/'],
    ['/', null],
  ])('turns the route %s into the robots rule %s', (pattern, rule) => {
    expect(robotsRule(pattern)).toBe(rule);
  });
});
