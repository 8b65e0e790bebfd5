/**
 * Left an item in the car (docs/flows/lost-item.md): the article's call_type and the lost-item form. What follows
 * the form — the call to the driver, its states and the polling — is left-belonging.ts's.
 */
import { z } from 'zod';
import { says } from '../messages.ts';

/** The call types whose article shows the lost-item form. */
export const LOST_ITEM_CALL_TYPES: readonly string[] = ['cab_belonging'];

/** The longest each optional field of the lost-item form may be (the form's maxLength, the route's check). */
export const LAB_FIELD_MAX = { item_name: 100, item_color: 40, item_brand: 60, item_type: 60, item_at: 100 } as const;
export const LAB_DESCRIPTION_MAX = 1000;

/** The lost-item form (guided-flows.md §3, §5: item_description is mandatory). */
export const lostItemFormSchema = z.object({
  item_name: z.string().trim().max(LAB_FIELD_MAX.item_name).default(''),
  item_color: z.string().trim().max(LAB_FIELD_MAX.item_color).default(''),
  item_brand: z.string().trim().max(LAB_FIELD_MAX.item_brand).default(''),
  item_type: z.string().trim().max(LAB_FIELD_MAX.item_type).default(''),
  item_description: z.string().trim().min(1, says('labDescribeItem')).max(LAB_DESCRIPTION_MAX),
  item_at: z.string().trim().max(LAB_FIELD_MAX.item_at).default(''),
});

/** POST customer_confirm: the form, for one of the user's rides. */
export const labCustomerConfirmSchema = z.object({ booking_id: z.string().max(64), ...lostItemFormSchema.shape });
export type LostItem = z.infer<typeof lostItemFormSchema>;
