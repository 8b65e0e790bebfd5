import type { Kysely } from 'kysely';

/**
 * A fleet partner's attached cars (issue 18 item 5; docs/driver.md "Earnings"): the cars a partner owns and has
 * attached to their account, whose rides are the partner's (bookings.car_number). A driver with no row here has no
 * fleet: the earnings page then shows no car filter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('driver_cars')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('car_number', 'text', (c) => c.notNull())
    .addColumn('car_model', 'text', (c) => c.notNull())
    .addColumn('car_category', 'text', (c) => c.notNull())
    .addColumn('attached_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('driver_cars_user_car_unique', ['user_id', 'car_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('driver_cars').execute();
}
