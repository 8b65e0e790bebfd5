import { coded, formatFare, RIDE_NOT_TAKEN, refundDestinations } from '@selfserve/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { adjustedAmount } from '../onetouch/bills.ts';
import { answer, followUpTicket, type Handler, needBooking } from '../onetouch/handler-kit.ts';

/**
 * Refunds (docs/one-touch-rules.md): a cancelled ride with a charge, or a completed ride the rider
 * says they never took, is refunded once, in full, to the chosen destination. A voucher or the
 * wallet is instant; NEFT takes 7 to 10 business days and opens a ticket to follow it.
 */
export const refund: Handler = async (ctx) => {
  const booking = needBooking(ctx.booking);
  const sideLoad = JSON.parse(ctx.article.side_load) as Record<string, unknown>;
  const offered = refundDestinations(sideLoad);
  // With KYC hidden (show_kyc false) the page asks no destination: the first one offered of voucher, NEFT.
  const destination =
    ctx.body.refund_destination ?? (sideLoad.show_kyc === false ? offered.find((d) => d !== 'ola_money') : undefined);
  if (!destination) throw new AppError('VALIDATION_FAILED', coded('refundChooseDestination'));
  if (!offered.includes(destination)) throw new AppError('VALIDATION_FAILED', coded('refundDestinationNotOffered'));
  const earlier = await ctx.db
    .selectFrom('refunds')
    .selectAll()
    .where('booking_id', '=', booking.id)
    .executeTakeFirst();
  // What a billing dispute already gave back is not refunded twice.
  const due = booking.fare - (await adjustedAmount(ctx.db, booking.id));
  const amount = formatFare(due, booking.currency_country);
  if (earlier) {
    return answer(
      'ALREADY_REFUNDED',
      coded('refundAlreadyTitle'),
      coded('refundAlreadyOn', {
        amount: formatFare(earlier.amount, booking.currency_country),
        date: earlier.created_at.slice(0, 10),
      }),
    );
  }
  const charged = booking.status === 'cancelled' && due > 0;
  const notTaken = ctx.body.call_type === RIDE_NOT_TAKEN && booking.status === 'completed' && due > 0;
  if (!charged && !notTaken) {
    return answer('FAILURE', coded('refundNotEligibleTitle'), coded('refundNotEligible'));
  }
  const ticket = destination === 'neft' ? await followUpTicket(ctx, `NEFT refund of ${amount}`) : null;
  try {
    await ctx.db
      .insertInto('refunds')
      .values({
        id: newId('rf'),
        booking_id: booking.id,
        user_id: ctx.user.id,
        amount: due,
        destination,
        status: destination === 'neft' ? 'processing' : 'completed',
        ticket_id: ticket?.ticket_id ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) return answer('ALREADY_REFUNDED', coded('refundAlreadyTitle'), coded('refundAlready'));
    throw err;
  }
  const said = coded(
    destination === 'neft' ? 'refundNeft' : destination === 'voucher' ? 'refundVoucher' : 'refundWallet',
    { amount },
  );
  return answer('SUCCESS', coded('refundInitiatedTitle'), said, {
    ticket_request_id: ticket?.ticket_id ?? null,
    csat_required: true,
  });
};
