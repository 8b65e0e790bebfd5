import {
  type AttachedCar,
  type EarningStatement,
  type EarningsHistory,
  earningStatement,
  earningsPaths,
  messages,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const sunil = 'sunil.rider@example.in';
const vikram = 'vikram.bike@example.in';
/** Every demo ride lies in here (the seed keeps them within 180 days of 2026-11-20). */
const ALL = { from: '2026-05-01', to: '2026-11-30' };

describe.each(testDatabases)('driver earnings [%s]', (dialect) => {
  let t: TestApp;
  let ramesh: TestClient;
  let jack: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ramesh = await signedIn(t.app, accounts.driverIn);
    jack = await signedIn(t.app, accounts.driverAu);
  });
  afterAll(async () => {
    await t?.close();
  });

  const history = async (client: TestClient, body: Record<string, unknown>): Promise<EarningsHistory> => {
    const res = await client.post(earningsPaths.history, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** The rides with an earning statement, read straight from the tables, with their statements. */
  async function statementRides(userId: string, car?: string) {
    let q = t.database.db
      .selectFrom('bookings')
      .innerJoin('driver_rides', 'driver_rides.booking_id', 'bookings.id')
      .select([
        'driver_rides.id as ride_id',
        'bookings.pickup_date',
        'bookings.fare',
        'bookings.bill',
        'bookings.cash_involved',
        'bookings.status',
        'driver_rides.commission',
        'driver_rides.incentive',
      ])
      .where('bookings.user_id', '=', userId)
      .where('bookings.audience', '=', 'driver')
      .where('bookings.status', 'in', ['completed', 'cancelled'])
      .where('bookings.fare', '>', 0);
    if (car) q = q.where('bookings.car_number', '=', car);
    const rows = await q.execute();
    return rows.map((r) => {
      const lines = r.bill ? (JSON.parse(r.bill) as { lines: { key: string; amount: number }[] }).lines : [];
      const tolls = lines.filter((l) => l.key === 'toll').reduce((s, l) => s + l.amount, 0);
      return {
        ...r,
        statement: earningStatement({
          fare: r.fare,
          tolls,
          commission: r.commission,
          incentives: r.incentive,
          cash: r.cash_involved === 1,
        }),
      };
    });
  }
  const sumOf = (rows: { statement: EarningStatement }[], k: keyof EarningStatement) =>
    Math.round(rows.reduce((s, r) => s + r.statement[k], 0) * 100) / 100;

  it('sums equal the rides they come from, six months of them, by month', async () => {
    const rides = await statementRides('u_driver_in');
    expect(rides.length).toBeGreaterThan(80);
    const h = await history(ramesh, { ...ALL, granularity: 'month' });
    expect(h).toMatchObject({ time_zone: 'Asia/Kolkata', currency_country: 'IN', car: null });
    expect(h.buckets.map((b) => b.start)).toEqual([
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    // Six months of history: every month from June to November has trips.
    for (const b of h.buckets.slice(1)) expect(b.rides, b.start).toBeGreaterThan(5);
    expect(h.totals.rides).toBe(rides.length);
    for (const k of [
      'fare',
      'commission',
      'incentives',
      'tolls',
      'cash_collected',
      'net_earnings',
      'net_payout',
    ] as const) {
      expect(h.totals[k], k).toBe(sumOf(rides, k));
    }
    expect(h.totals.net_earnings).toBe(
      Math.round((h.totals.fare - h.totals.commission + h.totals.incentives) * 100) / 100,
    );
    // The buckets add up to the totals.
    expect(h.buckets.reduce((s, b) => s + b.rides, 0)).toBe(h.totals.rides);
  });

  it('a day equals the earning statements of that day’s trips, as the invoice call answers them', async () => {
    const rides = await statementRides('u_driver_in');
    // A day in India with at least two trips (local day: UTC + 5:30).
    const local = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);
    const counts = new Map<string, number>();
    for (const r of rides) counts.set(local(r.pickup_date), (counts.get(local(r.pickup_date)) ?? 0) + 1);
    const day = [...counts].find(([, n]) => n >= 2)?.[0];
    expect(day).toBeTruthy();
    const h = await history(ramesh, { from: day, to: day, granularity: 'day' });
    const ofDay = rides.filter((r) => local(r.pickup_date) === day);
    let payout = 0;
    for (const r of ofDay) {
      const res = await ramesh.get(`/api/bookings/v3/invoice?id=${r.ride_id}`);
      expect(res.statusCode).toBe(200);
      payout += res.json().data.statement.net_payout;
    }
    expect(h.buckets).toHaveLength(1);
    expect(h.buckets[0]).toMatchObject({ start: day, rides: ofDay.length });
    expect(h.buckets[0]?.net_payout).toBe(Math.round(payout * 100) / 100);
  });

  it('weeks start on Monday and the period clips the first and last week', async () => {
    const h = await history(ramesh, { from: '2026-10-01', to: '2026-11-20', granularity: 'week' });
    expect(h.buckets[0]).toMatchObject({ start: '2026-09-28', from: '2026-10-01', to: '2026-10-04' });
    expect(h.buckets.at(-1)).toMatchObject({ start: '2026-11-16', from: '2026-11-16', to: '2026-11-20' });
    for (const b of h.buckets) expect(new Date(`${b.start}T00:00:00Z`).getUTCDay()).toBe(1);
    // The same period by day has the same totals.
    const byDay = await history(ramesh, { from: '2026-10-01', to: '2026-11-20', granularity: 'day' });
    expect(byDay.buckets).toHaveLength(51);
    expect(byDay.totals).toEqual(h.totals);
  });

  it('a period without trips sums to zero', async () => {
    const h = await history(ramesh, { from: '2025-01-01', to: '2025-03-31', granularity: 'month' });
    expect(h.buckets).toHaveLength(3);
    expect(h.totals).toMatchObject({ rides: 0, fare: 0, net_payout: 0 });
  });

  it('refuses a bad period with a clear message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-11-20', to: '2026-11-01', granularity: 'day' }, messages.earningsRangeInvalid],
      [{ from: '2025-01-01', to: '2026-11-20', granularity: 'month' }, messages.earningsRangeTooLong],
      [{ from: '2026-13-01', to: '2026-11-20', granularity: 'month' }, messages.earningsDayInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await ramesh.post(earningsPaths.history, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await ramesh.post(earningsPaths.history, { ...ALL, granularity: 'year' })).statusCode).toBe(400);
    expect((await ramesh.post(earningsPaths.history, { granularity: 'day' })).statusCode).toBe(400);
  });

  it('a driver only ever sees their own earnings, cities and cars', async () => {
    const own = await history(jack, { ...ALL, granularity: 'month' });
    const jackRides = await statementRides('u_driver_au');
    expect(own.totals.rides).toBe(jackRides.length);
    expect(own.currency_country).toBe('AU');
    expect(own.time_zone).toBe('Australia/Sydney');
    // ramesh cannot ask for jack's car.
    const cars = (await jack.get(earningsPaths.attachedCars)).json().data as AttachedCar[];
    const other = await ramesh.post(earningsPaths.history, { ...ALL, granularity: 'month', car: cars[0]?.car_number });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ code: 'earningsCarUnknown', message: messages.earningsCarUnknown });
    expect((await ramesh.get(earningsPaths.attachedCars)).json()).toEqual({ status: 'SUCCESS', data: [] });
    expect((await ramesh.get(earningsPaths.cities)).json().data).toEqual([{ name: 'Bengaluru', country_code: 'IN' }]);
    expect((await jack.get(earningsPaths.cities)).json().data).toEqual([{ name: 'Sydney', country_code: 'AU' }]);
    // A city the driver never drove in sums to nothing (the query is the driver's own rides).
    const sydney = await history(ramesh, { ...ALL, granularity: 'month', city: 'Sydney' });
    expect(sydney.totals.rides).toBe(0);
  });

  it('a fleet partner filters by each attached car, and the cars add up to the whole', async () => {
    const cars = (await jack.get(earningsPaths.attachedCars)).json().data as AttachedCar[];
    expect(cars).toHaveLength(2);
    expect(cars[1]).toEqual({ car_number: 'DXR41M', car_model: 'Hyundai Sonata', car_category: 'sedan' });
    const all = await history(jack, { ...ALL, granularity: 'month' });
    const perCar = [];
    for (const c of cars) {
      const h = await history(jack, { ...ALL, granularity: 'month', car: c.car_number });
      expect(h.car).toBe(c.car_number);
      expect(h.totals.rides).toBe((await statementRides('u_driver_au', c.car_number)).length);
      expect(h.totals.rides).toBeGreaterThan(10);
      perCar.push(h.totals);
    }
    expect((perCar[0]?.rides ?? 0) + (perCar[1]?.rides ?? 0)).toBe(all.totals.rides);
    expect(Math.round(((perCar[0]?.fare ?? 0) + (perCar[1]?.fare ?? 0)) * 100) / 100).toBe(all.totals.fare);
  });

  it('is for signed-in drivers only: 401, then 403 for customers and food-delivery riders, whatever they send', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: earningsPaths.history, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: earningsPaths.cities })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: earningsPaths.attachedCars })).statusCode).toBe(401);

    const riya = await signedIn(t.app, accounts.customer);
    for (const res of [
      await riya.post(earningsPaths.history, { nonsense: true }),
      await riya.get(earningsPaths.cities),
      await riya.get(earningsPaths.attachedCars),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'driverRidesOnly', message: messages.driverRidesOnly });
    }
    const rider = await signedIn(t.app, sunil);
    for (const res of [await rider.post(earningsPaths.history, {}), await rider.get(earningsPaths.attachedCars)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'foodRiderNoEarnings', message: messages.foodRiderNoEarnings });
    }
    // A bike partner is a driver: his own earnings.
    const bike = await signedIn(t.app, vikram);
    expect((await history(bike, { ...ALL, granularity: 'month' })).totals.rides).toBeGreaterThan(80);
  });

  it('the POST needs the CSRF token, and /driver/ss/ is the API, not the app', async () => {
    const res = await ramesh.post(earningsPaths.history, { ...ALL, granularity: 'month' }, { 'x-csrf-token': 'nope' });
    expect(res.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: '/driver/ss/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('json');
  });
});
