import { withCrnCheckDigit } from '@selfserve/contract';
import type { BookingsTable, DriverCarsTable } from '../schema.ts';
import { demoBill } from './bills.ts';
import { BookingFactory, type Trip } from './booking-factory.ts';
import { DAY, Rng } from './common.ts';
import { city } from './places.ts';
import { user } from './users.ts';

// Six months of earnings for the demo drivers (docs/driver.md "Earnings"): older rides of ramesh, jack and vikram,
// from about 8 weeks back (where driver-rides.ts's recent trips thin out) to almost 6 months, so every month of the
// earnings page has trips to add up. They are ordinary partner bookings with their ledger rows (index.ts passes them
// to buildDriverLedger), so every sum of the page is derivable from rides. jack is the fleet partner: two attached
// cars, his older trips driven in either. Built apart from the main sequence (own seed, ids, CRNs): no other row moves.

const EARNINGS_SEED = 0xea2e1d;
/** Above the CRNs of driver-rides.ts (541,700,000 + 1,291 per ride). */
const EARNINGS_CRN_BASE = 546_300_000;
/** The oldest and the newest of these trips, in days before the anchor (the seed keeps bookings within 180 days). */
const OLDEST_DAYS = 176;
const NEWEST_DAYS = 50;
/** Trips per driver: about one every other day over those four months. */
const RIDES_PER_DRIVER = 64;

interface EarningsDriver {
  key: string;
  city: string;
  cab: Trip['cab'];
}

const DRIVERS: readonly EarningsDriver[] = [
  { key: 'ramesh', city: 'Bengaluru', cab: 'prime' },
  { key: 'jack', city: 'Sydney', cab: 'sedan' },
  { key: 'vikram', city: 'Hyderabad', cab: 'bike' },
];

/** jack's second car (his first is the one on all his other rides). */
export const JACK_SECOND_CAR = { car_number: 'DXR41M', car_model: 'Hyundai Sonata', car_category: 'sedan' } as const;

/** The fleet partner of the demo: jack (docs/driver.md "Earnings"). */
export const FLEET_PARTNER_KEY = 'jack';

function firstCarOf(userId: string, existing: readonly BookingsTable[]) {
  return existing.find((b) => b.user_id === userId && b.audience === 'driver' && b.car_number !== null);
}

/** The older trips of the demo drivers (ids bk_{driver}_eNNN). */
export function buildEarningsHistory(anchor: number, existing: readonly BookingsTable[]): BookingsTable[] {
  const rng = new Rng(EARNINGS_SEED);
  const out: BookingsTable[] = [];
  let crnIndex = 0;
  for (const d of DRIVERS) {
    const u = user(d.key);
    const c = city(d.city);
    const f = new BookingFactory(rng, anchor);
    for (let i = 0; i < RIDES_PER_DRIVER; i++) {
      f.add(f.historyTrip(u, c, NEWEST_DAYS, OLDEST_DAYS, { cab: d.cab, share: false }));
    }
    const device = firstCarOf(u.row.id, existing);
    const cashRate = c.country === 'IN' ? 0.4 : 0.15;
    f.trips.forEach(({ trip, row }, i) => {
      const second = d.key === FLEET_PARTNER_KEY && i % 2 === 1;
      const ride: Omit<BookingsTable, 'crn'> = {
        ...row,
        id: `bk_${d.key}_e${String(i + 1).padStart(3, '0')}`,
        cash_involved: row.status === 'completed' && rng.chance(cashRate) ? 1 : 0,
        ...(device
          ? {
              imei: device.imei,
              driver_phone: device.driver_phone,
              driver_image_url: device.driver_image_url,
              car_model: second ? JACK_SECOND_CAR.car_model : device.car_model,
              car_number: second ? JACK_SECOND_CAR.car_number : device.car_number,
            }
          : {}),
      };
      out.push({
        ...ride,
        bill: demoBill(trip, ride),
        crn: withCrnCheckDigit(String(EARNINGS_CRN_BASE + crnIndex++ * 1_187)),
      });
    });
  }
  return out;
}

/** jack's two attached cars: the one he drives on every other ride and the second one. */
export function buildDriverCars(anchor: number, existing: readonly BookingsTable[]): DriverCarsTable[] {
  const jack = user(FLEET_PARTNER_KEY).row;
  const first = firstCarOf(jack.id, existing);
  const attached_at = new Date(anchor - 400 * DAY).toISOString();
  const cars: DriverCarsTable[] = [];
  if (first?.car_number && first.car_model) {
    cars.push({
      id: `car_${jack.id}_1`,
      user_id: jack.id,
      car_number: first.car_number,
      car_model: first.car_model,
      car_category: first.cab_category,
      attached_at,
    });
  }
  cars.push({ id: `car_${jack.id}_2`, user_id: jack.id, ...JACK_SECOND_CAR, attached_at });
  return cars;
}
