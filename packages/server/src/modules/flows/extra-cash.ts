import {
  checkExtraCash,
  coded,
  EXTRA_CASH_CREDIT_CAP,
  EXTRA_CASH_FLOW,
  EXTRA_CASH_WINDOW_DAYS,
  type OneTouchResponse,
  optionLimit,
} from '@selfserve/contract';
import type { BookingRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { answer, type Handler, needBooking } from '../onetouch/handler-kit.ts';
import { creditOnce } from '../wallet/credits.ts';
import { type CashClaim, claimForReview, claimOnce, findClaim, money, reviewAnswer } from './cash-claims.ts';

const DAY_MS = 24 * 3600 * 1000;

function claimAnswer(booking: BookingRow, claim: CashClaim): OneTouchResponse {
  const said = { amount: money(claim.amount, booking), crn: booking.crn };
  return claim.outcome === 'credited'
    ? answer('SUCCESS', coded('ecCreditedTitle'), coded('ecCredited', said))
    : reviewAnswer(claim, coded('ecUnderReview', said));
}

/**
 * Extra cash (docs/flows/extra-cash.md): a completed cash ride of the last EXTRA_CASH_WINDOW_DAYS days, once. The
 * extra is worked out here from the ride's own fare (the cash due and the bill), never taken from the client; up to
 * EXTRA_CASH_CREDIT_CAP it goes back to the wallet at once, more is a ticket for a person. A retry answers the first.
 */
export const extraCash: Handler = async (ctx) => {
  const booking = needBooking(ctx.booking);
  const first = await findClaim(ctx, booking.id, EXTRA_CASH_FLOW);
  if (first) return claimAnswer(booking, first);

  if (booking.status !== 'completed') return answer('FAILURE', coded('sorry'), coded('ecNotCompleted'));
  if (!booking.cash_involved) return answer('FAILURE', coded('sorry'), coded('ecNotCash'));
  if (booking.date_entered_timestamp < Date.now() - EXTRA_CASH_WINDOW_DAYS * DAY_MS) {
    return answer('FAILURE', coded('sorry'), coded('ecTooOld', { days: EXTRA_CASH_WINDOW_DAYS }));
  }

  const reason = ctx.body.option_selected ?? null;
  const options = JSON.parse(ctx.article.options) as Array<{ value: string }>;
  if (!reason || !options.some((o) => o.value === reason)) {
    throw new AppError('VALIDATION_FAILED', coded('ecChooseReason'));
  }
  const sideLoad = JSON.parse(ctx.article.side_load) as Record<string, unknown>;
  const typed = ctx.body.total_cash === null || ctx.body.total_cash === undefined ? '' : String(ctx.body.total_cash);
  // For a cash ride both the cash due and the bill are its fare.
  const ride = { cashToBePaid: booking.fare, billAmount: booking.fare };
  const check = checkExtraCash(typed, reason, optionLimit(sideLoad, reason), ride);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', coded(check.code));

  const claim = { flow: EXTRA_CASH_FLOW, reason, total_cash: check.total, amount: check.extra };
  const made =
    check.extra <= EXTRA_CASH_CREDIT_CAP
      ? await claimOnce(ctx, booking, { ...claim, outcome: 'credited' }, (trx) =>
          creditOnce(trx, {
            user_id: ctx.user.id,
            booking_id: booking.id,
            flow: EXTRA_CASH_FLOW,
            amount: check.extra,
            currency_country: booking.currency_country,
          }),
        )
      : await claimForReview(ctx, booking, claim, {
          subject: `Extra cash on ride ${booking.crn}`,
          query: [
            `Reason: ${reason}`,
            `Total cash paid: ${money(check.total, booking)}; fare: ${money(booking.fare, booking)}`,
            `Extra: ${money(check.extra, booking)} (above the ${money(EXTRA_CASH_CREDIT_CAP, booking)} credited at once)`,
            ctx.body.message?.trim() || null,
          ]
            .filter(Boolean)
            .join('\n'),
        });
  // Null: a concurrent submit claimed the ride first; answer what it decided.
  const settled = made ?? (await findClaim(ctx, booking.id, EXTRA_CASH_FLOW));
  // (None: the first gave up on its ticket meanwhile; the rider may submit again.)
  return settled ? claimAnswer(booking, settled) : answer('FAILURE', coded('sorry'), coded('retry'));
};
