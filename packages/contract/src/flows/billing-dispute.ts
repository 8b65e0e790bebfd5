/**
 * The billing dispute (docs/flows/billing-dispute.md): the articles that run it, its submit's params, the form's
 * fields and the review of a dispute against the ride's records. The server decides with it; the web app's form
 * validates with the same schema.
 */
import { z } from 'zod';
import { type Bill, type BillLineKey, billLineKeys, roundBillAmount } from '../bill-rules.ts';
import { type PlainMessageCode, says } from '../messages.ts';
import { ONE_TOUCH_MESSAGE_MAX } from '../one-touch-api.ts';
import type { FlowParams } from './flow-params.ts';

/** The call types of the billing dispute flow (fare articles); the web app and the server agree on them. */
export const BILL_DISPUTE_CALL_TYPES: readonly string[] = ['fare_dispute', 'fare_higher_than_estimate'];

/** Billing dispute view (core.md §4): the breakdown is being looked at, then it has been (answered). */
export type BillViewingFlag = 'viewing' | 'viewed';

/** The lines a rider can dispute (taxes follow the others; an adjustment is ours). */
export const disputableLines: readonly BillLineKey[] = billLineKeys.filter((k) => k !== 'taxes' && k !== 'adjustment');

/** Every way of failing the marked lines (not a disputable line, not a list, too many) says this. */
const invalidLines: PlainMessageCode = 'billChooseLines';
const disputedLinesSchema = z
  .array(z.enum(disputableLines as [BillLineKey, ...BillLineKey[]], says(invalidLines)), says(invalidLines))
  .max(disputableLines.length, says(invalidLines));

/** The submit's params (guided-flows.md §3): the lines the rider marked; none (absent, null, empty) is the whole bill. */
const billDisputeParamsSchema = z.object({
  disputed_lines: disputedLinesSchema.nullish().transform((lines) => lines ?? []),
});
export type BillDisputeParams = z.infer<typeof billDisputeParamsSchema>;
export const billDisputeParams: FlowParams<BillDisputeParams> = {
  schema: billDisputeParamsSchema,
  invalid: invalidLines,
};

/** The dispute form: a reason (one of the article's options, when it offers some), the marked lines, a comment. */
export const billDisputeFormSchema = z.object({
  option_selected: z.string().nullable(),
  disputed_lines: disputedLinesSchema,
  /** sent as the submit's message */
  message: z.string().max(ONE_TOUCH_MESSAGE_MAX),
});
export type BillDisputeForm = z.infer<typeof billDisputeFormSchema>;

/** The charged distance may exceed the map's route by this share before we call it a recording fault. */
export const DISTANCE_TOLERANCE = 0.15;
/** Waiting is free for the first 3 minutes after the driver arrives. */
export const FREE_WAITING_MINUTES = 3;
/** The option of the fare articles that says the rider changed the drop: a longer ride is then expected. */
export const DROP_CHANGED_REASON = 'drop_changed_fare_high';
export const WAITING_REASON = 'wrong_waiting_charge';

export type BillReview =
  | { outcome: 'adjust'; amount: number; because: Array<'distance' | 'waiting'> }
  | { outcome: 'review' };

const lineAmount = (bill: Bill, key: BillLineKey) =>
  bill.lines.filter((l) => l.key === key).reduce((sum, l) => sum + l.amount, 0);

/**
 * Reviews a billing dispute against the ride's records. What the records prove wrong is adjusted at once:
 * a distance charged beyond the route (more than DISTANCE_TOLERANCE, when the rider did not change the drop)
 * gives back the excess share of the distance line; a waiting charge with no more than FREE_WAITING_MINUTES of
 * recorded waiting gives back the waiting line. Anything the records cannot settle goes to a person.
 * `lines` are the lines the rider marked; none means the bill as a whole.
 */
export function reviewBillDispute(bill: Bill, reason: string | null, lines: readonly BillLineKey[]): BillReview {
  const all = lines.length === 0;
  const because: Array<'distance' | 'waiting'> = [];
  let amount = 0;

  const charged = bill.distance_km;
  const route = bill.route_km;
  if (
    (all || lines.includes('distance')) &&
    reason !== DROP_CHANGED_REASON &&
    charged !== null &&
    route !== null &&
    route > 0 &&
    charged > route * (1 + DISTANCE_TOLERANCE)
  ) {
    const excess = roundBillAmount(bill, lineAmount(bill, 'distance') * (1 - route / charged));
    if (excess > 0) {
      amount += excess;
      because.push('distance');
    }
  }

  const waiting = lineAmount(bill, 'waiting');
  if (
    (all || lines.includes('waiting') || reason === WAITING_REASON) &&
    waiting > 0 &&
    bill.waiting_minutes !== null &&
    bill.waiting_minutes <= FREE_WAITING_MINUTES
  ) {
    amount += waiting;
    because.push('waiting');
  }

  if (because.length === 0) return { outcome: 'review' };
  return { outcome: 'adjust', amount: Math.min(roundBillAmount(bill, amount), bill.total), because };
}
