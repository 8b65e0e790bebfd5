/**
 * Extra cash (guided-flows.md §4, §5; docs/flows/extra-cash.md): the rider gave the driver more cash than the ride
 * asked for. The form and the server check the same way (checkExtraCash); the server with the ride's own numbers.
 */
import { z } from 'zod';
import { type PlainMessageCode, says } from '../messages.ts';

/** The call types of the extra cash flow; the web app and the server agree on them. */
export const EXTRA_CASH_CALL_TYPES: readonly string[] = ['extra_cash'];

/** The wallet credit's flow name (docs/wallet.md): one credit per ride. */
export const EXTRA_CASH_FLOW = 'extra_cash';
/** §9: the total cash is up to 4 digits. */
export const EXTRA_CASH_MAX_DIGITS = 4;
/** The reasons whose extra is checked against the bill (§5). */
export const EXTRA_CASH_BILL_CHECKED_REASONS: readonly string[] = [
  'driver_demanded_extra_cash',
  'selfserve_driver_did_not_have_change',
];
/** A claim is taken within this many days of the ride (ours: the driver's cash is settled weekly). */
export const EXTRA_CASH_WINDOW_DAYS = 7;
/** Up to this extra (in the ride's currency) goes back to the wallet at once; more is checked by a person. */
export const EXTRA_CASH_CREDIT_CAP = 300;

/** What the ride asked for: the cash due and the bill (both the ride's fare, docs/flows/extra-cash.md). */
export interface ExtraCashRide {
  cashToBePaid: number;
  billAmount: number;
}

/** The article's limit for a reason (side_load option_limits: a list of { key, limit }), null when it sets none. */
export function optionLimit(sideLoad: Readonly<Record<string, unknown>>, reason: string | null): number | null {
  const limits = sideLoad.option_limits;
  if (!Array.isArray(limits) || reason === null) return null;
  for (const entry of limits) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { key, limit } = entry as { key?: unknown; limit?: unknown };
    if (key === reason && typeof limit === 'number' && Number.isFinite(limit)) return limit;
  }
  return null;
}

/** The extra: the total cash minus the cash due, never below 0 (§5). */
export function extraCash(total: number, cashToBePaid: number): number {
  return Math.max(0, Math.round((total - cashToBePaid) * 100) / 100);
}

export type ExtraCashCheck = { ok: true; total: number; extra: number } | { ok: false; code: PlainMessageCode };

/**
 * Checks the total cash the rider typed (digits) for a reason, against the option's limit and the ride:
 * empty → 'Can't be left empty'; not digits → 'Please enter a valid amount'; more than 4 digits, or above the option's limit → 'Entered amount seems to be too
 * high'; no extra (the total covers the cash due at most) → 'Cash paid to driver is correct or less than the required
 * amount.'; for the bill-checked reasons, an extra above the bill → 'The extra amount paid seems to be higher than
 * the bill amount.'.
 */
export function checkExtraCash(
  typed: string,
  reason: string | null,
  limit: number | null,
  ride: ExtraCashRide,
): ExtraCashCheck {
  const text = typed.trim();
  if (text === '') return { ok: false, code: 'cantBeEmpty' };
  if (!/^\d+$/.test(text)) return { ok: false, code: 'enterValidAmount' };
  if (text.length > EXTRA_CASH_MAX_DIGITS) return { ok: false, code: 'ecAmountTooHigh' };
  const total = Number(text);
  if (limit !== null && total > limit) return { ok: false, code: 'ecAmountTooHigh' };
  const extra = extraCash(total, ride.cashToBePaid);
  if (extra === 0) return { ok: false, code: 'ecCashCorrect' };
  if (reason !== null && EXTRA_CASH_BILL_CHECKED_REASONS.includes(reason) && extra > ride.billAmount) {
    return { ok: false, code: 'ecExtraAboveBill' };
  }
  return { ok: true, total, extra };
}

/**
 * The form, for an article's side_load and the ride: a reason (one of the article's options) and the total cash,
 * checked by checkExtraCash. The extra is worked out from them, never typed.
 */
export function extraCashFormSchema(sideLoad: Readonly<Record<string, unknown>>, ride: ExtraCashRide) {
  return z.object({ option_selected: z.string().nullable(), total_cash: z.string() }).superRefine((form, ctx) => {
    if (form.option_selected === null) {
      ctx.addIssue({ code: 'custom', path: ['option_selected'], message: says('ecChooseReason').error() });
      return;
    }
    const check = checkExtraCash(
      form.total_cash,
      form.option_selected,
      optionLimit(sideLoad, form.option_selected),
      ride,
    );
    if (!check.ok) ctx.addIssue({ code: 'custom', path: ['total_cash'], message: says(check.code).error() });
  });
}
export type ExtraCashForm = { option_selected: string | null; total_cash: string };
