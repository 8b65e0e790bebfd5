// A ride's bill and what a billing dispute gave back on it: the bill route, invoices, refunds and the dispute read them.
import type { Bill } from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { BookingRow, Database } from '../../db/schema.ts';

export function readBill(booking: Pick<BookingRow, 'bill'>): Bill | null {
  return booking.bill ? (JSON.parse(booking.bill) as Bill) : null;
}

export function findDispute(db: Kysely<Database>, bookingId: string) {
  return db.selectFrom('bill_disputes').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

/** What was given back on a ride's bill, to take off a later refund of the same ride. */
export async function adjustedAmount(db: Kysely<Database>, bookingId: string): Promise<number> {
  const d = await findDispute(db, bookingId);
  return d?.outcome === 'adjusted' ? d.amount : 0;
}
