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

/** The agent console's people (docs/agent.md): agents answer riders; admins also configure and publish. */
export const staffRoleSchema = z.enum(['agent', 'admin']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

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
