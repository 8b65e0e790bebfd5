import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The chat availability configuration's rows (migration 0030): one per chat region, the region's JSON config. */
export function listChatAvailabilityRows(db: Kysely<Database> | Transaction<Database>) {
  return db.selectFrom('chat_availability').selectAll().orderBy('region').execute();
}

/** Replaces one region's configuration (inserted when the region has no row yet). */
export async function saveChatAvailabilityRow(
  db: Kysely<Database> | Transaction<Database>,
  row: { region: string; config: string; updated_at: string; updated_by: string },
): Promise<void> {
  await db
    .insertInto('chat_availability')
    .values(row)
    .onConflict((oc) =>
      oc.column('region').doUpdateSet({ config: row.config, updated_at: row.updated_at, updated_by: row.updated_by }),
    )
    .execute();
}
