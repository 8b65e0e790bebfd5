import { z } from 'zod';
import { earningStatement } from './driver.ts';
import { says } from './messages.ts';

/**
 * The driver's earnings (issue 18 item 5, core.md §7; docs/driver.md "Earnings"): the earnings of the driver's own
 * rides over a period, summed by day, week (Monday to Sunday) or month in the driver's time zone, the cities the
 * driver drove in and a fleet partner's attached cars. Every sum comes from the rides' earning statements
 * (driver.ts earningStatement), so a bucket is exactly the statements of its rides added up.
 */

export const earningsPaths = {
  history: '/driver/ss/aggregated_earnings_history',
  cities: '/driver/ss/cities',
  attachedCars: '/driver/ss/attached_cars',
} as const;

/** The longest period one request may sum (a year, leap day included). */
export const EARNINGS_MAX_DAYS = 366;

export const earningsGranularities = ['day', 'week', 'month'] as const;
export type EarningsGranularity = (typeof earningsGranularities)[number];

/** The time zone a driver's days are counted in, by the driver's country (UTC for a country not listed). */
export const DRIVER_TIME_ZONES: Readonly<Record<string, string>> = {
  IN: 'Asia/Kolkata',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  GB: 'Europe/London',
};
export const driverTimeZone = (country: string) => DRIVER_TIME_ZONES[country.toUpperCase()] ?? 'UTC';

// ---------------------------------------------------------------------------------------------------------------
// Calendar days as 'YYYY-MM-DD' (no time, no zone): the arithmetic below is on UTC dates, which have no DST.

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(v: string): boolean {
  if (!ISO_DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted (1 for the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a time zone. */
export function dayInZone(epochMs: number, timeZone: string): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The first day of the day's bucket: the day itself, the Monday of its week, the first of its month. */
export function bucketStart(day: string, granularity: EarningsGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The last day of the bucket that starts on `start`. */
export function bucketEnd(start: string, granularity: EarningsGranularity): string {
  if (granularity === 'day') return start;
  if (granularity === 'week') return addDays(start, 6);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export interface EarningsBucketRange {
  /** the bucket's own first day (a Monday, a month's first day): its key */
  start: string;
  /** the days of the period it covers: the bucket clipped to the period */
  from: string;
  to: string;
}

/** Every bucket of the period, in order, empty ones included, each clipped to the period. */
export function bucketRanges(from: string, to: string, granularity: EarningsGranularity): EarningsBucketRange[] {
  const out: EarningsBucketRange[] = [];
  for (let start = bucketStart(from, granularity); start <= to; start = addDays(bucketEnd(start, granularity), 1)) {
    const end = bucketEnd(start, granularity);
    out.push({ start, from: start < from ? from : start, to: end > to ? to : end });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Sums

export const earningsSumKeys = [
  'fare',
  'commission',
  'incentives',
  'tolls',
  'cash_collected',
  'net_earnings',
  'net_payout',
] as const;
export type EarningsSumKey = (typeof earningsSumKeys)[number];
export type EarningsSums = { rides: number } & Record<EarningsSumKey, number>;

/** One ride that earned something, as the aggregation reads it. */
export interface EarningsRide {
  /** when the ride was picked up (epoch ms): the day it counts on */
  at: number;
  fare: number;
  tolls: number;
  commission: number;
  incentives: number;
  cash: boolean;
}

export type EarningsBucket = EarningsBucketRange & EarningsSums;

const cents = (n: number) => Math.round(n * 100) / 100;
const zeroSums = (): EarningsSums => ({
  rides: 0,
  fare: 0,
  commission: 0,
  incentives: 0,
  tolls: 0,
  cash_collected: 0,
  net_earnings: 0,
  net_payout: 0,
});

function addInto(sums: EarningsSums, part: Record<EarningsSumKey, number>, rides: number): void {
  sums.rides += rides;
  for (const k of earningsSumKeys) sums[k] = cents(sums[k] + part[k]);
}

/**
 * The period's earnings: each ride's statement (earningStatement) added to the bucket of the day it was picked up on
 * in the driver's time zone; rides outside the period are left out. The totals are the buckets added up.
 */
export function aggregateEarnings(
  rides: readonly EarningsRide[],
  opts: { from: string; to: string; granularity: EarningsGranularity; timeZone: string },
): { buckets: EarningsBucket[]; totals: EarningsSums } {
  const ranges = bucketRanges(opts.from, opts.to, opts.granularity);
  const byStart = new Map(ranges.map((r) => [r.start, zeroSums()]));
  for (const ride of rides) {
    const day = dayInZone(ride.at, opts.timeZone);
    if (day < opts.from || day > opts.to) continue;
    const sums = byStart.get(bucketStart(day, opts.granularity));
    if (sums) addInto(sums, earningStatement(ride), 1);
  }
  const totals = zeroSums();
  const buckets = ranges.map((r) => {
    const sums = byStart.get(r.start) ?? zeroSums();
    addInto(totals, sums, sums.rides);
    return { ...r, ...sums };
  });
  return { buckets, totals };
}

/** The period `days` long ending on `today` (the page's default: the last six months by month). */
export function periodEndingOn(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

const isoDaySchema = z.string().refine(isIsoDay, says('earningsDayInvalid'));

/** A car number as the bookings carry it (letters, digits, spaces). */
export const carNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9 -]+$/, says('earningsCarUnknown'));

export const earningsHistoryRequestSchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    granularity: z.enum(earningsGranularities),
    /** a fleet partner's attached car (attached_cars): only that car's rides */
    car: carNumberSchema.optional(),
    /** one of the driver's cities (cities): only the rides there */
    city: z.string().trim().min(1).max(60).optional(),
  })
  .refine((r) => !isIsoDay(r.from) || !isIsoDay(r.to) || r.from <= r.to, {
    ...says('earningsRangeInvalid'),
    path: ['to'],
  })
  .refine((r) => !isIsoDay(r.from) || !isIsoDay(r.to) || daysInRange(r.from, r.to) <= EARNINGS_MAX_DAYS, {
    ...says('earningsRangeTooLong'),
    path: ['to'],
  });
export type EarningsHistoryRequest = z.input<typeof earningsHistoryRequestSchema>;

const sumsShape = {
  rides: z.number().int(),
  fare: z.number(),
  commission: z.number(),
  incentives: z.number(),
  tolls: z.number(),
  cash_collected: z.number(),
  net_earnings: z.number(),
  net_payout: z.number(),
};

export const earningsHistoryResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.object({
    from: z.string(),
    to: z.string(),
    granularity: z.enum(earningsGranularities),
    time_zone: z.string(),
    currency_country: z.string(),
    car: z.string().nullable(),
    city: z.string().nullable(),
    buckets: z.array(z.object({ start: z.string(), from: z.string(), to: z.string(), ...sumsShape })),
    totals: z.object(sumsShape),
  }),
});
export type EarningsHistory = z.infer<typeof earningsHistoryResponseSchema>['data'];

export const driverCitiesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.array(z.object({ name: z.string(), country_code: z.string() })),
});
export type DriverCity = z.infer<typeof driverCitiesResponseSchema>['data'][number];

export const attachedCarsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** a fleet partner's cars; empty for a driver with no fleet (the page then shows no car filter) */
  data: z.array(z.object({ car_number: z.string(), car_model: z.string(), car_category: z.string() })),
});
export type AttachedCar = z.infer<typeof attachedCarsResponseSchema>['data'][number];
