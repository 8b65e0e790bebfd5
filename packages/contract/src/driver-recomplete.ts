/**
 * Recomplete — a trip ended short of its drop, recomputed on what the road recorded (issue 18 item 4; core.md §2
 * /ldt_article/{id}/{flag}/driver_default, §3 pre-recomplete check, §7, §9; docs/driver.md "Recomplete").
 *
 * The driver's app sometimes ends a trip before the drop (a mis-tap, the app's own end-of-trip), and the fare is then
 * billed on the shorter distance: the driver is underpaid. When the trip's GPS pings prove the car went on to the
 * booked drop, the fare is recomputed ONCE on the distance the pings prove (never more than the booked route still had
 * to go); otherwise a person looks at it (a ticket). Pure rules: the server decides with them, the page shows them.
 */
import { z } from 'zod';
import { type Bill, type BillLine, roundBillAmount } from './bill-rules.ts';
import { DRIVER_V3_SUBMIT_DELAY_MS } from './constants.ts';
import type { FlowParams } from './flows/flow-params.ts';
import { driverIndexes } from './kb-indexes.ts';
import { HEAT_MAP_CONTEXT } from './one-touch.ts';

/** The call_type of the recompute articles (content/kb/driver_*_trip, labels.call_type). */
export const RECOMPLETE_CALL_TYPES: readonly string[] = ['ldt_recomplete'];

/** The two calls before the v3 submit (core.md §7). */
export const recompletePaths = {
  preCheck: '/api/bookings/v3/vik/pre_recomplete_check',
  token: '/api/bookings/v3/generate_jwt_token',
} as const;

/** The recompute article of each trip index (the ride page links the one of the driver's index). */
export const RECOMPLETE_ARTICLES: Readonly<Record<string, string>> = {
  driver_in_en_trip: '210106',
  driver_in_hi_trip: '230106',
  driver_au_en_trip: '250106',
};

/** The recompute article for a driver's trip index; English India's when the index has none of its own. */
export function recompleteArticleFor(tripIndex: string): string {
  return RECOMPLETE_ARTICLES[tripIndex] ?? (RECOMPLETE_ARTICLES.driver_in_en_trip as string);
}

/** /ldt_article/{id}/{flag}/driver_default: the `flag` segment names the trip by its CRN ('0': none chosen). */
export const recompleteHref = (articleId: string, crn: string | null) =>
  `/ldt_article/${encodeURIComponent(articleId)}/${encodeURIComponent(crn ?? '0')}/driver_default`;

// ---------------------------------------------------------------------------------------------------------------
// The thresholds (docs/driver.md "Recomplete" says why these numbers)

/** A trip is "short" when it ended more than this far from its drop… */
export const RECOMPLETE_MIN_SHORT_KM = 0.5;
/** …and more than this share of the booked route (GPS noise at a long trip's drop is not a short trip). */
export const RECOMPLETE_MIN_SHORT_SHARE = 0.05;
/** Ping confidence: at least this many pings over the trip. */
export const RECOMPLETE_MIN_PINGS = 8;
/** Ping confidence: no silence between two pings longer than this (the car could have gone anywhere). */
export const RECOMPLETE_MAX_PING_GAP_MINUTES = 10;
/** Ping confidence: no jump between two pings faster than this (a GPS jump, not a drive). */
export const RECOMPLETE_MAX_SPEED_KMH = 130;
/** The customer check: the last ping within this distance of the booked drop (the customer was taken there). */
export const RECOMPLETE_DROP_RADIUS_KM = 0.5;
/** How long the token of generate_jwt_token is good for. */
export const RECOMPLETE_TOKEN_TTL_SECONDS = 10 * 60;

/** How far short of the drop a trip may end before it counts as short (km). */
export function shortThresholdKm(routeKm: number | null): number {
  return Math.max(RECOMPLETE_MIN_SHORT_KM, RECOMPLETE_MIN_SHORT_SHARE * (routeKm ?? 0));
}

/** The two checks of the pre-recomplete check (core.md §3), by the trip's country; both on unless listed. */
export interface RecompleteChecks {
  /** the customer was taken to the booked drop: the last ping near it */
  customer_recomplete_check_enabled: boolean;
  /** the pings are trustworthy: enough of them, no long silence, no impossible jump */
  is_ping_confidence_check_enabled: boolean;
}
const CHECKS_BY_COUNTRY: Readonly<Record<string, RecompleteChecks>> = {};
export function recompleteChecksFor(country: string): RecompleteChecks {
  return (
    CHECKS_BY_COUNTRY[country.toUpperCase()] ?? {
      customer_recomplete_check_enabled: true,
      is_ping_confidence_check_enabled: true,
    }
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Pings

/** One GPS ping: latitude, longitude, epoch milliseconds (driver_rides.gps_pings). */
export type GpsPing = readonly [number, number, number];
export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two points (haversine), km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const at = (p: GpsPing): LatLng => ({ lat: p[0], lng: p[1] });

export type PingProblem = 'too_few_pings' | 'pings_out_of_order' | 'ping_gap' | 'ping_jump' | 'not_at_drop';

export interface PingReading {
  /** the path the pings draw, km */
  km: number;
  /** first to last ping, minutes */
  minutes: number;
  /** the last ping's distance to the booked drop, km; null without a drop or pings */
  last_to_drop_km: number | null;
  /** the first check that failed, null when the pings prove the trip */
  problem: PingProblem | null;
}

/**
 * What the pings prove. With ping confidence on: at least RECOMPLETE_MIN_PINGS pings, in time order, no gap over
 * RECOMPLETE_MAX_PING_GAP_MINUTES, no step faster than RECOMPLETE_MAX_SPEED_KMH. With the customer check on: the
 * last ping within RECOMPLETE_DROP_RADIUS_KM of the booked drop. Fewer than two pings prove nothing either way.
 */
export function readPings(pings: readonly GpsPing[], drop: LatLng | null, checks: RecompleteChecks): PingReading {
  let km = 0;
  let problem: PingProblem | null = null;
  const flag = (p: PingProblem) => {
    problem ??= p;
  };
  if (pings.length < 2 || (checks.is_ping_confidence_check_enabled && pings.length < RECOMPLETE_MIN_PINGS)) {
    flag('too_few_pings');
  }
  for (let i = 1; i < pings.length; i++) {
    const a = pings[i - 1] as GpsPing;
    const b = pings[i] as GpsPing;
    const step = haversineKm(at(a), at(b));
    km += step;
    const hours = (b[2] - a[2]) / 3_600_000;
    if (!checks.is_ping_confidence_check_enabled) continue;
    if (hours <= 0) flag('pings_out_of_order');
    else if (hours * 60 > RECOMPLETE_MAX_PING_GAP_MINUTES) flag('ping_gap');
    else if (step / hours > RECOMPLETE_MAX_SPEED_KMH) flag('ping_jump');
  }
  const last = pings.at(-1);
  const lastToDrop = last && drop ? haversineKm(at(last), drop) : null;
  if (checks.customer_recomplete_check_enabled && (lastToDrop === null || lastToDrop > RECOMPLETE_DROP_RADIUS_KM)) {
    flag('not_at_drop');
  }
  const first = pings[0];
  return {
    km: Math.round(km * 100) / 100,
    minutes: first && last ? Math.round((last[2] - first[2]) / 60_000) : 0,
    last_to_drop_km: lastToDrop === null ? null : Math.round(lastToDrop * 100) / 100,
    problem,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The rule

export type RecompleteRefusal = 'not_completed' | 'no_bill' | 'not_short' | 'not_proven' | PingProblem;

export interface RecompleteInput {
  status: string;
  bill: Bill | null;
  /** how far short of the booked drop the trip was ended (driver_rides.ended_short_km); null: it reached it */
  ended_short_km: number | null;
  pings: readonly GpsPing[];
  /** the booked drop point; null when unknown */
  drop: LatLng | null;
  checks: RecompleteChecks;
}

export type RecompleteDecision =
  | {
      outcome: 'recompute';
      /** the distance now billed, km (the charged distance plus what the pings prove, capped at the shortfall) */
      km: number;
      minutes: number;
      bill: Bill;
      reading: PingReading;
    }
  | { outcome: 'ticket'; reason: RecompleteRefusal; reading: PingReading | null };

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The recompute rule: a completed trip with a bill, ended short of its drop by more than shortThresholdKm, whose
 * pings pass the enabled checks and draw more than the distance billed, is recomputed; anything else is a ticket.
 * The distance added is what the pings drew beyond the billed distance, never more than the trip was short by.
 */
export function recompleteDecision(input: RecompleteInput): RecompleteDecision {
  const ticket = (reason: RecompleteRefusal, reading: PingReading | null = null): RecompleteDecision => ({
    outcome: 'ticket',
    reason,
    reading,
  });
  if (input.status !== 'completed') return ticket('not_completed');
  const bill = input.bill;
  const charged = bill?.distance_km ?? null;
  if (!bill || !charged || charged <= 0 || !bill.lines.some((l) => l.key === 'distance')) return ticket('no_bill');
  const short = input.ended_short_km;
  const routeKm = bill.route_km ?? charged + (short ?? 0);
  if (short === null || short <= shortThresholdKm(routeKm)) return ticket('not_short');
  const reading = readPings(input.pings, input.drop, input.checks);
  if (reading.problem) return ticket(reading.problem, reading);
  const extraKm = round1(Math.min(reading.km - charged, short));
  if (extraKm <= 0) return ticket('not_proven', reading);
  const km = round1(charged + extraKm);
  const minutes = Math.max(bill.ride_minutes ?? 0, reading.minutes);
  return { outcome: 'recompute', km, minutes, bill: recomputedBill(bill, km, minutes), reading };
}

/**
 * The bill on `km` instead of its distance_km: the distance line (and a peak line, which is a share of it) at the
 * bill's own per-km rate, taxes at the bill's own rate on the new amount before tax; base fare, waiting and tolls
 * unchanged. Amounts rounded as the bill's currency is (whole rupees in India).
 */
export function recomputedBill(bill: Bill, km: number, minutes: number | null): Bill {
  const charged = bill.distance_km ?? 0;
  if (charged <= 0) return bill;
  const ratio = km / charged;
  const line = (key: BillLine['key']) => bill.lines.find((l) => l.key === key)?.amount ?? 0;
  const taxes = line('taxes');
  const pretaxBefore = bill.total - taxes;
  const taxRate = pretaxBefore > 0 ? taxes / pretaxBefore : 0;
  const lines: BillLine[] = bill.lines
    .filter((l) => l.key !== 'taxes')
    .map((l) =>
      l.key === 'distance' || l.key === 'peak' ? { key: l.key, amount: roundBillAmount(bill, l.amount * ratio) } : l,
    );
  const pretax = roundBillAmount(
    bill,
    lines.reduce((sum, l) => sum + l.amount, 0),
  );
  const newTaxes = roundBillAmount(bill, pretax * taxRate);
  return {
    ...bill,
    lines: [...lines, { key: 'taxes', amount: newTaxes }],
    total: roundBillAmount(bill, pretax + newTaxes),
    distance_km: km,
    ride_minutes: minutes,
  };
}

/** The platform's commission after a recompute: the same rate on the new fare without tolls. */
export function recomputedCommission(bill: Bill, fare: number, rate: number): number {
  const tolls = bill.lines.filter((l) => l.key === 'toll').reduce((sum, l) => sum + l.amount, 0);
  return roundBillAmount(bill, Math.max(0, fare - tolls) * rate);
}

/**
 * How long the page shows its progress before the v3 submit goes out (core.md §9): 3000 ms for a driver article,
 * none when help was opened from the driver app's heat map, none for any other article.
 */
export function recompleteSubmitDelayMs(indexName: string, context: string | null): number {
  const driverArticle = (driverIndexes as readonly string[]).includes(indexName);
  const heatMap = context?.startsWith(HEAT_MAP_CONTEXT) ?? false;
  return driverArticle && !heatMap ? DRIVER_V3_SUBMIT_DELAY_MS : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// The calls

const bookingIdSchema = z.string().regex(/^[\w-]{1,64}$/, 'Invalid booking id');

export const preRecompleteCheckQuerySchema = z.object({ booking_id: bookingIdSchema });

/** GET recompletePaths.preCheck?booking_id=: the spec's two switches, and what the trip's record says (ours). */
export const preRecompleteCheckResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  customer_recomplete_check_enabled: z.boolean(),
  is_ping_confidence_check_enabled: z.boolean(),
  booking_id: z.string(),
  crn: z.string(),
  ride_id: z.string(),
  currency_country: z.string(),
  fare: z.number(),
  ended_short_km: z.number().nullable(),
  gps_pings: z.number().int(),
  /** what a submit would do now: recompute, or a ticket (with why) */
  outcome: z.enum(['recompute', 'ticket', 'done']),
  reason: z.string().nullable(),
  /** the recompute already made, if any */
  recomputed: z
    .object({ previous_fare: z.number(), fare: z.number(), km: z.number(), created_at: z.string() })
    .nullable(),
});
export type PreRecompleteCheck = z.infer<typeof preRecompleteCheckResponseSchema>;

export const recompleteTokenBodySchema = z.object({ booking_id: bookingIdSchema });

/** POST recompletePaths.token: a short-lived token binding the driver, the trip and the time; the submit needs it. */
export const recompleteTokenResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  token: z.string(),
  expires_at: z.string(),
});
export type RecompleteToken = z.infer<typeof recompleteTokenResponseSchema>;

/** The v3 submit's params for ldt_recomplete: the token of generate_jwt_token. */
export interface RecompleteParams {
  token: string;
}
export const recompleteParams: FlowParams<RecompleteParams> = {
  schema: z.object({ token: z.string().min(20).max(2000) }),
  invalid: 'recompleteTokenMissing',
};
