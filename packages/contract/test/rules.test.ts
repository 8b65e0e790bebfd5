import { describe, expect, it } from 'vitest';
import { formatFare } from '../src/bookings.ts';
import { countries } from '../src/countries.ts';
import { isValidCrn, luhnCheckDigit, withCrnCheckDigit } from '../src/crn.ts';
import { isUkHost } from '../src/host.ts';
import { resolveLocale } from '../src/languages.ts';
import { deepLinkTarget } from '../src/navigation.ts';

describe('CRN check (digits only, 6–20 long, Luhn check digit)', () => {
  it.each([
    ['4992739872', true],
    ['4992739871', false],
    ['79927398713', true],
    ['000000', true],
    ['12345', false],
    ['49927a9872', false],
    [' 4992739872', false],
    ['', false],
    ['1'.repeat(21), false],
    [4992739872, true],
    [null, false],
  ])('%j → %s', (crn, valid) => {
    expect(isValidCrn(crn)).toBe(valid);
  });

  it('catches every single-digit typo and every neighbour swap of a valid CRN', () => {
    const crn = withCrnCheckDigit('271828182');
    expect(isValidCrn(crn)).toBe(true);
    for (let i = 0; i < crn.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === crn[i]) continue;
        expect(isValidCrn(crn.slice(0, i) + d + crn.slice(i + 1))).toBe(false);
      }
      if (i + 1 < crn.length && crn[i] !== crn[i + 1] && !/^(09|90)$/.test(`${crn[i]}${crn[i + 1]}`)) {
        expect(isValidCrn(crn.slice(0, i) + crn[i + 1] + crn[i] + crn.slice(i + 2))).toBe(false);
      }
    }
  });

  it('computes the check digit of the textbook example', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
  });
});

describe('UK host marker', () => {
  it.each([
    ['help.example.co.uk', '.co.uk', true],
    ['HELP.EXAMPLE.CO.UK', '.co.uk', true],
    ['help.example.in', '.co.uk', false],
    ['uk.help.example.com', 'uk.', true],
    ['localhost', '', false],
  ])('%s with marker %j → %s', (host, marker, expected) => {
    expect(isUkHost(host, marker)).toBe(expected);
  });
});

describe('languages (hi also for mr, bn, pa; otherwise en)', () => {
  it.each([
    ['hi', 'hi'],
    ['mr', 'hi'],
    ['bn-IN', 'hi'],
    ['pa', 'hi'],
    ['kn', 'kn'],
    ['ta', 'ta'],
    ['te', 'te'],
    ['fr_FR', 'fr'],
    ['nl', 'nl'],
    ['de', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });
});

describe('countries', () => {
  it('lists the spec’s 18 countries with unique codes', () => {
    expect(countries).toHaveLength(18);
    expect(new Set(countries.map((c) => c.country_code)).size).toBe(18);
    expect(countries.find((c) => c.country_code === 'IN')?.dialing_code).toBe('+91');
  });
});

describe('deep link (spec core.md §2)', () => {
  it.each([
    [{ landing_page: 'website', bookingType: 'rides', articleId: '100302' }, 'SUCCESS', '/bookingsByType/100302/home'],
    [
      { landing_page: 'website', bookingType: 'rides', articleId: '100302', bid: 'b1' },
      'FAILURE',
      '/bookingsByType/100302/home',
    ],
    [
      { landing_page: 'website', articleId: '100302', bid: 'b_42' },
      'FAILURE',
      '/login?return=%2Fsupport%2Fb_42%2Fdreport%2F100302',
    ],
    [{ landing_page: 'website', articleId: '100302', type: 'driver' }, 'SUCCESS', '/dreport/100302/driver'],
    [
      { landing_page: 'website', articleId: '100302', type: 'driver', bid: 'b_42' },
      'SUCCESS',
      '/dreport/100302/driver',
    ],
    [{ landing_page: 'website', articleId: '100302', bid: 'b_42' }, 'SUCCESS', '/support/b_42/dreport/100302'],
    [{ landing_page: 'website', articleId: '100302' }, 'SUCCESS', '/dreport/100302'],
    [{ landing_page: 'website', articleId: '100302' }, 'FAILURE', '/dreport/100302'],
    [{ landing_page: 'website' }, 'SUCCESS', '/home'],
    [{ landing_page: 'app', articleId: '100302' }, 'SUCCESS', '/home'],
    [{ articleId: '100302' }, 'SUCCESS', '/home'],
  ] as const)('%j with profile %s → %s', (query, status, target) => {
    expect(deepLinkTarget(query, status)).toBe(target);
  });
});

describe('currency symbols (spec §9)', () => {
  it.each([
    [250, 'IN', '₹250'],
    [12.5, 'AU', 'A$12.50'],
    [18, 'NZ', 'NZ$18.00'],
    [9.4, 'GB', '£9.40'],
    [1200, 'JP', '¥1,200'],
    [3297, 'IN', '₹3,297'],
    [150000, 'IN', '₹1,50,000'],
    [35, 'CN', '¥35'],
    [700, 'PK', '₨700.00'],
    [300, 'BD', '৳300.00'],
    [15, 'SG', 'S$15.00'],
    [40, 'AE', 'AED 40.00'],
    [900, 'LK', 'Rs 900.00'],
    [10, 'US', '10.00'],
  ])('%s in %s → %s', (amount, country, text) => {
    expect(formatFare(amount, country)).toBe(text);
  });
});
