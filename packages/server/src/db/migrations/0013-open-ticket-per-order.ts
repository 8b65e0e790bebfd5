import { type Kysely, sql } from 'kysely';

/**
 * One open ticket per user, issue, and what the issue is about: the booking or the order (docs/tickets.md). The
 * index of 0003 keyed (user_id, issue_id, booking_id): a marketplace ticket has no booking, and since NULLs are
 * distinct in a unique index on both databases, it held nothing for order tickets (nor for tickets about neither),
 * while the service's check took every order for the same one. The new key has the booking and the order, each
 * with '' for none, so "no booking, order A", "no booking, order B" and "neither" are three different keys and a
 * concurrent double submit for one of them stores one ticket. The same SQL on SQLite and PostgreSQL (expression
 * and partial indexes on both). Tickets without an issue stay unconstrained (NULL issue_id), as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tickets_open_issue_uq`.execute(db);
  await sql`create unique index tickets_open_issue_subject_uq on tickets (user_id, issue_id, (coalesce(booking_id, '')), (coalesce(order_id, ''))) where status = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tickets_open_issue_subject_uq`.execute(db);
  await sql`create unique index tickets_open_issue_uq on tickets (user_id, issue_id, booking_id) where status = 'open'`.execute(
    db,
  );
}
