import {
  adjustedBill,
  type Bill,
  billDisputeParams,
  coded,
  FREE_WAITING_MINUTES,
  formatFare,
  type OneTouchResponse,
  reviewBillDispute,
} from '@selfserve/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { BookingRow } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { findDispute, readBill } from '../onetouch/bills.ts';
import { answer, followUpTicket, needBooking, withParams } from '../onetouch/handler-kit.ts';

/** The parts of the ride the result dialog shows next to the answer (core.md §3: map_url, distance, bill). */
const shown = (booking: BookingRow, bill: Bill) => ({
  bill,
  distance: bill.distance_km === null ? null : `${bill.distance_km} km`,
  map_url: booking.map_img_url,
});

/**
 * Billing dispute (docs/flows/billing-dispute.md): the bill of a completed ride, disputed once. What the ride's
 * records prove wrong (reviewBillDispute in the contract) goes back to the wallet at once; anything else is a ticket
 * for a person, with the lines the rider marked.
 */
export const billingDispute = withParams(billDisputeParams, async (ctx, params) => {
  const booking = needBooking(ctx.booking);
  const bill = readBill(booking);
  if (!bill || booking.status !== 'completed') {
    return answer('FAILURE', coded('billNoneTitle'), coded('billNone'));
  }
  const lines = [...new Set(params.disputed_lines)];
  const earlier = await findDispute(ctx.db, booking.id);
  if (earlier) return alreadyReviewed(booking, bill, earlier.outcome, earlier.amount);

  const reason = ctx.body.option_selected ?? null;
  const review = reviewBillDispute(bill, reason, lines);
  const record = (outcome: 'adjusted' | 'review', amount: number, ticketId: string | null) =>
    ctx.db
      .insertInto('bill_disputes')
      .values({
        id: newId('bd'),
        booking_id: booking.id,
        user_id: ctx.user.id,
        reason,
        lines: JSON.stringify(lines),
        outcome,
        amount,
        ticket_id: ticketId,
        created_at: new Date().toISOString(),
      })
      .execute();

  if (review.outcome === 'adjust') {
    try {
      await record('adjusted', review.amount, null);
    } catch (err) {
      // A concurrent submit for the same ride got there first.
      if (!isUniqueViolation(err)) throw err;
      const first = await findDispute(ctx.db, booking.id);
      return alreadyReviewed(booking, bill, first?.outcome ?? 'review', first?.amount ?? 0);
    }
    const amount = formatFare(review.amount, booking.currency_country);
    const distance = { charged: bill.distance_km ?? 0, route: bill.route_km ?? 0 };
    const waiting = { minutes: bill.waiting_minutes ?? 0, free: FREE_WAITING_MINUTES };
    const [first, second] = review.because;
    const said = second
      ? coded('billAdjustedBoth', { ...distance, ...waiting, amount })
      : first === 'distance'
        ? coded('billAdjustedDistance', { ...distance, amount })
        : coded('billAdjustedWaiting', { ...waiting, amount });
    return answer('SUCCESS', coded('billAdjustedTitle'), said, shown(booking, adjustedBill(bill, review.amount)));
  }

  const marked = lines.length ? lines.join(', ') : 'the whole bill';
  const ticket = await followUpTicket(
    ctx,
    `Bill dispute for ride ${booking.crn}`,
    [`Disputed: ${marked}`, reason ? `Reason: ${reason}` : null, ctx.body.message?.trim() || null]
      .filter(Boolean)
      .join('\n'),
  );
  if (ticket.request_status === 'OPEN_TICKET_PRESENT') {
    return answer('NOIMAGE', coded('requestAlreadyReceived'), coded('billAlreadyChecking'), {
      ticket_request_id: ticket.ticket_id,
      ...shown(booking, bill),
    });
  }
  try {
    await record('review', 0, ticket.ticket_id);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  return answer('SUCCESS', coded('requestReceived'), coded('billUnderReview', { crn: booking.crn }), {
    ticket_request_id: ticket.ticket_id,
    csat_required: true,
    ...shown(booking, bill),
  });
});

function alreadyReviewed(booking: BookingRow, bill: Bill, outcome: string, amount: number): OneTouchResponse {
  const said =
    outcome === 'adjusted'
      ? coded('billAlreadyAdjusted', { amount: formatFare(amount, booking.currency_country) })
      : coded('billAlreadyChecking');
  return answer('NOIMAGE', coded('billAlreadyReviewedTitle'), said, shown(booking, adjustedBill(bill, amount)));
}
