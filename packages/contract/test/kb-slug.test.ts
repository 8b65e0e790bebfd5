import { describe, expect, it } from 'vitest';
import { isAppRoute } from '../src/app-routes.ts';
import { articleIdOf, articlePath, articleSlug } from '../src/kb-slug.ts';

describe('readable article addresses (issue 19 item 2)', () => {
  it.each([
    ['How refunds work', 'how-refunds-work'],
    ['Refund for a cancelled ride', 'refund-for-a-cancelled-ride'],
    ['I was charged a cancellation fee!', 'i-was-charged-a-cancellation-fee'],
    ['  Spaces   and---hyphens  ', 'spaces-and-hyphens'],
    ['Café crème à Zürich', 'cafe-creme-a-zurich'],
    ['Straße & Ærø', 'strasse-and-aero'],
    ['What you’ll see on your bill', 'what-youll-see-on-your-bill'],
    ['Payments (UPI / cards) — 2024', 'payments-upi-cards-2024'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
    ['रिफ़ंड कैसे मिलता है', ''],
    ['GPS काम नहीं कर रहा', ''],
    ['மீதம் பணம்', ''],
    ['!!!', ''],
    ['', ''],
  ])('slugs %j as %j', (title, slug) => {
    expect(articleSlug(title)).toBe(slug);
  });

  it('keeps a long slug within 80 characters, cut at a word', () => {
    const slug = articleSlug('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^word(-word)*$/);
  });

  it.each([
    ['21', 'How refunds work', '/article/21-how-refunds-work'],
    ['21', 'रिफ़ंड कैसे मिलता है', '/article/21'],
    ['7', '!!!', '/article/7'],
  ])('article %s titled %j lives at %s', (id, title, path) => {
    expect(articlePath(id, title)).toBe(path);
    expect(isAppRoute(path)).toBe(true);
  });

  it.each([
    ['21-how-refunds-work', '21'],
    ['21', '21'],
    ['21-', '21'],
    ['360012345678-a-b-c', '360012345678'],
    ['abc-def', 'abc-def'],
    ['21-रिफ़ंड', '21-रिफ़ंड'],
  ])('reads the id of %j as %j', (segment, id) => {
    expect(articleIdOf(segment)).toBe(id);
  });

  it('reads back the id of every path it makes', () => {
    for (const title of ['How refunds work', 'Café', 'रिफ़ंड', '']) {
      const segment = articlePath('42', title).slice('/article/'.length);
      expect(articleIdOf(segment)).toBe('42');
    }
  });
});
