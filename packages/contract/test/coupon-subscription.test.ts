import { describe, expect, it } from 'vitest';
import {
  couponFormSchema,
  couponParams,
  isCouponCode,
  messages,
  subscriptionInvoiceParams,
  subscriptionsShown,
  typedCouponCode,
} from '../src/index.ts';

const DESCRIPTION = 'a'.repeat(20);

describe('coupon code (guided-flows.md §5, §9: 3 to 15, word characters and spaces)', () => {
  it.each([
    ['ab', false],
    ['abc', true],
    ['a'.repeat(15), true],
    ['a'.repeat(16), false],
    ['RIDE 50', true],
    ['ride_50', true],
    ['RIDE50!', false],
    ['   ', false],
    ['  ab  ', false],
  ])('%j may be submitted: %s', (code, ok) => {
    expect(isCouponCode(code)).toBe(ok);
    const parsed = couponParams.schema.safeParse({ coupon_code: code, description: DESCRIPTION });
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(messages.couponCodeInvalid);
  });

  it.each([
    ['RIDE50!', 'RIDE50'],
    ['ri-de 5@0', 'ride 50'],
    ['a'.repeat(16), 'a'.repeat(15)],
    ['₹50 off', '50 off'],
    ['ok_1 2', 'ok_1 2'],
  ])('typing %j keeps %j', (typed, kept) => {
    expect(typedCouponCode(typed)).toBe(kept);
  });
});

describe('coupon description (the issue form rule: letters, digits and spaces, at least 20)', () => {
  it.each([
    ['a'.repeat(19), false],
    ['a'.repeat(20), true],
    [`${'a'.repeat(19)}!`, false],
    ['coupon was accepted 1', true],
  ])('%j: %s', (description, ok) => {
    const parsed = couponFormSchema(false).safeParse({ coupon_code: 'RIDE50', description });
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe('Please enter atleast 20 characters');
  });

  it('is not asked when the article hides it (hide_description)', () => {
    expect(couponFormSchema(true).safeParse({ coupon_code: 'RIDE50', description: '' }).success).toBe(true);
  });
});

describe('subscription invoice', () => {
  it('lists 1, then 3, then doubles', () => {
    expect([0, 1, 2, 3, 4].map(subscriptionsShown)).toEqual([1, 3, 6, 12, 24]);
  });

  it('takes a chosen subscription id (or none: the current one) and says which check failed', () => {
    const parse = (params: unknown) => subscriptionInvoiceParams.schema.safeParse(params);
    expect(parse({ subscription_id: 'sub_1', email: 'a@example.in' }).success).toBe(true);
    expect(parse({ email: 'a@example.in' }).success).toBe(true);
    const empty = parse({ subscription_id: '', email: 'a@example.in' });
    expect(empty.success || empty.error.issues[0]?.message).toBe(messages.chooseSubscription);
    const email = parse({ subscription_id: 'sub_1', email: 'nope' });
    expect(email.success || email.error.issues[0]?.message).toBe('Please Enter A Valid Email');
  });
});
