import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One refund per booking: the unique booking_id makes a second attempt ALREADY_REFUNDED, even when racing.
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().unique().references('bookings.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').ifExists().execute();
}
