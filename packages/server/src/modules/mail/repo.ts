import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxTable } from '../../db/schema.ts';

export function insertOutboxMessage(db: Kysely<Database>, row: Insertable<OutboxTable>) {
  return db.insertInto('outbox').values(row).execute();
}

export function markOutboxSent(db: Kysely<Database>, id: string, sentAt: string) {
  return db.updateTable('outbox').set({ sent_at: sentAt }).where('id', '=', id).execute();
}

/** The newest messages a user's actions sent, first. */
export function listOutbox(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
