import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function countCodesSince(db: Kysely<Database>, email: string, since: string) {
  return db
    .selectFrom('login_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertCode(
  db: Kysely<Database>,
  row: { id: string; email: string; code_hash: string; created_at: string; expires_at: string },
) {
  return db
    .insertInto('login_codes')
    .values({ ...row, attempts: 0, consumed_at: null })
    .execute();
}

/** The newest live code for an address; older ones stop working once a new one is sent. */
export function latestLiveCode(db: Kysely<Database>, email: string, now: string) {
  return db
    .selectFrom('login_codes')
    .selectAll()
    .where('email', '=', email)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * Takes one of the code's guesses, or reports that none is left. The limit is in the update itself, so
 * concurrent guesses cannot all read "attempts < max" before any of them counts: PostgreSQL re-checks the
 * WHERE on the locked row, SQLite runs one writer at a time.
 */
export async function claimAttempt(db: Kysely<Database>, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Consumes the code only if nobody else did first: the update reports whether it won. */
export async function consumeCode(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('login_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
