import type { Kysely } from 'kysely';

/**
 * A visitor's ticket joins the list of the user who later signs in with its e-mail (docs/flows/visitor-tickets.md):
 * `claimed_by` is that user, set once, in the transaction that copies the ticket into `tickets`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('guest_tickets').addColumn('claimed_by', 'text').execute();
  await db.schema.createIndex('guest_tickets_email_idx').on('guest_tickets').column('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guest_tickets_email_idx').execute();
  await db.schema.alterTable('guest_tickets').dropColumn('claimed_by').execute();
}
