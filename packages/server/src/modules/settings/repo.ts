// SQL of the run-time settings (migration 0043) and the call-us lines the settings page edits; no rules here.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findSetting(db: Db, key: string) {
  return db.selectFrom('app_settings').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function saveSetting(
  db: Db,
  row: { key: string; value: string; updated_at: string; updated_by: string },
): Promise<void> {
  await db
    .insertInto('app_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at, updated_by: row.updated_by }),
    )
    .execute();
}

export function listCallUsLines(db: Db) {
  return db
    .selectFrom('call_us_numbers')
    .selectAll()
    .orderBy('country_code')
    .orderBy('audience')
    .orderBy('id')
    .execute();
}

export function findCallUsLine(db: Db, id: string) {
  return db.selectFrom('call_us_numbers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setCallUsNumber(db: Db, id: string, number: string): Promise<void> {
  await db.updateTable('call_us_numbers').set({ number }).where('id', '=', id).execute();
}
