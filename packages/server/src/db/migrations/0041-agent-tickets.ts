import { type Kysely, sql } from 'kysely';

/**
 * The agent side of tickets (issue 21 item 2; docs/agent.md "Tickets"):
 * - `tickets.status` gains 'pending' (answered by an agent, waiting for the rider); the one-open-ticket-per-issue
 *   index now covers open and pending tickets (both are the rider's open request).
 * - `tickets.assignee_id` (the agent working on it), `first_response_at` (the first agent reply), `solved_at` (the
 *   last time it was solved) and `closed_at`: what the inbox sorts by and insights measure.
 * - `ticket_messages`: the conversation after the request itself — agents' replies and internal notes, riders'
 *   replies. `client_key` (unique per author) makes a retried send one message, one mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('assignee_id', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('first_response_at', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('solved_at', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('closed_at', 'text').execute();
  await sql`drop index if exists tickets_open_issue_subject_uq`.execute(db);
  await sql`create unique index tickets_open_issue_subject_uq on tickets (user_id, issue_id, (coalesce(booking_id, '')), (coalesce(order_id, ''))) where status in ('open', 'pending') and flag is null`.execute(
    db,
  );
  await db.schema.createIndex('tickets_status_created').on('tickets').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('tickets_assignee').on('tickets').columns(['assignee_id', 'status']).execute();

  await db.schema
    .createTable('ticket_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** tickets.ticket_id (the public number, as csat_ratings) */
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    /** 'agent' (staff) or 'rider' (the ticket's owner) */
    .addColumn('author_role', 'text', (c) => c.notNull())
    /** 'reply' (the rider sees it) or 'note' (staff only) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    /** the status the ticket had after this message */
    .addColumn('status_after', 'text')
    /** the outbox row of the rider's mail for an agent reply */
    .addColumn('mail_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_messages_author_key_uq')
    .on('ticket_messages')
    .columns(['author_id', 'client_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ticket_messages_ticket')
    .on('ticket_messages')
    .columns(['ticket_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_messages').execute();
  await sql`drop index if exists tickets_assignee`.execute(db);
  await sql`drop index if exists tickets_status_created`.execute(db);
  await sql`drop index if exists tickets_open_issue_subject_uq`.execute(db);
  await sql`update tickets set status = 'open' where status = 'pending'`.execute(db);
  await sql`create unique index tickets_open_issue_subject_uq on tickets (user_id, issue_id, (coalesce(booking_id, '')), (coalesce(order_id, ''))) where status = 'open' and flag is null`.execute(
    db,
  );
  for (const c of ['closed_at', 'solved_at', 'first_response_at', 'assignee_id']) {
    await db.schema.alterTable('tickets').dropColumn(c).execute();
  }
}
