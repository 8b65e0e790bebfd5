// The cash claims of extra cash and paid cash outstanding (migration 0019): one claim per ride and flow, with what it
// decided, so a retried or concurrent submit answers the first outcome.
import { coded, formatFare, type OneTouchResponse } from '@selfserve/contract';
import type { Selectable, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { BookingRow, CashClaimsTable, Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { answer, followUpTicket, type HandlerContext } from '../onetouch/handler-kit.ts';

export type CashClaim = Selectable<CashClaimsTable>;
type NewClaim = Pick<CashClaim, 'flow' | 'reason' | 'total_cash' | 'amount' | 'outcome'>;

export function findClaim(ctx: HandlerContext, bookingId: string, flow: string): Promise<CashClaim | undefined> {
  return ctx.db
    .selectFrom('cash_claims')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('flow', '=', flow)
    .executeTakeFirst();
}

/**
 * Records the ride's claim and applies its outcome (`apply`: the wallet credit, the due cleared) in one transaction.
 * Null when an earlier or concurrent submit claimed the ride first: the caller then answers that one.
 */
export async function claimOnce(
  ctx: HandlerContext,
  booking: BookingRow,
  claim: NewClaim,
  apply: (trx: Transaction<Database>) => Promise<unknown> = async () => {},
): Promise<CashClaim | null> {
  const row: CashClaim = {
    id: newId('cc'),
    user_id: ctx.user.id,
    booking_id: booking.id,
    ticket_id: null,
    created_at: new Date().toISOString(),
    ...claim,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('cash_claims').values(row).execute();
      await apply(trx);
    });
    return row;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return null;
  }
}

/**
 * A claim the records cannot settle: the ride is claimed first (so concurrent submits raise one ticket), then the
 * ticket for a person, with the request's images; if the ticket cannot be raised (an unverified e-mail) the claim
 * is let go, so the rider can submit again.
 */
export async function claimForReview(
  ctx: HandlerContext,
  booking: BookingRow,
  claim: Omit<NewClaim, 'outcome'>,
  ticket: { subject: string; query: string },
): Promise<CashClaim | null> {
  const row = await claimOnce(ctx, booking, { ...claim, outcome: 'review' });
  if (!row) return null;
  try {
    const raised = await followUpTicket(ctx, ticket.subject, ticket.query);
    await ctx.db.updateTable('cash_claims').set({ ticket_id: raised.ticket_id }).where('id', '=', row.id).execute();
    return { ...row, ticket_id: raised.ticket_id };
  } catch (err) {
    await ctx.db.deleteFrom('cash_claims').where('id', '=', row.id).execute();
    throw err;
  }
}

/** The answer of a claim sent to a person: 'Request received', the ticket, and the rating. */
export function reviewAnswer(claim: CashClaim, said: ReturnType<typeof coded>): OneTouchResponse {
  return answer('SUCCESS', coded('requestReceived'), said, {
    ticket_request_id: claim.ticket_id,
    csat_required: true,
  });
}

export const money = (amount: number, booking: BookingRow) => formatFare(amount, booking.currency_country);
