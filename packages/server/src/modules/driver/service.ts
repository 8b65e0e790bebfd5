import {
  articleIndexes,
  type Bill,
  coded,
  currencySymbols,
  type DriverBooking,
  type DriverProfile,
  type DriverRideDetails,
  type driverRidesQuerySchema,
  type EarningStatement,
  earningStatement,
  type RideDetail,
  splitDialing,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type DriverRideRow,
  findCountryDialingCode,
  findDriverRideByCrn,
  findDriverRideById,
  listDriverRides,
} from './repo.ts';

// The driver side's rules (docs/driver.md): who may see what, the Fibonacci-paged ride list, the earning statement.

/** The driver profile is the partners' (drivers and food-delivery riders); a customer has none. */
export function requirePartner(user: UserRow): UserRow {
  if (user.role !== 'driver' && user.role !== 'food_delivery_rider') {
    throw new AppError('FORBIDDEN', coded('driverHelpOnly'));
  }
  return user;
}

/**
 * Driver rides are a driver's (core.md §6): a food-delivery rider cannot list driver bookings, and a customer has
 * no driver rides. Both are a permanent 403 with their own message.
 */
export function requireDriver(user: UserRow): UserRow {
  if (user.role === 'food_delivery_rider') throw new AppError('FORBIDDEN', coded('foodRiderNoBookings'));
  if (user.role !== 'driver') throw new AppError('FORBIDDEN', coded('driverRidesOnly'));
  return user;
}

export async function driverProfile(db: Kysely<Database>, user: UserRow): Promise<DriverProfile> {
  const country = await findCountryDialingCode(db, user.country_code);
  const role = user.role === 'food_delivery_rider' ? 'food_delivery_rider' : 'driver';
  const [index = ''] = articleIndexes({
    role,
    country: user.country_code,
    locale: user.locale,
    partnerType: user.partner_type,
    booking: null,
  });
  return {
    status: 'SUCCESS',
    locale: user.locale,
    country_code: user.country_code,
    partner_type: user.partner_type ?? (role === 'food_delivery_rider' ? 'fp_rider' : 'driver'),
    mobile: user.mobile,
    ...splitDialing(user.mobile, country?.dialing_code ?? ''),
    name: user.name,
    email: user.email,
    current_car_category: user.current_car_category,
    is_fp_rider: role === 'food_delivery_rider',
    article_index: index,
  };
}

export function toDriverBooking(r: DriverRideRow): DriverBooking {
  return {
    crn: r.crn,
    booking_id: r.id,
    id: r.ride_id,
    ride_type: r.ride_type ?? 'now',
    display_type: r.display_type ?? '',
    car_category: r.cab_category,
    service_type: r.service_type ?? 'p2p',
    total_fare: r.fare,
    osn: r.osn,
    status: r.status,
    sub_status: r.sub_status,
    pickup_date: r.pickup_date,
    cash: r.cash_involved === 1,
    currency_country: r.currency_country,
  };
}

/**
 * One page of the driver's rides: `per_page` rides after the cursor. The answer carries next_page (the cursor of
 * the page after) and per_page only when more rides follow, so the client's stop rule (hasNextDriverPage) ends
 * the list exactly at its last ride.
 */
export async function driverRidesPage(
  db: Kysely<Database>,
  user: UserRow,
  query: z.output<typeof driverRidesQuerySchema>,
): Promise<{ data: DriverBooking[]; next_page?: string; per_page?: number }> {
  const after = query.next_page ? parseCursor(query.next_page) : null;
  const rows = await listDriverRides(db, user.id, {
    limit: query.per_page + 1,
    after,
    status: query.status === 'all' ? null : query.status,
  });
  const page = rows.slice(0, query.per_page);
  const data = page.map(toDriverBooking);
  const last = page.at(-1);
  if (rows.length <= query.per_page || !last) return { data };
  return { data, next_page: `${last.date_entered_timestamp}-${last.id}`, per_page: query.per_page };
}

function parseCursor(cursor: string): { ts: number; id: string } {
  const dash = cursor.indexOf('-');
  return { ts: Number(cursor.slice(0, dash)), id: cursor.slice(dash + 1) };
}

async function ownRideByCrn(db: Kysely<Database>, user: UserRow, crn: string): Promise<DriverRideRow> {
  const ride = await findDriverRideByCrn(db, user.id, crn);
  // Another driver's ride is "not found", never "forbidden": whether it exists is not this driver's to learn.
  if (!ride) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  return ride;
}

async function ownRideById(db: Kysely<Database>, user: UserRow, id: string): Promise<DriverRideRow> {
  const ride = await findDriverRideById(db, user.id, id);
  if (!ride) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  return ride;
}

/** A ride has an earning statement once it earned or was charged something (completed, or a charged cancel). */
function hasStatement(r: DriverRideRow): boolean {
  return r.fare > 0 && (r.status === 'completed' || r.status === 'cancelled');
}

export async function driverRideDetails(db: Kysely<Database>, user: UserRow, crn: string): Promise<DriverRideDetails> {
  const r = await ownRideByCrn(db, user, crn);
  return {
    ...toDriverBooking(r),
    city: r.city,
    pickup_location: r.pickup_location,
    drop_location: r.drop_location,
    stop_at: r.stop_at,
    car_number: r.car_number,
    car_model: r.car_model,
    has_statement: hasStatement(r),
  };
}

function billOf(r: DriverRideRow): Bill | null {
  return r.bill ? (JSON.parse(r.bill) as Bill) : null;
}

export async function rideDetail(db: Kysely<Database>, user: UserRow, id: string): Promise<RideDetail> {
  const r = await ownRideById(db, user, id);
  const bill = billOf(r);
  const pings = r.gps_pings ? (JSON.parse(r.gps_pings) as unknown[]).length : 0;
  return {
    id: r.ride_id,
    crn: r.crn,
    booking_id: r.id,
    status: r.status,
    pickup_date: r.pickup_date,
    stop_at: r.stop_at,
    ride_minutes:
      bill?.ride_minutes ??
      (r.stop_at ? Math.round((Date.parse(r.stop_at) - Date.parse(r.pickup_date)) / 60_000) : null),
    distance_km: bill?.distance_km ?? null,
    route_km: bill?.route_km ?? null,
    ended_short_km: r.ended_short_km,
    gps_pings: pings,
  };
}

export interface Statement {
  id: string;
  crn: string;
  booking_id: string;
  pickup_date: string;
  car_category: string;
  currency_country: string;
  currency_symbol: string;
  statement: EarningStatement;
}

export async function earningStatementOf(db: Kysely<Database>, user: UserRow, id: string): Promise<Statement> {
  const r = await ownRideById(db, user, id);
  if (!hasStatement(r)) throw new AppError('CONFLICT', coded('driverNoStatement'));
  const tolls = (billOf(r)?.lines ?? []).filter((l) => l.key === 'toll').reduce((sum, l) => sum + l.amount, 0);
  return {
    id: r.ride_id,
    crn: r.crn,
    booking_id: r.id,
    pickup_date: r.pickup_date,
    car_category: r.cab_category,
    currency_country: r.currency_country,
    currency_symbol: currencySymbols[r.currency_country] ?? '',
    statement: earningStatement({
      fare: r.fare,
      tolls,
      commission: r.commission,
      incentives: r.incentive,
      cash: r.cash_involved === 1,
    }),
  };
}
