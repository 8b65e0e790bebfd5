import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The bill of a ride (JSON of the contract's Bill); null when the ride has none.
  await db.schema.alterTable('bookings').addColumn('bill', 'text').execute();
  // One billing dispute per booking: an adjustment made at once, or a review by a person (a ticket).
  await db.schema
    .createTable('bill_disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().unique().references('bookings.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text')
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Settings the application keeps about itself (the demo data's anchor date).
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_meta').ifExists().execute();
  await db.schema.dropTable('bill_disputes').ifExists().execute();
  await db.schema.alterTable('bookings').dropColumn('bill').execute();
}
