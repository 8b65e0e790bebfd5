import { describe, expect, it } from 'vitest';
import {
  bdetailsHref,
  bookingArticleHref,
  bookingSectionHref,
  bookingsByTypeHref,
  formatFare,
  rideReference,
  supportArticleHref,
} from '../src/booking-paths.ts';
import * as barrel from '../src/index.ts';
import { orderMetaSegment } from '../src/order-paths.ts';

describe('ride reference on a booking card (spec §2: OSN for share rides)', () => {
  it.each([
    [{ brand: 'ola', crn: '4992739872', osn: null }, 'CRN', '4992739872'],
    [{ brand: 'ola', crn: '4992739872', osn: 'OSN10001' }, 'CRN', '4992739872'],
    [{ brand: 'ola_share', crn: '4992739872', osn: 'OSN10001' }, 'OSN', 'OSN10001'],
    [{ brand: 'ola_share', crn: '4992739872', osn: null }, 'CRN', '4992739872'],
    [{ brand: 'ola_share', crn: '4992739872', osn: '' }, 'CRN', '4992739872'],
    [{ brand: 'ola_share', crn: '4992739872' }, 'CRN', '4992739872'],
  ])('%j → %s %s', (booking, label, value) => {
    expect(rideReference(booking)).toEqual({ label, value });
  });
});

describe('booking route builders', () => {
  it.each([
    [bdetailsHref('4992739872'), '/bdetails/4992739872'],
    [bookingArticleHref('4992739872', '101101'), '/4992739872/dreport/101101'],
    [
      bookingArticleHref('4992739872', '101101', { id: 'bk_riya_001', carCategory: 'prime' }),
      '/4992739872/dreport/101101/bk_riya_001/prime',
    ],
    [bookingSectionHref('4992739872'), '/4992739872/dsection'],
    [supportArticleHref('bk_riya_001', '101101'), '/support/bk_riya_001/dreport/101101'],
    [supportArticleHref('a/b', 'x y'), '/support/a%2Fb/dreport/x%20y'],
    [bookingsByTypeHref('101101', 'home'), '/bookingsByType/101101/home'],
  ])('%s', (href, expected) => {
    expect(href).toBe(expected);
  });
});

describe('booking-paths is the one home of the fare format', () => {
  it('is what the barrel and bookings.ts export', async () => {
    const bookings = await import('../src/bookings.ts');
    expect(barrel.formatFare).toBe(formatFare);
    expect(bookings.formatFare).toBe(formatFare);
  });
});

describe('order kinds with a help index of their own', () => {
  it.each([
    ['ondc', 'ondc'],
    ['grocery', 'grocery'],
    ['giftcard', 'giftcard'],
    ['fashion_electronics', 'fashionandelectronics'],
    ['parcel', null],
    ['toString', null],
    ['', null],
  ])('%s → %s', (kind, segment) => {
    expect(orderMetaSegment(kind)).toBe(segment);
  });
});
