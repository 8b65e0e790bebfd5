import { DRIVER_COMMISSION_RATE, withCrnCheckDigit } from '@selfserve/contract';
import type { BookingsTable, DriverRidesTable } from '../schema.ts';
import { demoBill } from './bills.ts';
import { BookingFactory, type BookingStatus, roundMoney, type Trip } from './booking-factory.ts';
import { at, DAY, HOUR, MINUTE, Rng } from './common.ts';
import { type CitySeed, city, type SeedCountry } from './places.ts';
import { type SeedUser, user } from './users.ts';

// The demo drivers' rides (docs/driver.md): more trips for ramesh, jack and vikram — every status, cash and online,
// airport tolls, one trip ended short of its drop — and the driver's ledger row (driver_rides) of every ride a
// partner drove. Built apart from the main sequence (their own random numbers, ids and CRNs), so no other demo row
// changes.

const DRIVER_RIDES_SEED = 0xd21ae5;
/** Above every CRN of the main sequence and of the cash rides (539,100,000 …). */
const DRIVER_RIDES_CRN_BASE = 541_700_000;
/** Rides over the last weeks, per driver, besides the scripted ones. */
const HISTORY_PER_DRIVER = 34;

interface DemoDriver {
  key: string;
  city: string;
  cab: Trip['cab'];
  /** the statuses of right now this driver shows (besides completed, cancelled, pending and scheduled) */
  live: { status: BookingStatus; subStatus?: string; ago: number; pickupIn?: number } | null;
}

const DRIVERS: readonly DemoDriver[] = [
  // ramesh is on an ongoing trip (bookings.ts); a ride is also being offered to him.
  {
    key: 'ramesh',
    city: 'Bengaluru',
    cab: 'prime',
    live: { status: 'requested', subStatus: 'allotment_pending', ago: 2 * MINUTE },
  },
  { key: 'jack', city: 'Sydney', cab: 'sedan', live: { status: 'in progress', ago: 9 * MINUTE, pickupIn: 3 * MINUTE } },
  {
    key: 'vikram',
    city: 'Hyderabad',
    cab: 'bike',
    live: { status: 'ongoing', ago: 18 * MINUTE, pickupIn: -8 * MINUTE },
  },
];

/** The trip that was ended short of its drop (issue 18's recompute flow): how far short, in km. */
export const SHORT_ENDED_KM: Readonly<Record<string, number>> = { ramesh: 4.6, jack: 3.2, vikram: 2.4 };

/** The ride id a driver's short-ended trip has (its booking is bk_<key>_d01). */
export const shortEndedBookingId = (key: string) => `bk_${key}_d01`;

/** The ledger id of a partner's booking: its booking id with dr_ instead of bk_. */
export const driverRideId = (bookingId: string) => bookingId.replace(/^bk_/, 'dr_');

function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The extra rides of the demo drivers, with the same phone, device and car as their other rides (`existing`: the
 * bookings built before these).
 */
export function buildDriverRides(anchor: number, existing: readonly BookingsTable[]): BookingsTable[] {
  const rng = new Rng(DRIVER_RIDES_SEED);
  const out: BookingsTable[] = [];
  let crnIndex = 0;
  for (const d of DRIVERS) {
    const u = user(d.key);
    const c = city(d.city);
    const f = new BookingFactory(rng, anchor);
    const airport = at(c.places, 0);
    const scripted = (status: BookingStatus, ago: number, extra: Partial<Trip> & { pickupIn?: number } = {}) =>
      f.add(f.fixedTrip(u, c, { status, cab: d.cab, enteredAgo: ago, ...extra }));
    // d01: completed, but ended short of the drop (the recompute flow's ride).
    scripted('completed', 3 * DAY + 4 * HOUR);
    // Airport trips: the toll goes on the bill (bills.ts), one paid online, one in cash.
    scripted('completed', 5 * DAY + 2 * HOUR, { to: airport });
    scripted('completed', 8 * DAY + 7 * HOUR, { from: airport });
    scripted('pending', 20 * HOUR, { subStatus: 'payment_pending' });
    scripted('scheduled', 6 * HOUR, { pickupIn: 28 * HOUR, rideLater: true, withDriver: true });
    scripted('cancelled', 2 * DAY + 3 * HOUR, { subStatus: 'cancelled_by_driver' });
    scripted('cancelled', 11 * DAY + 5 * HOUR, { subStatus: 'cancelled_by_customer', charged: true });
    if (d.live) {
      scripted(d.live.status, d.live.ago, {
        ...(d.live.subStatus ? { subStatus: d.live.subStatus } : {}),
        ...(d.live.pickupIn !== undefined ? { pickupIn: d.live.pickupIn } : {}),
      });
    }
    for (let i = 0; i < HISTORY_PER_DRIVER; i++) {
      f.add(f.historyTrip(u, c, 1, 60, { cab: d.cab, share: false, rideLater: rng.chance(0.1) }));
    }
    const device = existing.find((b) => b.user_id === u.row.id && b.audience === 'driver');
    const cashRate = c.country === 'IN' ? 0.4 : 0.15;
    f.trips.forEach(({ trip, row }, i) => {
      const id = `bk_${d.key}_d${String(i + 1).padStart(2, '0')}`;
      const paid = row.status === 'completed';
      // The scripted airport pair: one online (index 1), one cash (index 2); the rest by the city's habits.
      const cash = i === 1 ? false : i === 2 ? true : paid && rng.chance(cashRate);
      const ride: Omit<BookingsTable, 'crn'> = {
        ...row,
        id,
        cash_involved: cash ? 1 : 0,
        ...(device
          ? {
              imei: device.imei,
              driver_phone: device.driver_phone,
              driver_image_url: device.driver_image_url,
              car_model: device.car_model,
              car_number: device.car_number,
            }
          : {}),
      };
      out.push({
        ...ride,
        bill: demoBill(trip, ride),
        crn: withCrnCheckDigit(String(DRIVER_RIDES_CRN_BASE + crnIndex++ * 1_291)),
      });
    });
  }
  return out;
}

function tollOf(bill: string | null): number {
  if (!bill) return 0;
  const parsed = JSON.parse(bill) as { lines: { key: string; amount: number }[] };
  return parsed.lines.filter((l) => l.key === 'toll').reduce((sum, l) => sum + l.amount, 0);
}

/** GPS pings along a trip: a short walk away from the city's centre, evenly in time from pickup to the end. */
function pings(rng: Rng, c: CitySeed, from: number, to: number, count: number): [number, number, number][] {
  let lat = c.lat + rng.float(-0.03, 0.03);
  let lng = c.lng + rng.float(-0.03, 0.03);
  const out: [number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    out.push([
      Math.round(lat * 1e5) / 1e5,
      Math.round(lng * 1e5) / 1e5,
      Math.round(from + ((to - from) * i) / (count - 1)),
    ]);
    lat += rng.float(-0.002, 0.004);
    lng += rng.float(-0.002, 0.004);
  }
  return out;
}

/**
 * The driver's ledger row of every ride a partner drove: the platform's commission on the fare without tolls
 * (DRIVER_COMMISSION_RATE), an incentive on some completed trips, and for the newer trips the GPS pings — for the
 * short-ended trip how far short of the drop it ended.
 */
export function buildDriverLedger(anchor: number, bookings: readonly BookingsTable[]): DriverRidesTable[] {
  const byKey = new Map(
    ['ramesh', 'jack', 'vikram', 'sunil'].map((k) => [user(k).row.id, user(k)] as [string, SeedUser]),
  );
  return bookings
    .filter((b) => b.audience === 'driver')
    .map((b): DriverRidesTable => {
      const rng = new Rng(hashSeed(`ledger:${b.id}`));
      const country = b.country as SeedCountry;
      const rate = DRIVER_COMMISSION_RATE[country] ?? 0.2;
      const commission = roundMoney(country, Math.max(0, b.fare - tollOf(b.bill)) * rate);
      const completed = b.status === 'completed';
      const incentive =
        completed && rng.chance(0.22)
          ? country === 'IN'
            ? rng.int(2, 12) * 10
            : roundMoney(country, rng.float(2, 9))
          : 0;
      const key = byKey.get(b.user_id)?.key ?? '';
      const short = b.id === shortEndedBookingId(key) ? (SHORT_ENDED_KM[key] ?? null) : null;
      const recent = b.id.includes('_d') && completed && b.stop_at !== null;
      const c = CITY_OF.get(b.city);
      const gps =
        recent && c ? JSON.stringify(pings(rng, c, Date.parse(b.pickup_date), Date.parse(b.stop_at ?? ''), 12)) : null;
      return {
        id: driverRideId(b.id),
        booking_id: b.id,
        user_id: b.user_id,
        commission,
        incentive,
        ended_short_km: short,
        gps_pings: gps,
        created_at: new Date(Math.min(anchor, b.date_entered_timestamp)).toISOString(),
      };
    });
}

const CITY_OF = new Map(['Bengaluru', 'Sydney', 'Hyderabad'].map((n) => [n, city(n)]));
