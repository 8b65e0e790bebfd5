import type { Kysely } from 'kysely';

/**
 * The wallet's credits (docs/wallet.md): money a guided form gives back at once (extra cash, a coupon that failed).
 * One credit per ride and flow: the unique key is what makes a retried or concurrent submit give back once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_credits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency_country', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wallet_credits_booking_flow_uq', ['booking_id', 'flow'])
    .execute();
  await db.schema.createIndex('wallet_credits_user_idx').on('wallet_credits').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_credits').ifExists().execute();
}
