import type { Kysely } from 'kysely';

/**
 * The driver's one-touch articles (docs/driver.md "Driver one-touch articles"):
 * - `driver_cleaning_claims`: one cleaning-fee claim per trip (the unique booking makes a second, or a race, fail);
 *   the fee is the article option's amount, kept as claimed, with the ticket the review team works on.
 * - `lab_handovers`: the partner's confirmation that a lost item was handed back (one per lost-item request).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('driver_cleaning_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().unique().references('bookings.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('option', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('photos', 'integer', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lab_handovers')
    .addColumn('lab_request_id', 'text', (c) => c.primaryKey().references('lab_requests.id'))
    .addColumn('partner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('handed_over_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lab_handovers').execute();
  await db.schema.dropTable('driver_cleaning_claims').execute();
}
