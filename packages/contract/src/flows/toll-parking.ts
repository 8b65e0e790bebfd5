/**
 * Toll and parking (docs/flows/toll-parking.md): the ride's toll break-up (guided-flows.md §3 "Toll details"), the
 * rider's claim of what was charged wrongly (spec §5 "Toll entry") and the read call's answer. The server checks a
 * claim with the same rule the form shows.
 */
import { z } from 'zod';
import { type Bill, tollSchema } from '../bill.ts';
import { formatMessage, type PlainMessageCode } from '../messages.ts';

/** The call types of the toll and parking flow. */
export const TOLL_PARKING_CALL_TYPES: readonly string[] = ['toll_parking'];

/** Spec §5 / §9: the entry is digits only, at most 3 of them, at least 10. */
export const TOLL_ENTRY_MAX_DIGITS = 3;
export const TOLL_ENTRY_MIN = 10;

/** A ride's tolls can be claimed only when the least claim fits in them (a A$4.50 toll cannot take a claim of 10). */
export const tollClaimable = (tollAmount: number) => tollAmount >= TOLL_ENTRY_MIN;

/** What the rider may type: only digits, at most TOLL_ENTRY_MAX_DIGITS (anything else is dropped as they type). */
export function tollEntryInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, TOLL_ENTRY_MAX_DIGITS);
}

/**
 * Why a claimed amount cannot be sent, or null when it can: empty, not digits or too many → 'tollEnterAmount';
 * below TOLL_ENTRY_MIN → 'tollAmountTooLow'; above the ride's toll_amount → the spec's 'Amount can't be more than
 * toll/parking charges'. The form shows it; the server answers 400 with it.
 */
export function tollEntryProblem(entry: string, tollAmount: number): PlainMessageCode | null {
  if (!new RegExp(`^\\d{1,${TOLL_ENTRY_MAX_DIGITS}}$`).test(entry)) return 'tollEnterAmount';
  const amount = Number(entry);
  if (amount < TOLL_ENTRY_MIN) return 'tollAmountTooLow';
  if (amount > tollAmount) return 'tollAmountTooHigh';
  return null;
}

/** The form: the claimed amount as typed, checked against the ride's toll_amount. */
export const tollClaimFormSchema = (tollAmount: number) =>
  z.object({
    amount: z.string().superRefine((entry, ctx) => {
      const problem = tollEntryProblem(entry, tollAmount);
      // The reader's language in the form (formatMessage), like says(...) checks.
      if (problem) ctx.addIssue({ code: 'custom', message: formatMessage(problem) });
    }),
  });
export type TollClaimForm = { amount: string };

/** One plaza or car park of the break-up (toll_name, total_tax). */
export type Toll = z.infer<typeof tollSchema>;

/** The submit's toll_map (guided-flows.md §3): the break-up the rider was shown, plaza name → amount. */
export const tollMapSchema = z
  .record(z.string().max(120), z.number().min(0).max(100000))
  .refine((map) => Object.keys(map).length <= 20);
export type TollMap = z.infer<typeof tollMapSchema>;

export const tollMapOf = (tolls: readonly Toll[]): TollMap =>
  Object.fromEntries(tolls.map((t) => [t.toll_name, t.total_tax]));

/** The toll and parking charged on a bill: its toll lines, added up. */
export function tollAmountOf(bill: Bill | null): number {
  if (!bill) return 0;
  return bill.lines.filter((l) => l.key === 'toll').reduce((sum, l) => sum + l.amount, 0);
}

/**
 * The toll read call (ours: the spec names the fields, not the path), next to the bill's `/api/bookings/v1/bill`. Not
 * in bookingPaths: that object ships with the first page, and only the lazily loaded toll form calls this.
 */
export const TOLL_DETAILS_PATH = '/api/bookings/v1/toll_details';

export const tollDetailsQuerySchema = z.object({ booking_id: z.string().min(1).max(64) });

/**
 * GET TOLL_DETAILS_PATH: the ride's toll_amount and its break-up,
 * and the refund already made for this ride's tolls, if any.
 */
export const tollDetailsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  booking_id: z.string(),
  currency_country: z.string(),
  toll_amount: z.number(),
  toll_break_up: z.object({ tolls: z.array(tollSchema) }),
  refunded: z.object({ amount: z.number(), destination: z.string(), created_at: z.string() }).nullable(),
});
export type TollDetails = z.infer<typeof tollDetailsResponseSchema>;
