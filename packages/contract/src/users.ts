import { z } from 'zod';

export const subscriptionStatusSchema = z.enum(['active', 'expired', 'cancelled']);

export const subscriptionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  amount_paid: z.number(),
  package_name: z.string(),
  package_id: z.string(),
  trial: z.boolean(),
  status: subscriptionStatusSchema,
  activated_on: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const roleSchema = z.enum(['customer', 'driver', 'food_delivery_rider']);
export type Role = z.infer<typeof roleSchema>;

/** GET /api/users/v1/get_user_info — exactly the spec's fields (core.md §3). */
export const userInfoSchema = z.object({
  status: z.literal('SUCCESS'),
  email: z.string(),
  name: z.string(),
  mobile: z.string(),
  is_select: z.boolean(),
  is_subscribed: z.boolean(),
  membership_type: z.enum(['paid', 'trial']).nullable(),
  is_expired: z.boolean(),
  active_subscription: subscriptionSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /api/users/v1/get_select_details — one entry per membership (core.md §3). */
export const selectDetailsSchema = z.object({
  status: z.literal('SUCCESS'),
  eligible_to_cancel: z.boolean(),
  ineligibility_reason: z.string().nullable(),
  autorenew: z.boolean(),
  trial: z.boolean(),
});
export type SelectDetails = z.infer<typeof selectDetailsSchema>;

/**
 * Membership flags arrive from older systems as booleans, 0/1 or 'true'/'false' strings.
 * Anything else is unparseable: the caller logs it and the user counts as not a member (spec §6).
 */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
  }
  return null;
}

export interface MembershipFlags {
  is_select: unknown;
  is_expired: unknown;
  is_subscribed: unknown;
  active_subscription: unknown;
}

export interface Membership {
  isMember: boolean;
  /** Names of flags that could not be read; non-empty means "log it, not a member". */
  unparseable: string[];
}

/** A paid-membership (Select) customer: is_select, not expired, subscribed, with an active subscription. */
export function membershipOf(flags: MembershipFlags): Membership {
  const unparseable: string[] = [];
  const read = (name: 'is_select' | 'is_expired' | 'is_subscribed') => {
    const parsed = parseFlag(flags[name]);
    if (parsed === null) unparseable.push(name);
    return parsed;
  };
  const isSelect = read('is_select');
  const isExpired = read('is_expired');
  const isSubscribed = read('is_subscribed');
  const sub = flags.active_subscription;
  const hasActive = typeof sub === 'object' && sub !== null && (sub as { status?: unknown }).status === 'active';
  if (sub !== null && sub !== undefined && typeof sub !== 'object') unparseable.push('active_subscription');
  if (unparseable.length > 0) return { isMember: false, unparseable };
  return { isMember: isSelect === true && isExpired === false && isSubscribed === true && hasActive, unparseable };
}
