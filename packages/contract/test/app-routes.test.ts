import { describe, expect, it } from 'vitest';
import { appDownloadUrlFor, downloadPlatform } from '../src/app-download.ts';
import { appRoutePatterns, isAppRoute, routePatternRegExp, sectionHref } from '../src/app-routes.ts';
import { entryModeSchema } from '../src/auth.ts';
import { entryModeHome } from '../src/entry-modes.ts';

describe('app routes (issue 14)', () => {
  it.each([
    ['/', true],
    ['/?entry_mode=driver_app', true],
    ['/home', true],
    ['/home/', true],
    ['/Home', true],
    ['/home#top', true],
    ['/section/1003', true],
    ['/section/driver_default', true],
    ['/section', true],
    ['/article/100301', true],
    ['/article/100301/ride/driver_default', true],
    ['/dreport', true],
    ['/dreport/1', true],
    ['/dreport/1/driver', true],
    ['/dreport/1/driver/x', false],
    ['/bdetails', true],
    ['/bdetails/123', true],
    ['/4992739872/dreport/100301/b1/sedan', true],
    ['/4992739872/dreport/100301/b1/sedan/x', false],
    ['/kb/1/2/3', true],
    ['/kb/1/2/3/4', false],
    ['/nope', false],
    ['/home/extra', false],
    ['/section/1003/x', false],
    ['//home', false],
    ['home', false],
    ['', false],
  ])('%s → %s', (path, known) => {
    expect(isAppRoute(path)).toBe(known);
  });

  it('reads a pattern as React Router does: a parameter is one non-empty segment, ? makes it optional', () => {
    const re = routePatternRegExp('/:crn/dwritetous/:articleId?');
    expect(re.test('/42/dwritetous')).toBe(true);
    expect(re.test('/42/dwritetous/7')).toBe(true);
    expect(re.test('//dwritetous/7')).toBe(false);
    // the pattern's own characters are literal
    expect(routePatternRegExp('/simple_article').test('/simpleXarticle')).toBe(false);
    expect(routePatternRegExp('/invoice/confirm').test('/invoice/confirm')).toBe(true);
  });

  it('every pattern matches a path made from it', () => {
    for (const pattern of appRoutePatterns) {
      const path = pattern.replace(/:[A-Za-z0-9]+\??/g, 'x1');
      expect(isAppRoute(path), pattern).toBe(true);
    }
  });

  it('a section opens by its id', () => {
    expect(sectionHref('1003')).toBe('/section/1003');
    expect(sectionHref('a b/c')).toBe('/section/a%20b%2Fc');
    expect(isAppRoute(sectionHref('a b/c'))).toBe(true);
  });
});

describe('the home of an entry mode (where / goes)', () => {
  it.each([
    ['customer_website', '/home'],
    ['customer_app', '/home'],
    ['driver_app', '/home'],
    ['operator_app', '/report'],
    ['restaurant', '/home'],
    ['self_drive', '/home'],
    ['share_pass', '/home'],
  ] as const)('%s → %s', (mode, home) => {
    expect(entryModeHome(mode)).toBe(home);
    expect(isAppRoute(home)).toBe(true);
  });

  it('names every mode', () => {
    for (const mode of entryModeSchema.options) expect(entryModeHome(mode)).toMatch(/^\//);
  });
});

describe('the app download link (issue 14)', () => {
  const ua = {
    android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
    iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
    mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
    windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  };

  it.each([
    [ua.android, 'android'],
    [ua.iphone, 'ios'],
    [ua.ipad, 'ios'],
    [ua.mac, 'other'],
    [ua.windows, 'other'],
    ['', 'other'],
    [undefined, 'other'],
  ] as const)('%s → %s', (agent, platform) => {
    expect(downloadPlatform(agent)).toBe(platform);
  });

  const all = { android: 'https://a.example/app', ios: 'https://i.example/app', generic: 'https://g.example/app' };
  it.each([
    ['android with all set', ua.android, all, 'https://a.example/app'],
    ['iphone with all set', ua.iphone, all, 'https://i.example/app'],
    ['desktop with all set', ua.windows, all, 'https://g.example/app'],
    ['android, only generic', ua.android, { generic: 'https://g.example/app' }, 'https://g.example/app'],
    ['iphone, only android', ua.iphone, { android: 'https://a.example/app' }, null],
    ['desktop, only platforms', ua.mac, { android: 'https://a.example/app', ios: 'https://i.example/app' }, null],
    ['nothing configured', ua.android, {}, null],
    ['empty strings', ua.android, { android: '', generic: '' }, null],
  ])('%s', (_name, agent, urls, expected) => {
    expect(appDownloadUrlFor(agent, urls)).toBe(expected);
  });
});
