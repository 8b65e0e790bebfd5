import { describe, expect, it } from 'vitest';
import { type SearchBoxContext, searchBoxVisible } from '../src/search-box.ts';

const site: SearchBoxContext = { inApp: false, entryMode: 'customer_website', ukHost: false, userCountry: null };

describe('header search box (India users on the customer website)', () => {
  it.each<[string, Partial<SearchBoxContext>, boolean]>([
    ['visitor on the default site', {}, true],
    ['India customer', { userCountry: 'IN' }, true],
    ['India customer, lower-case country', { userCountry: 'in' }, true],
    ['Australian customer', { userCountry: 'AU' }, false],
    ['UK customer', { userCountry: 'GB' }, false],
    ['visitor on the UK host', { ukHost: true }, false],
    ['India customer on the UK host', { userCountry: 'IN', ukHost: true }, false],
    ['India customer in the app WebView', { userCountry: 'IN', inApp: true }, false],
    ['customer app entry', { userCountry: 'IN', entryMode: 'customer_app' }, false],
    ['driver app entry', { userCountry: 'IN', entryMode: 'driver_app' }, false],
    ['share-pass popup', { entryMode: 'share_pass' }, false],
  ])('%s → %s', (_name, overrides, visible) => {
    expect(searchBoxVisible({ ...site, ...overrides })).toBe(visible);
  });
});
