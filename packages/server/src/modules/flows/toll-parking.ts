import {
  type Bill,
  coded,
  formatFare,
  formatMessage,
  type Toll,
  type TollDetails,
  tollAmountOf,
  tollClaimable,
  tollEntryProblem,
} from '@selfserve/contract';
import type { BookingRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { readBill } from '../onetouch/bills.ts';
import { answer, type Handler, type HandlerContext, needBooking } from '../onetouch/handler-kit.ts';
import { alreadyRefundedAnswer, findRefund, refundDestinationOf, refundedAnswer, refundOnce } from './refund.ts';

/** The refunds row's flow of a toll claim (migration 0020). */
const TOLL_FLOW = 'toll_parking';

/**
 * The toll line's break-up: the plazas and car parks the bill names (`tolls`) when they add up to the line, else
 * the line as one entry (a bill written before the break-up was kept).
 */
export function tollBreakUp(bill: Bill | null): { toll_amount: number; tolls: Toll[] } {
  const tollAmount = tollAmountOf(bill);
  if (tollAmount <= 0) return { toll_amount: 0, tolls: [] };
  const named = bill?.tolls ?? [];
  const sum = named.reduce((s, t) => s + t.total_tax, 0);
  const tolls =
    named.length > 0 && Math.abs(sum - tollAmount) < 0.005
      ? named
      : [{ toll_name: formatMessage('billLineToll'), total_tax: tollAmount }];
  return { toll_amount: tollAmount, tolls };
}

/** The answer of the toll read call (TOLL_DETAILS_PATH) for one of the user's rides. */
export async function tollDetails(ctx: Pick<HandlerContext, 'db'>, booking: BookingRow): Promise<TollDetails> {
  const refund = await ctx.db
    .selectFrom('refunds')
    .select(['amount', 'destination', 'created_at'])
    .where('booking_id', '=', booking.id)
    .where('flow', '=', TOLL_FLOW)
    .executeTakeFirst();
  const { toll_amount, tolls } = tollBreakUp(readBill(booking));
  return {
    status: 'SUCCESS',
    booking_id: booking.id,
    currency_country: booking.currency_country,
    toll_amount,
    toll_break_up: { tolls },
    refunded: refund ?? null,
  };
}

/**
 * Toll and parking (docs/flows/toll-parking.md): the rider claims part of a completed ride's toll line (the amount
 * as user_input_amount, the break-up they were shown as toll_map). Within the bounds of the toll entry, it is
 * refunded once per ride to the destination chosen (voucher at once, NEFT with a ticket); a retry answers the first
 * outcome. A ride's one refund is either this claim or the refund of the whole fare (ride not taken), never both.
 */
export const tollParking: Handler = async (ctx) => {
  const booking = needBooking(ctx.booking);
  const country = booking.currency_country;
  const { toll_amount: tollAmount, tolls } = tollBreakUp(readBill(booking));
  if (booking.status !== 'completed' || !tollClaimable(tollAmount)) {
    return answer('FAILURE', coded('tollNotEligibleTitle'), coded('tollNotEligible'));
  }
  // The amount as the rider typed it: digits only, 3 at most, 10 or more, not above the ride's tolls.
  const entry = ctx.body.user_input_amount == null ? '' : String(ctx.body.user_input_amount);
  const problem = tollEntryProblem(entry, tollAmount);
  if (problem) throw new AppError('VALIDATION_FAILED', coded(problem));
  const sideLoad = JSON.parse(ctx.article.side_load) as Record<string, unknown>;
  // A voucher article asks the destination first; any other submits directly (the first offered of voucher, NEFT).
  const destination = refundDestinationOf(ctx, sideLoad.showVoucher !== true);

  const earlier = await findRefund(ctx, booking.id);
  if (earlier) {
    return earlier.flow === TOLL_FLOW ? refundedAnswer(earlier, country) : alreadyRefundedAnswer(earlier, country);
  }
  const amount = Number(entry);
  const shown = Object.entries(ctx.body.toll_map ?? {})
    .map(([name, tax]) => `${name} ${formatFare(tax, country)}`)
    .join(', ');
  const done = await refundOnce(ctx, booking, {
    amount,
    destination,
    flow: TOLL_FLOW,
    subject: `Toll/parking NEFT refund of ${formatFare(amount, country)}`,
    query: [
      `Claimed ${formatFare(amount, country)} of ${formatFare(tollAmount, country)} toll and parking charges.`,
      `Break-up on the bill: ${tolls.map((t) => `${t.toll_name} ${formatFare(t.total_tax, country)}`).join(', ')}.`,
      ...(shown ? [`Break-up shown to the rider: ${shown}.`] : []),
      ...(ctx.body.message ? [ctx.body.message] : []),
    ].join('\n'),
  });
  if (done.given || done.refund.flow === TOLL_FLOW) return refundedAnswer(done.refund, country);
  return alreadyRefundedAnswer(done.refund, country);
};
