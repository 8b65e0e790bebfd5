import type { Kysely } from 'kysely';

/**
 * The cash claims of the guided forms (docs/flows/extra-cash.md, docs/flows/paid-cash.md): what a claim about a
 * ride's cash decided — money back to the wallet, the due cleared, or a ticket for a person. One claim per ride and
 * flow: the unique key is what makes a retried or concurrent submit answer the first outcome.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cash_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('total_cash', 'double precision', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cash_claims_booking_flow_uq', ['booking_id', 'flow'])
    .execute();
  await db.schema.createIndex('cash_claims_user_idx').on('cash_claims').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cash_claims').ifExists().execute();
}
