import type { Kysely } from 'kysely';

// Whose action sent a mail: the demo outbox shows each signed-in user only their own mail.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('user_id', 'text').execute();
  await db.schema.createIndex('outbox_user_idx').on('outbox').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_user_idx').ifExists().execute();
  await db.schema.alterTable('outbox').dropColumn('user_id').execute();
}
