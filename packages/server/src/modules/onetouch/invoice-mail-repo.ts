import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database, InvoiceMailsTable } from '../../db/schema.ts';

/** Advisory-lock classes (the two-int form) of the invoice limits: one per user, one per recipient address. */
const LOCK_CLASS_USER = 0x1f0c;
const LOCK_CLASS_ADDRESS = 0x1f0d;

/**
 * Serialises the invoice mails of one user and of one address until the transaction ends, so a count and the insert
 * after it cannot be interleaved with another request's (PostgreSQL: transaction-scoped advisory locks, always the
 * user's first, so two requests never wait on each other crosswise). SQLite needs none: a transaction holds the one
 * writer connection, and the insert comes first so the write lock is taken before counting.
 */
export async function lockInvoiceMails(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: string,
  address: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS_USER)}, hashtext(${userId}))`.execute(db);
  await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS_ADDRESS)}, hashtext(${address}))`.execute(db);
}

export function countInvoiceMails(db: Kysely<Database>, by: { userId: string } | { address: string }, since: string) {
  return db
    .selectFrom('invoice_mails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if('userId' in by, (q) => q.where('user_id', '=', (by as { userId: string }).userId))
    .$if('address' in by, (q) => q.where('address', '=', (by as { address: string }).address))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertInvoiceMail(db: Kysely<Database>, row: InvoiceMailsTable) {
  return db.insertInto('invoice_mails').values(row).execute();
}

export async function isConfirmedAddress(db: Kysely<Database>, userId: string, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('invoice_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .executeTakeFirst();
  return row !== undefined;
}

export function confirmAddress(db: Kysely<Database>, userId: string, address: string, now: string) {
  return db
    .insertInto('invoice_addresses')
    .values({ user_id: userId, address, confirmed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doNothing())
    .execute();
}

/** Uses a confirmation link once: the update reports whether this call won it (and it was still live). */
export async function consumeConfirmation(db: Kysely<Database>, tokenHash: string, now: string) {
  const result = await db
    .updateTable('invoice_mails')
    .set({ consumed_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'confirmation')
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return db.selectFrom('invoice_mails').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}
