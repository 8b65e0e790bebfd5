import type { Insertable, Kysely } from 'kysely';
import type { Database, DocumentsTable } from '../../db/schema.ts';

export function insertDocument(db: Kysely<Database>, row: Insertable<DocumentsTable>) {
  return db.insertInto('documents').values(row).execute();
}

/** A document of this user only: another user's id finds nothing. */
export function findOwnDocument(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'file_name', 'content_type', 'size', 'storage_key'])
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

/** How many of ids are this user's uploads, attached or not. */
export async function countOwnDocuments(db: Kysely<Database>, userId: string, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** The bytes of the database storage backend (DatabaseStorage), one row per storage key. */
export function insertUploadBlob(db: Kysely<Database>, storageKey: string, bytes: Buffer) {
  return db
    .insertInto('upload_blobs')
    .values({ storage_key: storageKey, bytes, created_at: new Date().toISOString() })
    .execute();
}

export function findUploadBlob(db: Kysely<Database>, storageKey: string) {
  return db.selectFrom('upload_blobs').select('bytes').where('storage_key', '=', storageKey).executeTakeFirst();
}

export function deleteUploadBlob(db: Kysely<Database>, storageKey: string) {
  return db.deleteFrom('upload_blobs').where('storage_key', '=', storageKey).execute();
}
