import type { Kysely } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';

/** An order of this user only: another user's order id finds nothing. */
export function findOwnOrder(db: Kysely<Database>, userId: string, orderId: string, kind?: OrdersTable['order_type']) {
  let q = db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('id', '=', orderId);
  if (kind) q = q.where('order_type', '=', kind);
  return q.executeTakeFirst();
}

export function listOwnOrders(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('modified_at', 'desc')
    .limit(100)
    .execute();
}
