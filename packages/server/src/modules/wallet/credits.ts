// The wallet's credits (docs/wallet.md): what a guided form gives back at once, once per ride and flow.
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, WalletCreditsTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';

export type WalletCredit = WalletCreditsTable;

/** The credit a flow already gave for this ride, if any. */
export function findCredit(db: Kysely<Database>, bookingId: string, flow: string): Promise<WalletCredit | undefined> {
  return db
    .selectFrom('wallet_credits')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('flow', '=', flow)
    .executeTakeFirst();
}

/**
 * Credits the wallet for a ride, once per flow: `given` is false when an earlier (or a concurrent) submit already
 * did, and `credit` is then that first one, so a retry answers what the first submit did.
 */
export async function creditOnce(
  db: Kysely<Database>,
  credit: Pick<WalletCredit, 'user_id' | 'booking_id' | 'flow' | 'amount' | 'currency_country'>,
): Promise<{ given: boolean; credit: WalletCredit }> {
  const row: WalletCredit = { id: newId('wc'), ...credit, created_at: new Date().toISOString() };
  try {
    await db.insertInto('wallet_credits').values(row).execute();
    return { given: true, credit: row };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findCredit(db, credit.booking_id, credit.flow);
    if (!first) throw err;
    return { given: false, credit: first };
  }
}
