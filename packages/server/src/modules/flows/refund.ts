import { coded, formatFare, type RefundDestination, RIDE_NOT_TAKEN, refundDestinations } from '@selfserve/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { BookingRow, RefundsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { adjustedAmount } from '../onetouch/bills.ts';
import { answer, followUpTicket, type Handler, type HandlerContext, needBooking } from '../onetouch/handler-kit.ts';

/**
 * Where a refund goes: the submit's refund_destination, which the article must offer (`refundDestinations`). When
 * the page asked none (`askedNone`), the first offered of voucher, NEFT.
 */
export function refundDestinationOf(ctx: HandlerContext, askedNone: boolean): RefundDestination {
  const offered = refundDestinations(JSON.parse(ctx.article.side_load) as Record<string, unknown>);
  const destination = ctx.body.refund_destination ?? (askedNone ? offered.find((d) => d !== 'ola_money') : undefined);
  if (!destination) throw new AppError('VALIDATION_FAILED', coded('refundChooseDestination'));
  if (!offered.includes(destination)) throw new AppError('VALIDATION_FAILED', coded('refundDestinationNotOffered'));
  return destination;
}

export function findRefund(ctx: HandlerContext, bookingId: string): Promise<RefundsTable | undefined> {
  return ctx.db.selectFrom('refunds').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

/**
 * Refunds a ride once: a voucher or the wallet at once, NEFT with a follow-up ticket (`subject`). A booking has one
 * refund (the unique booking_id), so of concurrent submits one gives it: `given` false means an earlier one did,
 * and `refund` is then that one. The ticket's text is `query`, else the submit's message.
 */
export async function refundOnce(
  ctx: HandlerContext,
  booking: BookingRow,
  refund: { amount: number; destination: RefundDestination; flow: string; subject: string; query?: string },
): Promise<{ given: boolean; refund: RefundsTable }> {
  const ticket = refund.destination === 'neft' ? await followUpTicket(ctx, refund.subject, refund.query) : null;
  const row: RefundsTable = {
    id: newId('rf'),
    booking_id: booking.id,
    user_id: ctx.user.id,
    amount: refund.amount,
    destination: refund.destination,
    status: refund.destination === 'neft' ? 'processing' : 'completed',
    ticket_id: ticket?.ticket_id ?? null,
    created_at: new Date().toISOString(),
    flow: refund.flow,
  };
  try {
    await ctx.db.insertInto('refunds').values(row).execute();
    return { given: true, refund: row };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findRefund(ctx, booking.id);
    if (!first) throw err;
    return { given: false, refund: first };
  }
}

/** SUCCESS 'Refund initiated': the amount and when it arrives (a voucher or the wallet now, NEFT in 7 to 10 days). */
export function refundedAnswer(refund: RefundsTable, country: string) {
  const amount = formatFare(refund.amount, country);
  const said = coded(
    refund.destination === 'neft' ? 'refundNeft' : refund.destination === 'voucher' ? 'refundVoucher' : 'refundWallet',
    { amount },
  );
  return answer('SUCCESS', coded('refundInitiatedTitle'), said, {
    ticket_request_id: refund.ticket_id,
    csat_required: true,
  });
}

/** ALREADY_REFUNDED: what was refunded for the ride, and when. */
export function alreadyRefundedAnswer(refund: RefundsTable, country: string) {
  return answer(
    'ALREADY_REFUNDED',
    coded('refundAlreadyTitle'),
    coded('refundAlreadyOn', { amount: formatFare(refund.amount, country), date: refund.created_at.slice(0, 10) }),
  );
}

/**
 * Refunds (docs/one-touch-rules.md): a cancelled ride with a charge, or a completed ride the rider
 * says they never took, is refunded once, in full, to the chosen destination. A voucher or the
 * wallet is instant; NEFT takes 7 to 10 business days and opens a ticket to follow it.
 */
export const refund: Handler = async (ctx) => {
  const booking = needBooking(ctx.booking);
  const sideLoad = JSON.parse(ctx.article.side_load) as Record<string, unknown>;
  // With KYC hidden (show_kyc false) the page asks no destination.
  const destination = refundDestinationOf(ctx, sideLoad.show_kyc === false);
  const earlier = await findRefund(ctx, booking.id);
  if (earlier) return alreadyRefundedAnswer(earlier, booking.currency_country);
  // What a billing dispute already gave back is not refunded twice.
  const due = booking.fare - (await adjustedAmount(ctx.db, booking.id));
  const charged = booking.status === 'cancelled' && due > 0;
  const notTaken = ctx.body.call_type === RIDE_NOT_TAKEN && booking.status === 'completed' && due > 0;
  if (!charged && !notTaken) {
    return answer('FAILURE', coded('refundNotEligibleTitle'), coded('refundNotEligible'));
  }
  const done = await refundOnce(ctx, booking, {
    amount: due,
    destination,
    flow: 'refund',
    subject: `NEFT refund of ${formatFare(due, booking.currency_country)}`,
  });
  if (!done.given) return alreadyRefundedAnswer(done.refund, booking.currency_country);
  return refundedAnswer(done.refund, booking.currency_country);
};
