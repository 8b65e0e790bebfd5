import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The whole request as sent, for support agents, plus the fields tickets are found by.
  await db.schema
    .alterTable('tickets')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('ticket'))
    .execute();
  await db.schema
    .alterTable('tickets')
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('tickets').addColumn('source_page', 'text').execute();
  // One open ticket per user, issue and booking, even under concurrent submits.
  await sql`create unique index tickets_open_issue_uq on tickets (user_id, issue_id, booking_id) where status = 'open'`.execute(
    db,
  );

  await db.schema
    .createTable('ticket_items')
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_items_pk', ['ticket_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_user_idx').on('documents').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('csat_ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('score', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('comment', 'text')
    .addColumn('email_from', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();

  // Tickets from people who are not signed in (non-login modals): no account to hang them on.
  await db.schema
    .createTable('guest_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('monitoring_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['monitoring_events', 'guest_tickets', 'outbox', 'csat_ratings', 'documents', 'ticket_items']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`drop index if exists tickets_open_issue_uq`.execute(db);
}
