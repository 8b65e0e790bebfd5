import { describe, expect, it } from 'vitest';
import { membershipOf, parseFlag } from '../src/membership.ts';

const active = { id: 's1', status: 'active' };

describe('parseFlag', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['TRUE ', true],
    ['false', false],
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
    ['yes', null],
    ['', null],
    [null, null],
    [undefined, null],
    [2, null],
    [{}, null],
  ])('%j → %j', (input, expected) => {
    expect(parseFlag(input)).toBe(expected);
  });
});

describe('membershipOf (spec §6: is_select, not expired, subscribed, active subscription)', () => {
  it.each([
    ['paid member', { is_select: true, is_expired: false, is_subscribed: true, active_subscription: active }, true, []],
    [
      'flags as strings',
      { is_select: 'true', is_expired: 'false', is_subscribed: 'true', active_subscription: active },
      true,
      [],
    ],
    [
      'not select',
      { is_select: false, is_expired: false, is_subscribed: true, active_subscription: active },
      false,
      [],
    ],
    ['expired', { is_select: true, is_expired: true, is_subscribed: true, active_subscription: active }, false, []],
    [
      'not subscribed',
      { is_select: true, is_expired: false, is_subscribed: false, active_subscription: active },
      false,
      [],
    ],
    [
      'no subscription',
      { is_select: true, is_expired: false, is_subscribed: true, active_subscription: null },
      false,
      [],
    ],
    [
      'subscription not active',
      { is_select: true, is_expired: false, is_subscribed: true, active_subscription: { status: 'expired' } },
      false,
      [],
    ],
    [
      'unparseable is_select',
      { is_select: 'maybe', is_expired: false, is_subscribed: true, active_subscription: active },
      false,
      ['is_select'],
    ],
    [
      'several unparseable',
      { is_select: true, is_expired: 'n/a', is_subscribed: 7, active_subscription: 'yes' },
      false,
      ['is_expired', 'is_subscribed', 'active_subscription'],
    ],
  ])('%s', (_name, flags, isMember, unparseable) => {
    expect(membershipOf(flags)).toEqual({ isMember, unparseable });
  });
});
