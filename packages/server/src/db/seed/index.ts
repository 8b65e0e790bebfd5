import { countries } from '@selfserve/contract';
import type { Insertable, InsertObject, Kysely, Transaction } from 'kysely';
import type {
  BookingsTable,
  CallUsNumbersTable,
  ChatConfigTable,
  CitiesTable,
  CountriesTable,
  Database,
  DriverCarsTable,
  DriverRidesTable,
  OrdersTable,
  RideCouponsTable,
  SubscriptionsTable,
  TicketsTable,
  UsersTable,
} from '../schema.ts';
import { demoBill } from './bills.ts';
import { BookingFactory } from './booking-factory.ts';
import { assignCrns, buildBookings } from './bookings.ts';
import { buildCashRides } from './cash-rides.ts';
import { DAY, MINUTE, Rng } from './common.ts';
import { rideCoupons } from './coupons.ts';
import { buildDriverArticlesData } from './driver-articles.ts';
import { buildDriverCars, buildEarningsHistory } from './driver-earnings.ts';
import { backfillRecompleteDemo, withRecompleteDemo } from './driver-recomplete.ts';
import { buildDriverLedger, buildDriverRides } from './driver-rides.ts';
import { BD_OFFICES } from './offices.ts';
import { buildOrders } from './orders.ts';
import { CALL_US_NUMBERS, CHAT_CONFIG, CITIES } from './places.ts';
import { buildSearchCounts } from './search-counts.ts';
import { buildTickets, type SeededBooking } from './tickets.ts';
import { subscriptions, USERS } from './users.ts';

/**
 * Deterministic demo data. Every id and every random choice is fixed (seeded PRNG, fixed ids), and every date is
 * an offset from the anchor, so the same anchor always yields the same rows and re-seeding inserts nothing.
 */
export const SEED_ANCHOR = '2026-11-20T09:30:00.000Z';

const PRNG_SEED = 0x5e1f5e7e;
// PostgreSQL allows 65535 bind parameters per statement; 100 bookings × 39 columns stays far below that.
const CHUNK_SIZE = 100;

export interface DemoData {
  users: UsersTable[];
  subscriptions: SubscriptionsTable[];
  countries: CountriesTable[];
  cities: CitiesTable[];
  call_us_numbers: Insertable<CallUsNumbersTable>[];
  chat_config: ChatConfigTable[];
  bookings: BookingsTable[];
  driver_rides: DriverRidesTable[];
  driver_cars: DriverCarsTable[];
  ride_coupons: RideCouponsTable[];
  orders: OrdersTable[];
  tickets: TicketsTable[];
}

/** Builds every seed row in memory; pure and deterministic for a given anchor. */
export function buildDemoData(anchorIso: string = SEED_ANCHOR): DemoData {
  const anchor = Date.parse(anchorIso);
  if (Number.isNaN(anchor)) throw new Error(`Invalid seed anchor: ${anchorIso}`);
  // One random sequence for all: the order of the calls below (drivers, rides, CRNs, tickets) is part of the data.
  const rng = new Rng(PRNG_SEED);

  const factory = new BookingFactory(rng, anchor);
  buildBookings(factory, rng);
  const bookings = assignCrns(
    rng,
    factory.trips.map(({ trip, row }) => ({ ...row, bill: demoBill(trip, row) })),
  );
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const seeded = factory.trips.map(({ trip, row }): SeededBooking => {
    const full = byId.get(row.id);
    if (!full) throw new Error(`Booking ${row.id} lost its CRN`);
    return { trip, row: full };
  });
  const orders = buildOrders(anchor);
  // The demo drivers' further rides and every partner ride's ledger row (docs/driver.md), built apart as well.
  const driverRides = buildDriverRides(anchor, bookings);
  // Six months of earnings (docs/driver.md "Earnings"): the demo drivers' older trips, and jack's attached cars.
  const earningsRides = buildEarningsHistory(anchor, bookings);
  // The driver one-touch articles' rides (seed/driver-articles.ts): copies of rides above, dated from the anchor.
  const articles = buildDriverArticlesData(anchor, bookings);

  // The short-ended trips' recompute story (seed/driver-recomplete.ts): their bill, pings and drop point.
  return withRecompleteDemo({
    users: USERS.map((u) => ({ ...u.row, created_at: new Date(anchor - u.createdDaysAgo * DAY).toISOString() })),
    subscriptions: subscriptions(anchor),
    countries: countries.map((c) => ({ country_code: c.country_code, name: c.name, dialing_code: c.dialing_code })),
    cities: CITIES.map((c) => ({
      id: c.id,
      name: c.name,
      country_code: c.country,
      std_code: c.std,
      cc_number: c.cc,
      lat: c.lat,
      lng: c.lng,
    })),
    call_us_numbers: [...CALL_US_NUMBERS],
    chat_config: [...CHAT_CONFIG],
    // Built apart from the main sequence, so they shift no other ride's numbers.
    bookings: [...bookings, ...buildCashRides(anchor), ...driverRides, ...earningsRides, ...articles.bookings],
    driver_rides: [
      ...buildDriverLedger(anchor, [...bookings, ...driverRides, ...earningsRides]),
      ...articles.driver_rides,
    ],
    driver_cars: buildDriverCars(anchor, bookings),
    ride_coupons: rideCoupons(bookings),
    orders,
    tickets: buildTickets(rng, anchor, seeded, orders),
  });
}

async function insertChunked<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK_SIZE) {
    const results = await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK_SIZE))
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const r of results) inserted += Number(r.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/** The key under which app_meta keeps the anchor the demo data was first built from. */
const ANCHOR_KEY = 'demo_seed_anchor';

/**
 * Inserts the demo data. Existing rows (same primary key or unique value) are left alone, so running it again
 * inserts nothing. The anchor ('now' or an ISO date; SEED_ANCHOR by default) is kept on first use, so later
 * runs and later versions build the same dates. Returns the number of rows inserted per table.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  opts: { anchor?: string } = {},
): Promise<Record<string, number>> {
  return db.transaction().execute(async (trx) => {
    const kept = await trx.selectFrom('app_meta').select('value').where('key', '=', ANCHOR_KEY).executeTakeFirst();
    const anchor = kept?.value ?? resolveAnchor(opts.anchor ?? SEED_ANCHOR);
    if (!kept) await trx.insertInto('app_meta').values({ key: ANCHOR_KEY, value: anchor }).execute();
    const data = buildDemoData(anchor);
    // Parents before children, for the foreign keys on user_id.
    const inserted = {
      users: await insertChunked(trx, 'users', data.users),
      subscriptions: await insertChunked(trx, 'subscriptions', data.subscriptions),
      countries: await insertChunked(trx, 'countries', data.countries),
      cities: await insertChunked(trx, 'cities', data.cities),
      call_us_numbers: await insertChunked(trx, 'call_us_numbers', data.call_us_numbers),
      bd_offices: await insertChunked(trx, 'bd_offices', [...BD_OFFICES]),
      chat_config: await insertChunked(trx, 'chat_config', data.chat_config),
      bookings: await insertChunked(trx, 'bookings', data.bookings),
      driver_rides: await insertChunked(trx, 'driver_rides', data.driver_rides),
      driver_cars: await insertChunked(trx, 'driver_cars', data.driver_cars),
      ride_coupons: await insertChunked(trx, 'ride_coupons', data.ride_coupons),
      orders: await insertChunked(trx, 'orders', data.orders),
      tickets: await insertChunked(trx, 'tickets', data.tickets),
      kb_search_counts: await insertChunked(trx, 'kb_search_counts', buildSearchCounts(Date.parse(anchor))),
    };
    await backfillBills(trx, data.bookings);
    await backfillCars(trx, data.bookings);
    await backfillRecompleteDemo(trx, data);
    return inserted;
  });
}

/** 'now' is the current minute: demo rides then happened "this week" whenever the demo is first started. */
function resolveAnchor(anchor: string): string {
  if (anchor !== 'now') return anchor;
  return new Date(Math.floor(Date.now() / MINUTE) * MINUTE).toISOString();
}

/** Demo bookings seeded before cars were recorded get theirs (migration 0022). */
async function backfillCars(trx: Transaction<Database>, bookings: readonly BookingsTable[]): Promise<void> {
  const cars = new Map(bookings.filter((b) => b.car_model !== null).map((b) => [b.id, b]));
  const missing = await trx.selectFrom('bookings').select('id').where('car_model', 'is', null).execute();
  for (const { id } of missing) {
    const car = cars.get(id);
    if (car) {
      await trx
        .updateTable('bookings')
        .set({ car_model: car.car_model, car_number: car.car_number })
        .where('id', '=', id)
        .execute();
    }
  }
}

/** Demo bookings seeded before bills existed get theirs (migration 0008). */
async function backfillBills(trx: Transaction<Database>, bookings: readonly BookingsTable[]): Promise<void> {
  const withBill = new Map(bookings.filter((b) => b.bill !== null).map((b) => [b.id, b.bill]));
  const missing = await trx.selectFrom('bookings').select('id').where('bill', 'is', null).execute();
  for (const { id } of missing) {
    const bill = withBill.get(id);
    if (bill) await trx.updateTable('bookings').set({ bill }).where('id', '=', id).execute();
  }
}
