import type { Kysely } from 'kysely';

/**
 * The coupon a ride was booked with (docs/flows/coupon.md): its code, whether its discount was taken off the fare,
 * and the discount it gives on that ride. A ride without a coupon has no row. The coupon flow reads it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_coupons')
    .addColumn('booking_id', 'text', (c) => c.primaryKey().references('bookings.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('discount', 'double precision', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ride_coupons').ifExists().execute();
}
