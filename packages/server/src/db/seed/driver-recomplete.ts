import {
  type Bill,
  DRIVER_COMMISSION_RATE,
  type GpsPing,
  recomputedBill,
  recomputedCommission,
} from '@selfserve/contract';
import type { Transaction } from 'kysely';
import type { BookingsTable, Database, DriverRidesTable } from '../schema.ts';
import { MINUTE } from './common.ts';
import { driverRideId, SHORT_ENDED_KM, shortEndedBookingId } from './driver-rides.ts';
import { city } from './places.ts';

// The recompute's demo (docs/driver.md "Recomplete"): each demo driver's short-ended trip (bk_<key>_d01) made whole
// as a story — the app ended it SHORT_ENDED_KM before the drop and billed only the distance up to there, while the
// GPS pings go on to the booked drop. So the recompute can prove the rest and pay it. Deterministic: a straight
// track from a point near the city's centre, one ping every few minutes from pickup to the trip's end.

const CITY_OF_DRIVER: Readonly<Record<string, string>> = { ramesh: 'Bengaluru', jack: 'Sydney', vikram: 'Hyderabad' };
/** At most this long between two pings of the demo track (well inside the ping confidence's gap). */
const PING_EVERY_MS = 4 * MINUTE;
const KM_PER_DEGREE_LAT = 111.195;

interface ShortTrip {
  booking: Pick<BookingsTable, 'fare' | 'bill'>;
  ledger: Pick<DriverRidesTable, 'gps_pings' | 'commission' | 'drop_lat' | 'drop_lng'>;
}

/**
 * The short-ended trip of `key` as the story has it, from the booking as built (its bill billed on the whole
 * route): billed on the route less the shortfall, with pings along the whole route to the drop.
 */
export function shortEndedTrip(key: string, booking: BookingsTable): ShortTrip | null {
  const short = SHORT_ENDED_KM[key];
  const c = CITY_OF_DRIVER[key] ? city(CITY_OF_DRIVER[key]) : null;
  if (!short || !c || !booking.bill || !booking.stop_at) return null;
  const full = JSON.parse(booking.bill) as Bill;
  const routeKm = full.distance_km ?? 0;
  if (routeKm <= short) return null;
  const charged = Math.round((routeKm - short) * 10) / 10;
  const billed = { ...recomputedBill(full, charged, full.ride_minutes), route_km: routeKm };
  const from = Date.parse(booking.pickup_date);
  const to = Date.parse(booking.stop_at);
  const count = Math.max(16, Math.ceil((to - from) / PING_EVERY_MS) + 1);
  // North-east from just south-west of the centre: the whole route, evenly in time.
  const start = { lat: c.lat - 0.04, lng: c.lng - 0.04 };
  const dLat = routeKm / Math.SQRT2 / KM_PER_DEGREE_LAT;
  const dLng = dLat / Math.cos((start.lat * Math.PI) / 180);
  const pings: GpsPing[] = Array.from({ length: count }, (_, i) => {
    const f = i / (count - 1);
    return [
      Math.round((start.lat + dLat * f) * 1e6) / 1e6,
      Math.round((start.lng + dLng * f) * 1e6) / 1e6,
      Math.round(from + (to - from) * f),
    ];
  });
  const drop = pings.at(-1) as GpsPing;
  const rate = DRIVER_COMMISSION_RATE[booking.country] ?? 0.2;
  return {
    booking: { fare: billed.total, bill: JSON.stringify(billed) },
    ledger: {
      gps_pings: JSON.stringify(pings),
      commission: recomputedCommission(billed, billed.total, rate),
      drop_lat: drop[0],
      drop_lng: drop[1],
    },
  };
}

/** The demo data with the short-ended trips told as above (every other row as built). */
export function withRecompleteDemo<T extends { bookings: BookingsTable[]; driver_rides: DriverRidesTable[] }>(
  data: T,
): T {
  const trips = new Map<string, ShortTrip>();
  for (const key of Object.keys(CITY_OF_DRIVER)) {
    const booking = data.bookings.find((b) => b.id === shortEndedBookingId(key));
    const trip = booking ? shortEndedTrip(key, booking) : null;
    if (trip) trips.set(shortEndedBookingId(key), trip);
  }
  return {
    ...data,
    bookings: data.bookings.map((b) => {
      const trip = trips.get(b.id);
      return trip ? { ...b, ...trip.booking } : b;
    }),
    driver_rides: data.driver_rides.map((r) => {
      const trip = trips.get(r.booking_id);
      return trip ? { ...r, ...trip.ledger } : r;
    }),
  };
}

/**
 * A demo database seeded before the recompute existed: its short-ended trips get the story too, once (while their
 * drop point is unknown and they were never recomputed).
 */
export async function backfillRecompleteDemo(
  trx: Transaction<Database>,
  data: { bookings: readonly BookingsTable[]; driver_rides: readonly DriverRidesTable[] },
): Promise<void> {
  for (const key of Object.keys(CITY_OF_DRIVER)) {
    const bookingId = shortEndedBookingId(key);
    const row = data.driver_rides.find((r) => r.booking_id === bookingId);
    const booking = data.bookings.find((b) => b.id === bookingId);
    if (!row?.drop_lat || !booking) continue;
    const stored = await trx
      .selectFrom('driver_rides')
      .leftJoin('driver_recompletes', 'driver_recompletes.driver_ride_id', 'driver_rides.id')
      .select(['driver_rides.drop_lat', 'driver_recompletes.id as recompute'])
      .where('driver_rides.id', '=', driverRideId(bookingId))
      .executeTakeFirst();
    if (!stored || stored.drop_lat !== null || stored.recompute !== null) continue;
    await trx
      .updateTable('bookings')
      .set({ fare: booking.fare, bill: booking.bill })
      .where('id', '=', bookingId)
      .execute();
    await trx
      .updateTable('driver_rides')
      .set({
        gps_pings: row.gps_pings,
        commission: row.commission,
        drop_lat: row.drop_lat,
        drop_lng: row.drop_lng ?? null,
      })
      .where('id', '=', row.id)
      .execute();
  }
}
