import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Advisory-lock classes (the two-int form) of the limits counted in the database; invoice mails use 0x1f0c–d. */
export const LOCK_CLASS = { loginCodes: 0x1f10, callUsCodes: 0x1f11 } as const;

/**
 * Runs `fn` in a transaction that no other request for the same key runs alongside, so a limit's count and the
 * insert after it cannot interleave with another request's on any instance: two requests counting 4 of 5 would both
 * insert a fifth (PostgreSQL: a transaction-scoped advisory lock on the key). SQLite needs none: a transaction
 * holds the one connection, and SQLite serves one instance.
 */
export function serialisedBy<T>(
  db: Kysely<Database>,
  lockClass: number,
  key: string,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${sql.lit(lockClass)}, hashtext(${key}))`.execute(trx);
    }
    return fn(trx);
  });
}
