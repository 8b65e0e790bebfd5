// Zod-free: the bill of a ride and the billing-dispute review (docs/one-touch-rules.md), shared by the
// server (which decides) and the web app (which shows the bill and names its lines).

export const billLineKeys = [
  'base_fare',
  'distance',
  'peak',
  'waiting',
  'toll',
  'cancellation_fee',
  'taxes',
  'adjustment',
] as const;
export type BillLineKey = (typeof billLineKeys)[number];

export interface BillLine {
  key: BillLineKey;
  amount: number;
}

/** A ride's bill: the lines add up to the total. Distances in km, times in minutes; null when not recorded. */
export interface Bill {
  currency_country: string;
  lines: BillLine[];
  total: number;
  /** the distance charged (recorded by the driver's app) */
  distance_km: number | null;
  /** the length of the route on the map from pickup to drop */
  route_km: number | null;
  ride_minutes: number | null;
  /** minutes the driver waited at the pickup after arriving */
  waiting_minutes: number | null;
  estimated_fare: number | null;
}

/** The lines a rider can dispute (taxes follow the others; an adjustment is ours). */
export const disputableLines: readonly BillLineKey[] = billLineKeys.filter((k) => k !== 'taxes' && k !== 'adjustment');

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

const round = (bill: Bill, amount: number) =>
  bill.currency_country === 'IN' ? Math.round(amount) : Math.round(amount * 100) / 100;

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
    const excess = round(bill, lineAmount(bill, 'distance') * (1 - route / charged));
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
  return { outcome: 'adjust', amount: Math.min(round(bill, amount), bill.total), because };
}

/** The bill after an adjustment: an 'adjustment' line (negative) and the new total. */
export function adjustedBill(bill: Bill, amount: number): Bill {
  if (amount <= 0) return bill;
  return {
    ...bill,
    lines: [...bill.lines, { key: 'adjustment', amount: -amount }],
    total: round(bill, bill.total - amount),
  };
}

/** Billing dispute view (core.md §4): the breakdown is being looked at, then it has been (answered). */
export type BillViewingFlag = 'viewing' | 'viewed';

/** The call types of the billing dispute flow (fare articles); the web app and the server agree on them. */
export const BILL_DISPUTE_CALL_TYPES: readonly string[] = ['fare_dispute', 'fare_higher_than_estimate'];
