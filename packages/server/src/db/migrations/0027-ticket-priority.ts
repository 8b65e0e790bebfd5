import { type Kysely, sql } from 'kysely';

/**
 * A ticket's priority and flag (docs/tickets.md): a safety report is a ticket at the highest priority, flagged
 * 'safety' (docs/flows/safety-report.md). A flagged ticket is never merged into another open ticket, so the
 * one-open-ticket-per-issue index of 0013 leaves flagged rows out; their retries are held by the idempotency key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
    .execute();
  await db.schema.alterTable('tickets').addColumn('flag', 'text').execute();
  await sql`drop index if exists tickets_open_issue_subject_uq`.execute(db);
  await sql`create unique index tickets_open_issue_subject_uq on tickets (user_id, issue_id, (coalesce(booking_id, '')), (coalesce(order_id, ''))) where status = 'open' and flag is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tickets_open_issue_subject_uq`.execute(db);
  await sql`delete from tickets where flag is not null`.execute(db);
  await sql`create unique index tickets_open_issue_subject_uq on tickets (user_id, issue_id, (coalesce(booking_id, '')), (coalesce(order_id, ''))) where status = 'open'`.execute(
    db,
  );
  await db.schema.alterTable('tickets').dropColumn('flag').execute();
  await db.schema.alterTable('tickets').dropColumn('priority').execute();
}
