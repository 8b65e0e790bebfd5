import { withCrnCheckDigit } from '@selfserve/contract';
import type { BookingsTable } from '../schema.ts';
import type { BookingFactory, BookingStatus, CabCategory, Trip } from './booking-factory.ts';
import { at, DAY, HOUR, MINUTE, type Rng } from './common.ts';
import { type CitySeed, city } from './places.ts';
import { type SeedUser, user } from './users.ts';

// Who rode what: the scripted rides each demo account needs, then random history around them.

const RESTAURANTS = [
  'Meghana Foods, Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025',
  'Truffles, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034',
  'Empire Restaurant, Church Street, Shanthala Nagar, Bengaluru, Karnataka 560001',
  'MTR, Lalbagh Road, Mavalli, Bengaluru, Karnataka 560004',
  'Vidyarthi Bhavan, Gandhi Bazaar Main Road, Basavanagudi, Bengaluru, Karnataka 560004',
] as const;

const DELIVERY_DROPS = [
  '5th Cross Road, 6th Block, Koramangala, Bengaluru, Karnataka 560095',
  '12th Main Road, HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560008',
  '27th Main Road, Sector 2, HSR Layout, Bengaluru, Karnataka 560102',
  '9th Main Road, 3rd Block, Jayanagar, Bengaluru, Karnataka 560011',
  '10th Cross Road, Wilson Garden, Bengaluru, Karnataka 560027',
  '2nd Main Road, Shanti Nagar, Bengaluru, Karnataka 560027',
] as const;

type TripExtra = () => Partial<Trip>;

/** Past rides on random days, skipping the days the rider was away in another city. */
function addHistory(
  f: BookingFactory,
  u: SeedUser,
  c: CitySeed,
  count: number,
  opts: { away?: readonly (readonly [number, number])[]; extra?: TripExtra } = {},
): void {
  const away = opts.away ?? [];
  // Whole days, as the trip was drawn (its local day's UTC start: BookingFactory.localTime), so the rides drawn do not
  // depend on the time of day the demo is first started.
  const isAway = (t: Trip) => {
    const daysAgo = Math.floor(f.anchor / DAY) - Math.floor((t.enteredAt + t.city.tzMinutes * MINUTE) / DAY);
    return away.some(([from, to]) => daysAgo >= from - 1 && daysAgo <= to + 2);
  };
  for (let i = 0; i < count; i++) {
    let trip = f.historyTrip(u, c, 2, 180, opts.extra?.());
    while (isAway(trip)) trip = f.historyTrip(u, c, 2, 180, opts.extra?.());
    f.add(trip);
  }
}

/** A few rides in another city over consecutive days. */
function addTravel(f: BookingFactory, u: SeedUser, c: CitySeed, fromDays: number, toDays: number, rides: number) {
  for (let i = 0; i < rides; i++) f.add(f.historyTrip(u, c, fromDays, toDays));
}

const BENGALURU_OUTSTATION = [
  'Mysore Palace, Sayyaji Rao Road, Agrahara, Mysuru, Karnataka 570001',
  'Nandi Hills, Chikkaballapur, Karnataka 562103',
  'Madikeri Fort, Mahadevpet, Madikeri, Karnataka 571201',
  'Hosur Bus Stand, Bagalur Road, Hosur, Tamil Nadu 635109',
] as const;

export function buildBookings(f: BookingFactory, rng: Rng): void {
  type Extra = Partial<Trip> & { pickupIn?: number };
  const ride = (u: SeedUser, c: CitySeed, status: BookingStatus, cab: CabCategory, ago: number, extra: Extra = {}) =>
    f.add(f.fixedTrip(u, c, { status, cab, enteredAgo: ago, ...extra }));
  const blr = city('Bengaluru');
  const riya = user('riya');
  const home = riya.home ?? at(blr.places, 3);
  const blrAirport = at(blr.places, 0);
  const blrStation = at(blr.places, 7);

  // Riya: a driver search in progress right now, two upcoming rides, one unpaid ride, scripted history for tickets.
  ride(riya, blr, 'requested', 'prime', 2 * MINUTE, { subStatus: 'allotment_pending', from: home, to: blrAirport });
  ride(riya, blr, 'scheduled', 'prime', 5 * HOUR, { pickupIn: 20 * HOUR + 30 * MINUTE, from: home, to: blrAirport });
  ride(riya, blr, 'scheduled', 'suv', 26 * HOUR, { pickupIn: 3 * DAY + 2 * HOUR, from: home, to: blrStation });
  ride(riya, blr, 'pending', 'mini', 22 * HOUR, { subStatus: 'payment_pending' });
  ride(riya, blr, 'completed', 'mini', 4 * DAY + 3 * HOUR, { share: true });
  ride(riya, blr, 'cancelled', 'mini', 47 * DAY, { subStatus: 'cancelled_by_customer', share: true });
  ride(riya, blr, 'cancelled', 'prime', 6 * DAY + 2 * HOUR, { subStatus: 'cancelled_by_customer', charged: true });
  ride(riya, blr, 'cancelled', 'mini', 9 * DAY, { subStatus: 'no_driver_found', withDriver: false });
  ride(riya, blr, 'completed', 'prime', 14 * DAY + 5 * HOUR, { from: blrAirport, to: home });
  // SaaS rides are booked through partner fleets and use their own article indexes.
  ride(riya, blr, 'completed', 'auto', 3 * DAY + 6 * HOUR, { saas: true });
  ride(riya, blr, 'completed', 'auto', 17 * DAY + 2 * HOUR, { saas: true });
  ride(riya, blr, 'cancelled', 'auto', 41 * DAY, { subStatus: 'cancelled_by_customer', saas: true, withDriver: false });
  ride(riya, blr, 'completed', 'bike', 11 * DAY + 4 * HOUR, { saas: true });
  ride(riya, blr, 'completed', 'bike', 58 * DAY, { saas: true });
  ride(riya, blr, 'completed', 'four_wheeler', 26 * DAY + 7 * HOUR, { saas: true });
  ride(riya, blr, 'completed', 'four_wheeler', 73 * DAY, { saas: true });
  const riyaTravel = [
    ['Mumbai', 38, 41, 4],
    ['Hyderabad', 64, 65, 2],
    ['Delhi', 96, 98, 3],
    ['Chennai', 120, 121, 2],
    ['Kolkata', 142, 143, 2],
    ['Pune', 155, 156, 2],
  ] as const;
  for (const [name, from, to, rides] of riyaTravel) addTravel(f, riya, city(name), from, to, rides);
  addHistory(f, riya, blr, 252, { away: riyaTravel.map(([, from, to]) => [from, to] as const) });

  const arjun = user('arjun');
  const mumbai = city('Mumbai');
  ride(arjun, mumbai, 'ongoing', 'prime', 26 * MINUTE, { pickupIn: -14 * MINUTE });
  ride(arjun, mumbai, 'scheduled', 'suv', 3 * HOUR, { pickupIn: 2 * DAY, to: at(mumbai.places, 0) });
  ride(arjun, mumbai, 'completed', 'mini', 20 * DAY, { share: true });
  ride(arjun, mumbai, 'completed', 'four_wheeler', 33 * DAY, { saas: true });
  ride(arjun, mumbai, 'cancelled', 'kp', 8 * DAY, { subStatus: 'cancelled_by_customer', charged: true });
  addTravel(f, arjun, city('Pune'), 70, 71, 2);
  addHistory(f, arjun, mumbai, 22, { away: [[70, 71]] });

  const meera = user('meera');
  const chennai = city('Chennai');
  ride(meera, chennai, 'in progress', 'mini', 6 * MINUTE, { pickupIn: 4 * MINUTE });
  ride(meera, chennai, 'completed', 'auto', 5 * DAY, { saas: true });
  addHistory(f, meera, chennai, 12);

  const kabir = user('kabir');
  const delhi = city('Delhi');
  ride(kabir, delhi, 'requested', 'mini', 4 * MINUTE, { subStatus: 'allotment_pending' });
  addHistory(f, kabir, delhi, 11);

  const neha = user('neha');
  const pune = city('Pune');
  ride(neha, pune, 'pending', 'auto', 2 * DAY, { subStatus: 'payment_pending' });
  addHistory(f, neha, pune, 5);

  const olivia = user('olivia');
  const sydney = city('Sydney');
  ride(olivia, sydney, 'requested', 'sedan', MINUTE, { subStatus: 'allotment_pending' });
  ride(olivia, sydney, 'scheduled', 'sedan', 10 * HOUR, { pickupIn: DAY + 9 * HOUR, to: at(sydney.places, 0) });
  addTravel(f, olivia, city('Melbourne'), 50, 52, 2);
  addHistory(f, olivia, sydney, 15, { away: [[50, 52]] });

  const liam = user('liam');
  const auckland = city('Auckland');
  ride(liam, auckland, 'scheduled', 'sedan', 2 * DAY, { pickupIn: DAY, to: at(auckland.places, 0) });
  ride(liam, auckland, 'cancelled', 'mini', 12 * DAY, { subStatus: 'cancelled_by_customer', charged: true });
  addHistory(f, liam, auckland, 9);

  const oliver = user('oliver');
  const london = city('London');
  ride(oliver, london, 'ongoing', 'sedan', 20 * MINUTE, { pickupIn: -9 * MINUTE });
  addHistory(f, oliver, london, 13);

  // Partner-side bookings: the rides the partner drove, with the partner's own device and total fare.
  const ramesh = user('ramesh');
  ride(ramesh, blr, 'ongoing', 'prime', 35 * MINUTE, { pickupIn: -22 * MINUTE });
  addHistory(f, ramesh, blr, 34, {
    extra: () => {
      const service = rng.weighted([
        ['p2p', 85],
        ['rental', 9],
        ['outstation', 6],
      ] as const);
      return {
        cab: 'prime',
        share: false,
        service,
        rideLater: service !== 'p2p' || rng.chance(0.12),
        ...(service === 'outstation' ? { to: rng.pick(BENGALURU_OUTSTATION) } : {}),
      };
    },
  });
  addHistory(f, user('jack'), sydney, 30, { extra: () => ({ cab: 'sedan', rideLater: rng.chance(0.1) }) });
  addHistory(f, user('vikram'), city('Hyderabad'), 24, { extra: () => ({ cab: 'bike' }) });
  addHistory(f, user('sunil'), blr, 10, {
    extra: () => ({ cab: 'bike', service: 'food_delivery', from: rng.pick(RESTAURANTS), to: rng.pick(DELIVERY_DROPS) }),
  });
}

/** CRNs grow with booking time, like a real sequence: 9-digit payload plus a Luhn check digit. */
export function assignCrns(rng: Rng, rows: readonly Omit<BookingsTable, 'crn'>[]): BookingsTable[] {
  const ordered = [...rows].sort(
    (a, b) => a.date_entered_timestamp - b.date_entered_timestamp || a.id.localeCompare(b.id),
  );
  let payload = 518_400_000;
  return ordered.map((row) => {
    payload += rng.int(900, 6500);
    return { ...row, crn: withCrnCheckDigit(String(payload)) };
  });
}
