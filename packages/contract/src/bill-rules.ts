// Zod-free: the bill of a ride (docs/one-touch-rules.md), shared by the server and the web app (which shows the bill
// and names its lines). The billing dispute's rules are flows/billing-dispute.ts.

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
  /** the toll line's plazas and car parks, adding up to it (toll and parking; absent on older bills) */
  tolls?: { toll_name: string; total_tax: number }[];
}

/** An amount in the bill's currency: whole rupees in India, cents elsewhere. */
export const roundBillAmount = (bill: Bill, amount: number) =>
  bill.currency_country === 'IN' ? Math.round(amount) : Math.round(amount * 100) / 100;

/** The bill after an adjustment: an 'adjustment' line (negative) and the new total. */
export function adjustedBill(bill: Bill, amount: number): Bill {
  if (amount <= 0) return bill;
  return {
    ...bill,
    lines: [...bill.lines, { key: 'adjustment', amount: -amount }],
    total: roundBillAmount(bill, bill.total - amount),
  };
}
