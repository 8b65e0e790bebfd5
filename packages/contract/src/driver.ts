import { z } from 'zod';
import { bookingStatusSchema } from './bookings.ts';
import { isValidCrn } from './crn.ts';
import { DRIVER_RIDES_MAX_PER_PAGE } from './driver-paths.ts';
import { says } from './messages.ts';

/**
 * The driver side, first part (issue 18 items 1, 2, 7; docs/driver.md): the driver profile, the driver's rides paged
 * by Fibonacci sizes (core.md §9), one ride, its trip sheet and its earning statement.
 */

// ---------------------------------------------------------------------------------------------------------------
// Profile (core.md §3)

/** GET driverPaths.profile: exactly the spec's fields, plus the article index the driver home reads (ours). */
export const driverProfileResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  locale: z.string(),
  country_code: z.string(),
  partner_type: z.string(),
  mobile: z.string(),
  dialing_code: z.string(),
  dialing_number: z.string(),
  name: z.string(),
  email: z.string(),
  current_car_category: z.string().nullable(),
  is_fp_rider: z.boolean(),
  /** Ours: the index the driver's home reads (kb-indexes.ts: country, locale, no booking). */
  article_index: z.string(),
});
export type DriverProfile = z.infer<typeof driverProfileResponseSchema>;

/** A mobile number split into the country's dialing code and the rest (the profile's dialing_code, dialing_number). */
export function splitDialing(mobile: string, dialingCode: string): { dialing_code: string; dialing_number: string } {
  const digits = mobile.replace(/[\s-]/g, '');
  if (dialingCode && digits.startsWith(dialingCode)) {
    return { dialing_code: dialingCode, dialing_number: digits.slice(dialingCode.length) };
  }
  return { dialing_code: dialingCode, dialing_number: digits.replace(/^\+/, '') };
}

// ---------------------------------------------------------------------------------------------------------------
// Rides

/** A ride id of the driver's ledger (the card's `id`): dr_ + word characters. */
const driverRideIdSchema = z.string().regex(/^dr_\w{1,60}$/, 'Invalid ride id');

/**
 * The cursor a page answers as next_page: where the next page starts (the last ride's entry time and id). It only
 * ever narrows the driver's own rides, so a made-up one shows nothing that is not theirs.
 */
const cursorSchema = z.string().regex(/^\d{1,15}-\w{1,60}$/, says('pageLinkInvalid'));

export const driverRidesQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(DRIVER_RIDES_MAX_PER_PAGE),
  /** the next_page of the answer before; absent for the first page */
  next_page: cursorSchema.optional(),
  /** only the rides in this state; `all` (the default) every ride */
  status: z.union([bookingStatusSchema, z.literal('all')]).default('all'),
});
export type DriverRidesQuery = z.input<typeof driverRidesQuerySchema>;

/** The driver booking card (core.md §3 "Booking (driver)"), plus what the card shows (ours, marked). */
export const driverBookingSchema = z.object({
  crn: z.string(),
  booking_id: z.string(),
  id: z.string(),
  ride_type: z.string(),
  display_type: z.string(),
  car_category: z.string(),
  service_type: z.string(),
  total_fare: z.number(),
  osn: z.string().nullable(),
  /** ours: the ride's state, when it was booked, how it was paid and in which currency */
  status: z.string(),
  sub_status: z.string().nullable(),
  pickup_date: z.string(),
  cash: z.boolean(),
  currency_country: z.string(),
});
export type DriverBooking = z.infer<typeof driverBookingSchema>;

export const driverRidesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.array(driverBookingSchema),
  /** absent on the last page (with per_page): the client stops there */
  next_page: z.string().optional(),
  per_page: z.number().int().optional(),
});
export type DriverRidesResponse = z.infer<typeof driverRidesResponseSchema>;

export const driverRideDetailsQuerySchema = z.object({
  crn: z
    .string()
    .trim()
    .refine((v) => isValidCrn(v), 'Invalid booking reference'),
});

/** GET driverPaths.rideDetails?crn=: the ride as its driver sees it. */
export const driverRideDetailsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: driverBookingSchema.extend({
    city: z.string(),
    /** base64-encoded, as bookings carry them (core.md §3) */
    pickup_location: z.string(),
    drop_location: z.string(),
    stop_at: z.string().nullable(),
    car_number: z.string().nullable(),
    car_model: z.string().nullable(),
    /** an earning statement exists (the ride earned or was charged something) */
    has_statement: z.boolean(),
  }),
});
export type DriverRideDetails = z.infer<typeof driverRideDetailsResponseSchema>['data'];

export const rideDetailQuerySchema = z.object({ id: driverRideIdSchema });

/** GET driverPaths.rideDetail?id=: the trip sheet — what was measured on the road. */
export const rideDetailResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.object({
    id: z.string(),
    crn: z.string(),
    booking_id: z.string(),
    status: z.string(),
    pickup_date: z.string(),
    stop_at: z.string().nullable(),
    ride_minutes: z.number().nullable(),
    distance_km: z.number().nullable(),
    route_km: z.number().nullable(),
    /** how far short of the booked drop the trip was ended (km), null when it reached it */
    ended_short_km: z.number().nullable(),
    /** GPS pings recorded on the trip */
    gps_pings: z.number().int(),
  }),
});
export type RideDetail = z.infer<typeof rideDetailResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------------------------
// Earning statement

export const invoiceQuerySchema = z.object({
  id: driverRideIdSchema,
  format: z.enum(['json', 'pdf']).default('json'),
});

export const earningLineKeys = [
  'fare',
  'commission',
  'incentives',
  'tolls',
  'cash_collected',
  'net_earnings',
  'net_payout',
] as const;
export type EarningLineKey = (typeof earningLineKeys)[number];

export interface EarningInput {
  /** what the customer paid for the ride, tolls and taxes included */
  fare: number;
  /** tolls and parking inside the fare: passed on to the driver, no commission on them */
  tolls: number;
  commission: number;
  incentives: number;
  /** the customer paid the driver in cash */
  cash: boolean;
}

export interface EarningStatement {
  fare: number;
  commission: number;
  incentives: number;
  tolls: number;
  /** the cash the driver already holds (the whole fare of a cash ride) */
  cash_collected: number;
  /** fare − commission + incentives: what the ride earned the driver */
  net_earnings: number;
  /** net_earnings − cash_collected: what the platform pays out (negative: the driver owes the commission) */
  net_payout: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The earning statement of a ride, every total from its parts (docs/driver.md). */
export function earningStatement(input: EarningInput): EarningStatement {
  const fare = cents(input.fare);
  const commission = cents(input.commission);
  const incentives = cents(input.incentives);
  const cash_collected = input.cash ? fare : 0;
  const net_earnings = cents(fare - commission + incentives);
  return {
    fare,
    commission,
    incentives,
    tolls: cents(input.tolls),
    cash_collected,
    net_earnings,
    net_payout: cents(net_earnings - cash_collected),
  };
}

/** The commission rate on the fare without tolls, by country (the seed's and docs/driver.md's). */
export const DRIVER_COMMISSION_RATE: Readonly<Record<string, number>> = { IN: 0.2, AU: 0.25 };

export const invoiceResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.object({
    id: z.string(),
    crn: z.string(),
    booking_id: z.string(),
    pickup_date: z.string(),
    car_category: z.string(),
    currency_country: z.string(),
    currency_symbol: z.string(),
    statement: z.object({
      fare: z.number(),
      commission: z.number(),
      incentives: z.number(),
      tolls: z.number(),
      cash_collected: z.number(),
      net_earnings: z.number(),
      net_payout: z.number(),
    }),
  }),
});
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;
