import type { Insertable, Kysely } from 'kysely';
import type { Database, DocumentsTable } from '../../db/schema.ts';

export function insertDocument(db: Kysely<Database>, row: Insertable<DocumentsTable>) {
  return db.insertInto('documents').values(row).execute();
}

/** A document of this user only: another user's id finds nothing. */
export function findOwnDocument(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'content_type', 'size', 'storage_key'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findUnattachedOwnDocuments(db: Kysely<Database>, userId: string, ids: string[]) {
  return db
    .selectFrom('documents')
    .select(['id', 'file_name', 'content_type', 'size'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('ticket_id', 'is', null)
    .execute();
}

/** Sets ticket_id on those of ids that are this user's and still unattached; answers how many. */
export async function attachDocuments(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  ticketId: string,
): Promise<number> {
  const result = await db
    .updateTable('documents')
    .set({ ticket_id: ticketId })
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('ticket_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
