import type { Kysely } from 'kysely';

/**
 * The driver's ledger of rides (docs/driver.md): one row per ride a partner drove. The ride itself stays the
 * `bookings` row (audience 'driver', user_id the partner: what the customer booked and paid); this row holds what
 * only the partner's side has — the id of the partner's trip, the platform's commission, the incentive earned, and
 * what the road recorded (how far short of the drop the trip was ended, the GPS pings) for billing help and the
 * recompute of a short-ended trip.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('driver_rides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().unique().references('bookings.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('commission', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('incentive', 'double precision', (c) => c.notNull().defaultTo(0))
    // km between where the trip was ended and the booked drop; null when it reached the drop
    .addColumn('ended_short_km', 'double precision')
    // JSON [[lat, lng, epoch ms], …] of the trip's GPS pings; null when none were recorded
    .addColumn('gps_pings', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A driver's own rides (every query of the area is scoped by user_id).
  await db.schema.createIndex('driver_rides_user_idx').on('driver_rides').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('driver_rides').execute();
}
