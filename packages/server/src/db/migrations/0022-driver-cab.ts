import type { Kysely } from 'kysely';

/**
 * Driver details and attaching a car (docs/flows/driver-details.md, docs/flows/cab-attachment.md): the car a ride's
 * driver drove, the masked calls to a driver, the onboarding offices by city, and the leads of people who want to
 * drive (one per user and city: a retried submit finds its lead).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('car_model', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('car_number', 'text').execute();

  await db.schema
    .createTable('driver_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // calling → connected | failed, moved only by the provider's report
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('driver_calls_booking_idx')
    .on('driver_calls')
    .columns(['booking_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('bd_offices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('city_id', 'text', (c) => c.notNull().references('cities.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('operating_hours', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bd_offices_city_idx').on('bd_offices').columns(['city_id', 'position']).execute();

  await db.schema
    .createTable('cab_attachment_leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('city_id', 'text', (c) => c.notNull().references('cities.id'))
    .addColumn('phone_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cab_attachment_leads_user_city_uq', ['user_id', 'city_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cab_attachment_leads').ifExists().execute();
  await db.schema.dropTable('bd_offices').ifExists().execute();
  await db.schema.dropTable('driver_calls').ifExists().execute();
  await db.schema.alterTable('bookings').dropColumn('car_number').execute();
  await db.schema.alterTable('bookings').dropColumn('car_model').execute();
}
