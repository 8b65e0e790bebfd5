import { describe, expect, it } from 'vitest';
import { entryModeSchema } from '../src/auth.ts';
import {
  type BackInput,
  backAction,
  backModes,
  chromeFor,
  entryModeFromQuery,
  entryModes,
  indexContextFor,
  parentOriginsOf,
} from '../src/entry-modes.ts';
import { articleIndexes } from '../src/kb-indexes.ts';

describe('the entry-mode table (core.md §1, §2, §6)', () => {
  it('has a row for every entry mode, each with a back mode of the spec', () => {
    expect(Object.keys(entryModes).sort()).toEqual([...entryModeSchema.options].sort());
    for (const rules of Object.values(entryModes)) {
      expect(backModes).toContain(rules.back);
      expect(backModes).toContain(rules.source);
    }
  });

  it.each([
    // mode, index audience, bookings, back, back host, chrome [header, download, side menu, logout]
    ['customer_website', 'viewer', 'customer_rides', 'default', 'none', [true, true, true, true]],
    ['customer_app', 'viewer', 'customer_rides', 'context_default', 'native_app', [true, false, true, false]],
    ['driver_app', 'viewer', 'driver_trips', 'driver_app', 'native_app', [true, false, true, false]],
    ['operator_app', 'driver', 'driver_trips', 'operator_default', 'native_app', [true, false, true, false]],
    ['restaurant', 'food_delivery_rider', 'none', 'restaurant_default', 'native_app', [true, false, true, false]],
    ['self_drive', 'customer', 'customer_rides', 'selfdrive_default', 'native_app', [true, false, true, false]],
    ['share_pass', 'customer', 'none', 'default', 'parent_window', [false, false, false, false]],
  ] as const)('%s: index %s, bookings %s, back %s to %s, chrome %j', (mode, index, bookings, back, host, chrome) => {
    const rules = entryModes[mode];
    expect(rules).toMatchObject({ index, bookings, back, backHost: host });
    const { header, downloadLink, sideMenu, logout } = rules.chrome;
    expect([header, downloadLink, sideMenu, logout]).toEqual(chrome);
  });

  it('gives each mode the index the spec expects, through articleIndexes', () => {
    const customer = { role: 'customer' as const, country: 'IN', locale: 'en' };
    const driverHi = { role: 'driver' as const, country: 'IN', locale: 'hi' };
    const visitor = { role: 'visitor' as const, country: 'GB' };
    const cases: [keyof typeof entryModes, Parameters<typeof indexContextFor>[1], string[]][] = [
      ['customer_website', customer, ['customer']],
      ['customer_website', visitor, ['customer_gb']],
      ['driver_app', driverHi, ['driver_in_hi']],
      ['operator_app', customer, ['driver_in_en']],
      ['operator_app', visitor, ['driver_in_en']],
      ['operator_app', { role: 'visitor', country: 'AU' }, ['driver_au_en']],
      ['restaurant', customer, ['fp_rider_in']],
      ['restaurant', visitor, ['fp_rider_in']],
      ['self_drive', driverHi, ['customer']],
      ['share_pass', visitor, ['customer_gb']],
    ];
    for (const [mode, viewer, expected] of cases) {
      expect(articleIndexes(indexContextFor(mode, viewer)), `${mode} ${viewer.role}`).toEqual(expected);
    }
  });
});

describe('chromeFor', () => {
  it("is the mode's chrome; a popup page shows none; an app session never offers sign-out or the download", () => {
    expect(chromeFor({ entryMode: 'customer_website', inApp: false, popup: false })).toEqual(
      entryModes.customer_website.chrome,
    );
    expect(chromeFor({ entryMode: 'customer_website', inApp: false, popup: true })).toEqual({
      header: false,
      downloadLink: false,
      sideMenu: false,
      logout: false,
    });
    expect(chromeFor({ entryMode: 'customer_website', inApp: true, popup: false })).toEqual({
      header: true,
      downloadLink: false,
      sideMenu: true,
      logout: false,
    });
    expect(chromeFor({ entryMode: 'operator_app', inApp: true, popup: false })).toEqual(entryModes.operator_app.chrome);
  });
});

describe('entryModeFromQuery', () => {
  it.each([
    [{ entry_mode: 'share_pass' }, {}, 'share_pass'],
    [{ entry_mode: 'customer_website' }, {}, 'customer_website'],
    [{ source: 'default' }, {}, 'customer_website'],
    // a visitor cannot claim a host app's mode: those come signed (app token) or on the app's own session
    [{ entry_mode: 'customer_app' }, {}, null],
    [{ source: 'operator_default' }, {}, null],
    [{ entry_mode: 'customer_app' }, { signed: true }, 'customer_app'],
    [{ source: 'operator_default' }, { signed: true }, 'operator_app'],
    [{ source: 'restaurant_default' }, { signed: true }, 'restaurant'],
    [{ source: 'selfdrive_default' }, { signed: true }, 'self_drive'],
    [{ source: 'driver_app' }, { signed: true }, 'driver_app'],
    [{ entry_mode: 'share_pass', source: 'operator_default' }, { signed: true }, 'share_pass'],
    [{ entry_mode: 'nonsense' }, {}, null],
    [{ entry_mode: ['share_pass'] }, {}, null],
    [{ source: 'home' }, { signed: true }, null],
    [{}, {}, null],
  ])('%j %j → %s', (query, opts, expected) => {
    expect(entryModeFromQuery(query, opts)).toBe(expected);
  });
});

describe('backAction: back per mode and state (core.md §2)', () => {
  const top: Omit<BackInput, 'mode'> = { canGoBack: false };
  const deep: Omit<BackInput, 'mode'> = { canGoBack: true };

  it.each([
    ['customer_website', top, { kind: 'navigate', to: '/home' }],
    ['customer_website', { ...top, fallback: '/kb/1' }, { kind: 'navigate', to: '/kb/1' }],
    ['customer_website', deep, { kind: 'history' }],
    ['customer_app', top, { kind: 'host' }],
    ['customer_app', deep, { kind: 'history' }],
    ['driver_app', top, { kind: 'host' }],
    ['operator_app', top, { kind: 'host' }],
    ['restaurant', top, { kind: 'host' }],
    ['self_drive', top, { kind: 'host' }],
    ['share_pass', top, { kind: 'close_popup' }],
    ['share_pass', deep, { kind: 'close_popup' }],
  ] as const)('%s %j → %j', (mode, input, expected) => {
    expect(backAction({ mode, ...input })).toEqual(expected);
  });

  it.each(Object.keys(entryModes) as (keyof typeof entryModes)[])(
    '%s: ignored while redirecting home; the initial state during ticket creation and after it',
    (mode) => {
      expect(backAction({ mode, canGoBack: true, state: 'redirecting' })).toEqual({ kind: 'ignore' });
      expect(backAction({ mode, canGoBack: false, state: 'creating' })).toEqual({ kind: 'reset' });
      expect(backAction({ mode, canGoBack: true, state: 'done' })).toEqual({ kind: 'reset' });
    },
  );

  it.each([
    ['selfServe', { kind: 'navigate', to: '/selfServe' }],
    ['home', { kind: 'navigate', to: '/home' }],
    ['myrides', { kind: 'navigate', to: '/myrides?previous=home' }],
    ['bookingsByType', { kind: 'navigate', to: '/bookingsByType/42/home' }],
    ['default', { kind: 'navigate', to: '/home' }],
    ['driver_default', { kind: 'navigate', to: '/home' }],
    ['context_default', { kind: 'navigate', to: '/home' }],
    ['not-a-back-mode', { kind: 'navigate', to: '/home' }],
  ])('a page whose previous is %s goes %j on the website', (previous, expected) => {
    expect(backAction({ mode: 'customer_website', previous, canGoBack: false, articleId: '42' })).toEqual(expected);
  });

  it('in the app a named place still wins; driver_default goes to the driver home rather than closing the app', () => {
    expect(backAction({ mode: 'driver_app', previous: 'home', canGoBack: true })).toEqual({
      kind: 'navigate',
      to: '/home',
    });
    expect(backAction({ mode: 'driver_app', previous: 'driver_default', canGoBack: false })).toEqual({
      kind: 'navigate',
      to: '/home',
    });
    expect(backAction({ mode: 'driver_app', previous: 'driver_default', canGoBack: true })).toEqual({
      kind: 'history',
    });
    expect(backAction({ mode: 'customer_app', previous: 'context_default', canGoBack: false })).toEqual({
      kind: 'host',
    });
    expect(backAction({ mode: 'customer_app', previous: 'bookingsByType', canGoBack: false })).toEqual({
      kind: 'navigate',
      to: '/home',
    });
  });
});

describe('parentOriginsOf', () => {
  it('keeps configured origins only', () => {
    expect(
      parentOriginsOf(["'self'", 'https://app.example.com', 'http://parent.test:8080', '*', 'https://*.example.com']),
    ).toEqual(['https://app.example.com', 'http://parent.test:8080']);
    expect(parentOriginsOf([])).toEqual([]);
  });
});
