import type { Kysely } from 'kysely';

/**
 * The recompute of a trip ended short of its drop (docs/driver.md "Recomplete"):
 * - `driver_rides.drop_lat`, `drop_lng`: the booked drop point, which the last GPS ping must be near for the
 *   customer check (the bookings row keeps only the drop's address);
 * - `driver_recompletes`: the one recompute of a trip — unique per ride, so two submits at once recompute once —
 *   with the fare, bill and commission before it (the bookings and driver_rides rows then hold the new ones) and
 *   the id of the token that made it (a retry with the same token answers the same result).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('driver_rides').addColumn('drop_lat', 'double precision').execute();
  await db.schema.alterTable('driver_rides').addColumn('drop_lng', 'double precision').execute();
  await db.schema
    .createTable('driver_recompletes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_ride_id', 'text', (c) => c.notNull().unique().references('driver_rides.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // the jti of the generate_jwt_token token the submit carried
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('previous_fare', 'double precision', (c) => c.notNull())
    .addColumn('fare', 'double precision', (c) => c.notNull())
    .addColumn('previous_commission', 'double precision', (c) => c.notNull())
    .addColumn('commission', 'double precision', (c) => c.notNull())
    .addColumn('previous_bill', 'text', (c) => c.notNull())
    // the distance now billed, and what the pings drew
    .addColumn('km', 'double precision', (c) => c.notNull())
    .addColumn('pings_km', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('driver_recompletes_user_idx').on('driver_recompletes').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('driver_recompletes').execute();
  await db.schema.alterTable('driver_rides').dropColumn('drop_lng').execute();
  await db.schema.alterTable('driver_rides').dropColumn('drop_lat').execute();
}
