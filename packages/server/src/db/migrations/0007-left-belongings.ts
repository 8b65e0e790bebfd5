import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One lost-item request per booking; its state moves with the telephony callbacks.
  await db.schema
    .createTable('lab_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().unique().references('bookings.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('driver_note', 'text')
    .addColumn('ticket_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lab_requests').ifExists().execute();
}
