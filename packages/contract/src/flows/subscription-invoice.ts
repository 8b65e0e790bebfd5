/**
 * A Select subscription's invoice by mail (docs/flows/subscription-invoice.md, guided-flows.md §4): the member picks
 * one of their subscriptions — listed 1, then 3, then doubling — and the e-mail to send its invoice to.
 */
import { z } from 'zod';
import { says } from '../messages.ts';
import { invoiceEmailSchema } from '../one-touch-api.ts';
import { subscriptionSchema } from '../users.ts';
import type { FlowParams } from './flow-params.ts';

/** The call types of the subscription invoice flow. */
export const SUBSCRIPTION_INVOICE_CALL_TYPES: readonly string[] = ['subscription_invoice'];

/** GET: the signed-in member's own subscriptions, the latest first (next to the users calls, api-paths.ts). */
export const subscriptionsPath = '/api/users/v1/subscriptions';

export const listedSubscriptionSchema = subscriptionSchema.extend({
  expires_on: z.string(),
  /** a trial paid nothing, so it has no invoice */
  has_invoice: z.boolean(),
});
export type ListedSubscription = z.infer<typeof listedSubscriptionSchema>;
export const subscriptionsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  subscriptions: z.array(listedSubscriptionSchema),
});
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponseSchema>;

/** A subscription has an invoice when it was paid for: not a trial, an amount above zero. */
export const hasInvoice = (sub: { trial: boolean; amount_paid: number }) => !sub.trial && sub.amount_paid > 0;

/** How many subscriptions the list shows after `more` presses of 'show more': 1, then 3, then doubling (6, 12 …). */
export function subscriptionsShown(more: number): number {
  return more <= 0 ? 1 : 3 * 2 ** (more - 1);
}

/**
 * The submit's params: the chosen subscription (absent or null: the current one, as the engine's plain e-mail form
 * asks) and `email` (absent or null for the account's own address).
 */
const subscriptionInvoiceParamsSchema = z.object({
  subscription_id: z
    .string(says('chooseSubscription'))
    .min(1, says('chooseSubscription'))
    .max(64, says('chooseSubscription'))
    .nullish(),
  email: invoiceEmailSchema.nullish(),
});
export type SubscriptionInvoiceParams = z.infer<typeof subscriptionInvoiceParamsSchema>;
export const subscriptionInvoiceParams: FlowParams<SubscriptionInvoiceParams> = {
  schema: subscriptionInvoiceParamsSchema,
  invalid: 'chooseSubscription',
};

/** The form: a chosen subscription and the address (the web form validates with it). */
export const subscriptionInvoiceFormSchema = z.object({
  subscription_id: z.string(says('chooseSubscription')).min(1, says('chooseSubscription')),
  email: invoiceEmailSchema,
});
export type SubscriptionInvoiceForm = z.infer<typeof subscriptionInvoiceFormSchema>;
