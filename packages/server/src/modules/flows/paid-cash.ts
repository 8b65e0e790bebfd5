import {
  coded,
  type OneTouchResponse,
  PAID_CASH_FLOW,
  paidCashAmountError,
  paidCashInvoiceError,
  paidCashParams,
} from '@selfserve/contract';
import type { BookingRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { answer, needBooking, withParams } from '../onetouch/handler-kit.ts';
import { type CashClaim, claimForReview, claimOnce, findClaim, money, reviewAnswer } from './cash-claims.ts';

/** What the app shows as due: the fare of a ride whose payment is still pending; none on any other ride. */
export function amountDue(booking: BookingRow): number {
  return booking.status === 'pending' && booking.sub_status === 'payment_pending' ? booking.fare : 0;
}

function claimAnswer(booking: BookingRow, claim: CashClaim): OneTouchResponse {
  const said = { amount: money(claim.amount, booking), crn: booking.crn };
  if (claim.outcome === 'cleared') return answer('SUCCESS', coded('pcoClearedTitle'), coded('pcoCleared', said));
  return reviewAnswer(
    claim,
    claim.amount < booking.fare
      ? coded('pcoPartlyPaid', { ...said, due: money(booking.fare, booking) })
      : coded('pcoUnderReview', said),
  );
}

/**
 * Paid cash outstanding (docs/flows/paid-cash.md): the rider paid the driver in cash, yet the app shows the ride's
 * fare as due. A cash ride paid in full is cleared at once (the ride is completed, nothing is due); anything the
 * ride's record cannot prove — a ride set to online payment (with its invoice image), or part of the due — is a
 * ticket for a person. One claim per ride: a retry answers the first.
 */
export const paidCash = withParams(paidCashParams, async (ctx, params) => {
  const booking = needBooking(ctx.booking);
  const first = await findClaim(ctx, booking.id, PAID_CASH_FLOW);
  if (first) return claimAnswer(booking, first);

  const due = amountDue(booking);
  if (due <= 0) return answer('FAILURE', coded('sorry'), coded('pcoNothingDue'));
  const images = ctx.body.uploaded_image_ids ?? [];
  const refused = paidCashAmountError(params.amount, booking.fare) ?? paidCashInvoiceError(params.payment, images);
  if (refused) throw new AppError('VALIDATION_FAILED', coded(refused));

  const amount = Number(params.amount);
  const claim = { flow: PAID_CASH_FLOW, reason: params.payment, total_cash: amount, amount };
  const made =
    params.payment === 'cash' && booking.cash_involved === 1 && amount === due
      ? await claimOnce(ctx, booking, { ...claim, outcome: 'cleared' }, (trx) =>
          trx
            .updateTable('bookings')
            .set({ status: 'completed', sub_status: null })
            .where('id', '=', booking.id)
            .where('status', '=', 'pending')
            .execute(),
        )
      : await claimForReview(ctx, booking, claim, {
          subject: `Cash paid on ride ${booking.crn} still shows as due`,
          query: [
            `Paid in cash: ${money(amount, booking)}; due: ${money(due, booking)}`,
            `The ride was set to ${params.payment === 'cash' ? 'cash' : 'online payment (cashless)'}; our record says ${booking.cash_involved ? 'cash' : 'online payment'}`,
            images.length ? 'Invoice attached' : null,
          ]
            .filter(Boolean)
            .join('\n'),
        });
  const settled = made ?? (await findClaim(ctx, booking.id, PAID_CASH_FLOW));
  return settled ? claimAnswer(booking, settled) : answer('FAILURE', coded('sorry'), coded('retry'));
});
