import type { Kysely } from 'kysely';
import type { Database, InvoiceMailsTable } from '../../db/schema.ts';

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
