import {
  adjustedBill,
  type Bill,
  type BillLineKey,
  disputableLines,
  FREE_WAITING_MINUTES,
  formatFare,
  type OneTouchResponse,
  reviewBillDispute,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { BookingRow, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { answer, followUpTicket, type Handler, needBooking } from './handler-kit.ts';

export function readBill(booking: Pick<BookingRow, 'bill'>): Bill | null {
  return booking.bill ? (JSON.parse(booking.bill) as Bill) : null;
}

export function findDispute(db: Kysely<Database>, bookingId: string) {
  return db.selectFrom('bill_disputes').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

/** What was given back on a ride's bill, to take off a later refund of the same ride. */
export async function adjustedAmount(db: Kysely<Database>, bookingId: string): Promise<number> {
  const d = await findDispute(db, bookingId);
  return d?.outcome === 'adjusted' ? d.amount : 0;
}

const linesSchema = z
  .array(z.enum(disputableLines as [BillLineKey, ...BillLineKey[]]))
  .max(disputableLines.length)
  .default([]);

/** The parts of the ride the result dialog shows next to the answer (core.md §3: map_url, distance, bill). */
const shown = (booking: BookingRow, bill: Bill) => ({
  bill,
  distance: bill.distance_km === null ? null : `${bill.distance_km} km`,
  map_url: booking.map_img_url,
});

/**
 * Billing dispute (docs/one-touch-rules.md): the bill of a completed ride, disputed once. What the ride's records
 * prove wrong (reviewBillDispute in the contract) goes back to the wallet at once; anything else is a ticket for a
 * person, with the lines the rider marked.
 */
export const billDispute: Handler = async (ctx) => {
  const booking = needBooking(ctx.booking);
  const bill = readBill(booking);
  if (!bill || booking.status !== 'completed') {
    return answer('FAILURE', 'No bill to dispute', 'Only the bill of a completed ride can be disputed.');
  }
  const parsed = linesSchema.safeParse(ctx.body.params?.disputed_lines ?? []);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Please choose the lines of the bill that look wrong.');
  const lines = [...new Set(parsed.data)];
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
    const found = review.because.map((b) =>
      b === 'distance'
        ? `you were charged for ${bill.distance_km} km but the route from your pickup to your drop is ${bill.route_km} km`
        : `the driver waited ${bill.waiting_minutes} minutes, within the free ${FREE_WAITING_MINUTES}`,
    );
    const amount = formatFare(review.amount, booking.currency_country);
    return answer(
      'SUCCESS',
      'Fare adjusted',
      `We checked your ride: ${found.join(', and ')}. We have added ${amount} to your wallet. It is ready to use now.`,
      shown(booking, adjustedBill(bill, review.amount)),
    );
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
    return answer('NOIMAGE', 'Request already received', 'We are already checking the bill of this ride.', {
      ticket_request_id: ticket.ticket_id,
      ...shown(booking, bill),
    });
  }
  try {
    await record('review', 0, ticket.ticket_id);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  return answer(
    'SUCCESS',
    'Request received',
    `We will check the bill of ride ${booking.crn} and reply by e-mail within 48 hours.`,
    { ticket_request_id: ticket.ticket_id, csat_required: true, ...shown(booking, bill) },
  );
};

function alreadyReviewed(booking: BookingRow, bill: Bill, outcome: string, amount: number): OneTouchResponse {
  const message =
    outcome === 'adjusted'
      ? `We have already checked this bill and added ${formatFare(amount, booking.currency_country)} to your wallet.`
      : 'We are already checking the bill of this ride.';
  return answer('NOIMAGE', 'Bill already reviewed', message, shown(booking, adjustedBill(bill, amount)));
}
