import {
  coded,
  couponParams,
  formatFare,
  isCouponDescription,
  needsRideCoupon,
  sameCouponCode,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { BookingRow, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { answer, followUpTicket, needBooking, withParams } from '../onetouch/handler-kit.ts';
import { creditOnce, findCredit, type WalletCredit } from '../wallet/credits.ts';

/** The flow's name on its wallet credits. */
export const COUPON_FLOW = 'coupon';

/** The coupon a ride was booked with, if any (migration 0021). */
export function findRideCoupon(db: Kysely<Database>, bookingId: string) {
  return db.selectFrom('ride_coupons').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

/** The answer of a credit: the same for the submit that gave it and for every retry after (one outcome per ride). */
const credited = (booking: BookingRow, code: string, credit: WalletCredit) =>
  answer(
    'SUCCESS',
    coded('couponCreditedTitle'),
    coded('couponCredited', { code, crn: booking.crn, amount: formatFare(credit.amount, credit.currency_country) }),
    { csat_required: true },
  );

/**
 * A coupon that did not apply (docs/flows/coupon.md): the coupon the ride had, failed to apply, and whose code the
 * rider typed (case aside) goes back to the wallet once, its discount from the ride's data. In India a ride without a
 * coupon has nothing to check; anything else (another code, an applied coupon, a ride abroad without one) is a
 * ticket for a person.
 */
export const coupon = withParams(couponParams, async (ctx, params) => {
  const booking = needBooking(ctx.booking);
  const tags = JSON.parse(ctx.article.label_names) as string[];
  if (!tags.includes('hide_description') && !isCouponDescription(params.description)) {
    throw new AppError('VALIDATION_FAILED', coded('couponDescriptionTooShort'));
  }
  const had = await findRideCoupon(ctx.db, booking.id);
  if (had) {
    // Given once already (this submit retried, or an earlier one): that first credit is the answer.
    const earlier = await findCredit(ctx.db, booking.id, COUPON_FLOW);
    if (earlier) return credited(booking, had.code, earlier);
  } else if (needsRideCoupon(booking.country)) {
    return answer('FAILURE', coded('sorry'), coded('couponNoneOnRide'));
  }

  const code = params.coupon_code.trim();
  if (had && had.applied === 0 && sameCouponCode(had.code, code)) {
    // A concurrent submit that got there first gave the credit: answered the same (creditOnce returns it).
    const { credit } = await creditOnce(ctx.db, {
      user_id: ctx.user.id,
      booking_id: booking.id,
      flow: COUPON_FLOW,
      amount: Math.min(had.discount, booking.fare),
      currency_country: booking.currency_country,
    });
    return credited(booking, had.code, credit);
  }

  const facts = had
    ? `The ride had coupon ${had.code} (${had.applied ? 'applied' : 'not applied'}, discount ${had.discount}).`
    : 'The ride has no coupon on record.';
  const ticket = await followUpTicket(
    ctx,
    `Coupon ${code} on ride ${booking.crn}`,
    [`Coupon entered: ${code}`, facts, params.description.trim() || null].filter(Boolean).join('\n'),
  );
  if (ticket.request_status === 'OPEN_TICKET_PRESENT') {
    return answer('NOIMAGE', coded('requestAlreadyReceived'), coded('couponAlreadyChecking'), {
      ticket_request_id: ticket.ticket_id,
    });
  }
  return answer('SUCCESS', coded('requestReceived'), coded('couponUnderReview', { code, crn: booking.crn }), {
    ticket_request_id: ticket.ticket_id,
    csat_required: true,
  });
});
