import { z } from 'zod';
import { says } from './messages.ts';

// The zod-free paths live in order-paths.ts; re-exported for old imports.
export { orderPaths } from './order-paths.ts';

export const orderKindSchema = z.enum(['ondc', 'grocery', 'giftcard', 'fashion_electronics', 'parcel']);
export type OrderKind = z.infer<typeof orderKindSchema>;

/** Order context (spec core.md §3): order id, status and the customer details the order carries. */
export const orderContextSchema = z.object({
  order_id: z.string(),
  order_type: orderKindSchema,
  order_status: z.string(),
  amount: z.number(),
  currency_symbol: z.string(),
  modified_at: z.string(),
  items: z.array(z.object({ item_id: z.string(), item_name: z.string(), quantity: z.number() })),
  customer_details: z.object({
    name: z.string().nullable(),
    contact: z.string().nullable(),
    email: z.string().nullable(),
    user_id: z.string(),
  }),
});
export type OrderContext = z.infer<typeof orderContextSchema>;

export const orderContextQuerySchema = z.object({
  order_id: z.string().regex(/^[\w-]{1,64}$/, says('invalidOrderId')),
});
export const orderContextResponseSchema = z.object({ status: z.literal('SUCCESS'), data: orderContextSchema });
export const orderListResponseSchema = z.object({ status: z.literal('SUCCESS'), data: z.array(orderContextSchema) });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
