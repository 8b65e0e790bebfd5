import { describe, expect, it } from 'vitest';
import {
  CALL_US_OTP_DIGITS,
  CALL_US_TOKEN_DIGITS,
  callUsContextSchema,
  callUsDialString,
  DIAL_PAUSE,
  ivrRequestSchema,
  phoneDigits,
  showStdCodeFooter,
  telHref,
} from '../src/callus.ts';
import { callUsHref } from '../src/callus-paths.ts';

describe('callUsDialString (core.md §9)', () => {
  it.each([
    // India: number, pauses, token, '*' — four pauses for customers, one for partners
    ['IN', 'customer', '+918047182200', '12345678', '+918047182200,,,,12345678*'],
    ['IN', 'partner', '+918047182300', '87654321', '+918047182300,87654321*'],
    ['in', 'customer', '+91 80 4718 2200', '12345678', '+918047182200,,,,12345678*'],
    // India without a token (not fetched yet): the plain number
    ['IN', 'customer', '+918047182200', '', '+918047182200'],
    ['IN', 'partner', '+918047182300', null, '+918047182300'],
    // elsewhere: the plain number, whatever the token
    ['AU', 'customer', '+61255504412', '12345678', '+61255504412'],
    ['GB', 'partner', '+44 20 7946 0322', '12345678', '+442079460322'],
    ['NZ', 'customer', '+6495550140', '12345678', '+6495550140'],
  ] as const)('%s %s %s + %s → %s', (country, audience, number, token, dial) => {
    expect(callUsDialString({ number, country, audience, token })).toBe(dial);
  });

  it('pauses with a comma, the dialers’ 2-second pause', () => {
    expect(DIAL_PAUSE).toBe(',');
    expect(telHref('+918047182200,,,,12345678*')).toBe('tel:+918047182200,,,,12345678*');
  });

  it('the two codes never have the same length, so the IVR cannot confuse them', () => {
    expect(CALL_US_OTP_DIGITS).not.toBe(CALL_US_TOKEN_DIGITS);
  });
});

describe('showStdCodeFooter', () => {
  it.each([
    ['IN', '080', true],
    ['IN', '022', true],
    ['IN', ' 011 ', true],
    ['IN', '', false],
    ['IN', null, false],
    ['IN', undefined, false],
    ['IN', 'abc', false],
    ['AU', '02', false],
    ['GB', '020', false],
  ] as const)('%s with std code %s → %s', (country, std, shown) => {
    expect(showStdCodeFooter(country, std)).toBe(shown);
  });
});

describe('call-us schemas', () => {
  it('takes what the person was looking at, all optional, ids bounded', () => {
    expect(callUsContextSchema.parse({})).toEqual({});
    expect(callUsContextSchema.parse({ booking_id: 'b1', article_id: '101101' })).toEqual({
      booking_id: 'b1',
      article_id: '101101',
    });
    expect(callUsContextSchema.safeParse({ booking_id: 'x'.repeat(65) }).success).toBe(false);
    expect(callUsContextSchema.safeParse({ article_id: '' }).success).toBe(false);
  });

  it('the IVR sends phone numbers and keypad digits only', () => {
    expect(
      ivrRequestSchema.safeParse({
        called_number: '+91 80 4718 2200',
        caller_number: '+919800000001',
        digits: '123456*',
      }).success,
    ).toBe(true);
    expect(ivrRequestSchema.safeParse({ called_number: 'abc', caller_number: '1', digits: '1' }).success).toBe(false);
    expect(
      ivrRequestSchema.safeParse({ called_number: '+918047182200', caller_number: '+919800000001', digits: '12a' })
        .success,
    ).toBe(false);
  });

  it('compares numbers by their digits', () => {
    expect(phoneDigits('+91 80 4718-2200')).toBe('918047182200');
  });

  it('links /callUs with the booking and article', () => {
    expect(callUsHref()).toBe('/callUs');
    expect(callUsHref({ articleId: '101101', bookingId: 'b 1' })).toBe('/callUs?booking_id=b%201&article_id=101101');
    expect(callUsHref({ articleId: '101101', bookingId: null })).toBe('/callUs?article_id=101101');
  });
});
