import { formatFare, formatMessage, intlLocale, type SupportedLocale } from '@selfserve/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { billAmount } from '../src/components/bill/bill-breakdown';
import { formatOrderAmount } from '../src/components/order-card';
import { formatDateTime, formatDay } from '../src/lib/format-date';
import { readerParams, setLocale, setReaderCountry } from '../src/lib/i18n';

// Issue 14: dates, times and amounts through Intl for the reader's language AND country — an Indian, British,
// Australian or New Zealand reader never sees the US "Nov 23, 2026, 5:21 AM" nor "₹3297" without a separator.
// (Intl's narrow no-break space, U+202F, groups French thousands.)
const NNBSP = '\u202f';
const at = '2026-11-23T05:21:00.000Z';

describe.each([
  // language, country, the Intl tag, the date and time, the day, ₹3,297 ride, a ₹1,50,000 order, £1,234.5 bill line
  ['en', 'IN', 'en-IN', '23 Nov 2026, 5:21 am', '23 Nov 2026', '₹3,297', '₹1,50,000', '£1,234.50'],
  ['en', 'GB', 'en-GB', '23 Nov 2026, 05:21', '23 Nov 2026', '₹3,297', '₹150,000', '£1,234.50'],
  ['en', 'AU', 'en-AU', '23 Nov 2026, 5:21 am', '23 Nov 2026', '₹3,297', '₹150,000', '£1,234.50'],
  ['en', 'NZ', 'en-NZ', '23 Nov 2026, 5:21 am', '23 Nov 2026', '₹3,297', '₹150,000', '£1,234.50'],
  ['hi', 'IN', 'hi-IN', '23 नव॰ 2026, 5:21 am', '23 नव॰ 2026', '₹3,297', '₹1,50,000', '£1,234.50'],
  ['fr', 'FR', 'fr-FR', '23 nov. 2026, 05:21', '23 nov. 2026', `₹3${NNBSP}297`, `₹150${NNBSP}000`, `£1${NNBSP}234,50`],
  ['nl', 'NL', 'nl-NL', '23 nov 2026, 05:21', '23 nov 2026', '₹3.297', '₹150.000', '£1.234,50'],
] as const)('%s in %s', (language, country, tag, dateTime, day, fare, order, bill) => {
  const intl = intlLocale(language as SupportedLocale, country);

  it(`writes with ${tag}`, () => {
    expect(intl).toBe(tag);
  });

  it(`dates and times: ${dateTime}`, () => {
    expect(formatDateTime(at, intl, { timeZone: 'UTC' })).toBe(dateTime);
    expect(formatDateTime(at, intl, { timeZone: 'UTC' })).not.toBe('Nov 23, 2026, 5:21 AM');
    expect(formatDay('2026-11-23', intl)).toBe(day);
  });

  it(`amounts: ${fare}, ${order}, ${bill}`, () => {
    expect(formatFare(3297, 'IN', intl)).toBe(fare);
    expect(formatOrderAmount(150000, '₹', intl)).toBe(order);
    expect(billAmount(1234.5, 'GB', intl)).toBe(bill);
  });
});

describe('the country alone', () => {
  it.each([
    ['IN', '₹3,297'],
    ['GB', '£3,297.00'],
    ['AU', 'A$3,297.00'],
    ['NZ', 'NZ$3,297.00'],
  ])('a fare of 3297 in %s, written as that country writes English: %s', (country, text) => {
    expect(formatFare(3297, country)).toBe(text);
  });

  it('a reader with no known country gets the language alone, and nothing breaks on a bad tag or value', () => {
    expect(intlLocale('en', null)).toBe('en');
    expect(intlLocale('en', 'india')).toBe('en');
    expect(formatDateTime(at, 'not a tag!', { timeZone: 'UTC' })).toBe('Nov 23, 2026, 5:21 AM');
    expect(formatDateTime('yesterday', 'en-IN')).toBe('yesterday');
    expect(formatDateTime(null, 'en-IN')).toBe('');
  });
});

describe("a server message's dates, written for the reader", () => {
  it.each([
    ['en-IN', '20 Nov 2026'],
    ['en-GB', '20 Nov 2026'],
    ['hi-IN', '20 नव॰ 2026'],
    ['fr-FR', '20 nov. 2026'],
  ])('2026-11-20 in %s reads %s; other parameters stay as sent', (intl, day) => {
    const params = { amount: '₹300', date: '2026-11-20', crn: '4992739872', n: 3 };
    expect(readerParams(params, intl)).toEqual({ amount: '₹300', date: day, crn: '4992739872', n: 3 });
  });

  it('a date-time parameter too, and leaves parameters without a date untouched (same object)', () => {
    expect(readerParams({ when: at }, 'en-GB').when).toMatch(/^23 Nov 2026, \d{2}:\d{2}$/);
    const plain = { amount: '₹300' };
    expect(readerParams(plain, 'en-IN')).toBe(plain);
    expect(readerParams({ date: '2026-13-45' }, 'en-IN')).toEqual({ date: '2026-13-45' });
  });

  afterEach(async () => {
    setReaderCountry(null);
    await setLocale('en');
  });

  it('a catalogue message shows its date as the reader writes it (en-IN, then Hindi)', async () => {
    await setLocale('en');
    setReaderCountry('IN');
    const params = { amount: '₹300', date: '2026-11-20' };
    expect(formatMessage('refundAlreadyOn', params)).toBe('We refunded ₹300 for this ride on 20 Nov 2026.');
    await setLocale('hi');
    expect(formatMessage('refundAlreadyOn', params)).toContain('20 नव॰ 2026');
    expect(formatMessage('refundAlreadyOn', params)).not.toContain('2026-11-20');
  });
});
