/**
 * A coupon that did not apply (docs/flows/coupon.md, guided-flows.md §5): the articles that run it, the coupon code
 * and description rules, the submit's params and the ride's coupon as the page reads it. The server decides with
 * these; the web form validates with the same schema.
 */
import { z } from 'zod';
import { says } from '../messages.ts';
import { ONE_TOUCH_MESSAGE_MAX } from '../one-touch-api.ts';
import { cleanDescription, DESCRIPTION_MIN_LENGTH } from '../tickets.ts';
import type { FlowParams } from './flow-params.ts';

/** The call types of the coupon flow. */
export const COUPON_CALL_TYPES: readonly string[] = ['coupon_issue'];

/** guided-flows.md §9: a coupon code is 3 to 15 characters. */
export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 15;
/** guided-flows.md §5: word characters and spaces only. */
const COUPON_CODE_PATTERN = /^[\w ]*$/;

/** What the code field keeps of what was typed: other characters are refused as typed, and never past 15. */
export function typedCouponCode(text: string): string {
  return text.replace(/[^\w ]/g, '').slice(0, COUPON_CODE_MAX);
}

/** A code that may be submitted: 3 to 15 characters (spaces at the ends do not count), word characters and spaces. */
export function isCouponCode(code: string): boolean {
  const length = code.trim().length;
  return COUPON_CODE_PATTERN.test(code) && length >= COUPON_CODE_MIN && length <= COUPON_CODE_MAX;
}

/** guided-flows.md §5: in India a coupon flow needs an existing coupon (the ride's); elsewhere a person checks any. */
export const needsRideCoupon = (country: string) => country === 'IN';

/** Coupon codes compare as the rider types them: case and the spaces at the ends do not matter. */
export const sameCouponCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const couponCodeSchema = z
  .string(says('couponCodeInvalid'))
  .max(COUPON_CODE_MAX, says('couponCodeInvalid'))
  .refine(isCouponCode, says('couponCodeInvalid'));

/** The issue form's description rule (guided-flows.md §5): letters, digits and spaces count; at least 20 of them. */
export const isCouponDescription = (text: string) => cleanDescription(text).trim().length >= DESCRIPTION_MIN_LENGTH;
const descriptionSchema = z
  .string(says('couponDescriptionTooShort'))
  .max(ONE_TOUCH_MESSAGE_MAX, says('couponDescriptionTooShort'));

/**
 * The submit's params: the code the rider typed and what happened. The description's minimum is the article's to
 * waive (hide_description), so the handler checks it with `isCouponDescription` against the article.
 */
const couponParamsSchema = z.object({
  coupon_code: couponCodeSchema,
  description: descriptionSchema.nullish().transform((d) => d ?? ''),
});
export type CouponParams = z.infer<typeof couponParamsSchema>;
export const couponParams: FlowParams<CouponParams> = { schema: couponParamsSchema, invalid: 'couponCodeInvalid' };

/** The coupon form (what the web form validates): the description is needed unless the article hides it. */
export function couponFormSchema(hideDescription: boolean) {
  return z.object({
    coupon_code: couponCodeSchema,
    description: hideDescription
      ? z.string()
      : descriptionSchema.refine(isCouponDescription, says('couponDescriptionTooShort')),
  });
}
export type CouponForm = z.infer<ReturnType<typeof couponFormSchema>>;

/** GET bookingPaths.coupon: the coupon the ride was booked with (the article response's coupon_code / coupon_applied). */
export const couponPath = '/api/bookings/v1/coupon';
export const rideCouponQuerySchema = z.object({ booking_id: z.string().min(1).max(64) });
export const rideCouponResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  booking_id: z.string(),
  /** the ride's country: in India (needsRideCoupon) the flow needs the ride's coupon */
  country: z.string(),
  /** null: the ride was booked without a coupon */
  coupon_code: z.string().nullable(),
  /** whether the discount was taken off the fare; null without a coupon */
  coupon_applied: z.boolean().nullable(),
  /** the discount the coupon gives on this ride, in the ride's currency; null without a coupon */
  coupon_discount: z.number().nullable(),
  /** what this flow already credited for the ride, if anything */
  credited: z.number().nullable(),
});
export type RideCouponResponse = z.infer<typeof rideCouponResponseSchema>;
