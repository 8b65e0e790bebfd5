import { coded, currencySymbols, type OrderContext } from '@selfserve/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOwnOrder } from './repo.ts';

export function toOrderContext(o: Selectable<OrdersTable>): OrderContext {
  return {
    order_id: o.id,
    order_type: o.order_type,
    order_status: o.order_status,
    amount: o.amount,
    currency_symbol: currencySymbols[o.currency_country] ?? '',
    modified_at: o.modified_at,
    items: JSON.parse(o.items),
    // Missing details stay null here; only ticket creation falls back to placeholders (spec §5).
    customer_details: {
      name: o.customer_name,
      contact: o.customer_contact,
      email: o.customer_email,
      user_id: o.user_id,
    },
  };
}

export async function ownOrderContext(
  db: Kysely<Database>,
  userId: string | undefined,
  orderId: string,
  kind?: OrdersTable['order_type'],
) {
  const order = userId ? await findOwnOrder(db, userId, orderId, kind) : undefined;
  if (!order) throw new AppError('NOT_FOUND', coded('orderNotFound'));
  return toOrderContext(order);
}
