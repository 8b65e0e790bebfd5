import type { Kysely } from 'kysely';

/**
 * Which flow made a refund (docs/flows/toll-parking.md): `refund` (a cancelled ride's charge, a ride not taken) or
 * `toll_parking` (a toll claim). A booking still has one refund — the unique booking_id stays — and a retried toll
 * claim answers its first outcome, which it can only tell apart from another flow's refund by this column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('refunds')
    .addColumn('flow', 'text', (c) => c.notNull().defaultTo('refund'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').dropColumn('flow').execute();
}
