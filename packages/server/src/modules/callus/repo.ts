import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CallUsCodesTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The support lines of a country for an audience ('customer' | 'driver'), every city and line. */
export function listNumbers(db: Db, country: string, audience: 'customer' | 'driver') {
  return db
    .selectFrom('call_us_numbers')
    .selectAll()
    .where('country_code', '=', country)
    .where('audience', '=', audience)
    .orderBy('id')
    .execute();
}

export function findCity(db: Db, country: string, name: string) {
  return db
    .selectFrom('cities')
    .select(['name', 'lat', 'lng'])
    .where('country_code', '=', country)
    .where('name', '=', name)
    .executeTakeFirst();
}

/**
 * Inserts a code unless a live one of the same number already has its hash (false then: draw another). No error on
 * that conflict, so the transaction it runs in stays usable on PostgreSQL.
 */
export async function insertCode(db: Db, row: Insertable<CallUsCodesTable>): Promise<boolean> {
  const res = await db
    .insertInto('call_us_codes')
    .values(row)
    .onConflict((oc) => oc.column('code_hash').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Codes given to a user since a moment (both kinds): the per-user cap. */
export async function countCodesSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('call_us_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findCodeByHash(db: Db, codeHash: string) {
  return db.selectFrom('call_us_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Marks a code used if it still is unused and unexpired; true for the one request that did (any instance). */
export async function useCode(db: Db, id: string, now: string, caller: string): Promise<boolean> {
  const res = await db
    .updateTable('call_us_codes')
    .set({ used_at: now, used_by: caller })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recordWrongGuess(
  db: Db,
  rows: { id: string; lock_key: string; called_number: string; created_at: string }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('call_us_attempts').values(rows).execute();
}

/** Wrong guesses per lock key since a moment. */
export async function countWrongGuesses(db: Db, keys: string[], since: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (keys.length === 0) return counts;
  const rows = await db
    .selectFrom('call_us_attempts')
    .select(['lock_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('lock_key', 'in', keys)
    .where('created_at', '>', since)
    .groupBy('lock_key')
    .execute();
  for (const r of rows) counts.set(r.lock_key, Number(r.n));
  return counts;
}

/** The users whose registered mobile is this number (written with or without '+'). */
export function findUsersByMobile(db: Db, digits: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'mobile'])
    .where('mobile', 'in', [`+${digits}`, digits])
    .execute();
}

export function findUser(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'name', 'mobile']).where('id', '=', id).executeTakeFirst();
}

export function findBooking(db: Db, userId: string, id: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'crn', 'status', 'pickup_location', 'drop_location', 'pickup_date'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findArticleTitle(db: Db, id: string) {
  return db.selectFrom('articles').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

/**
 * Forgets what no longer matters: codes a day past their expiry (kept that long so a late call still hears
 * 'expired' rather than 'not recognised') and wrong guesses older than the lock window.
 */
export async function pruneExpired(db: Db, codesBefore: string, guessesBefore: string): Promise<void> {
  await db.deleteFrom('call_us_codes').where('expires_at', '<', codesBefore).execute();
  await db.deleteFrom('call_us_attempts').where('created_at', '<', guessesBefore).execute();
}
