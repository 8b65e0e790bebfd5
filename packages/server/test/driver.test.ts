import {
  DRIVER_COMMISSION_RATE,
  type DriverBooking,
  type DriverRidesResponse,
  driverPaths,
  driverRidesPageSize,
  hasNextDriverPage,
  type InvoiceResponse,
  messages,
  type SearchTicketsResponse,
  ticketPaths,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/index.ts';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const sunil = 'sunil.rider@example.in';
const vikram = 'vikram.bike@example.in';

describe.each(testDatabases)('driver side: profile, rides, statement [%s]', (dialect) => {
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

  const driverBookings = (userId: string) =>
    t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn'])
      .where('user_id', '=', userId)
      .where('audience', '=', 'driver')
      .execute();

  /** Pages through a driver's rides as the web does: per_page = fib(page), stop when the answer says so. */
  async function pageThrough(client: TestClient, status = 'all') {
    const sizes: number[] = [];
    const rides: DriverBooking[] = [];
    let cursor: string | undefined;
    for (let page = 1; page < 40; page++) {
      const per = driverRidesPageSize(page);
      const q = new URLSearchParams({ per_page: String(per), status, ...(cursor ? { next_page: cursor } : {}) });
      const res = await client.get(`${driverPaths.rides}?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as DriverRidesResponse;
      sizes.push(body.data.length);
      rides.push(...body.data);
      if (!hasNextDriverPage(body)) break;
      expect(body.per_page).toBe(per);
      expect(body.data.length).toBe(per);
      cursor = body.next_page;
    }
    return { sizes, rides };
  }

  it('ramesh pages through all his rides with growing page sizes, newest first, and never sees jack’s', async () => {
    const { sizes, rides } = await pageThrough(ramesh);
    const own = await driverBookings('u_driver_in');
    expect(own.length).toBeGreaterThanOrEqual(60);
    expect(sizes.slice(0, 8)).toEqual([1, 1, 2, 3, 5, 8, 13, 21]);
    expect(rides).toHaveLength(own.length);
    expect(new Set(rides.map((r) => r.crn))).toEqual(new Set(own.map((b) => b.crn)));
    const jacks = new Set((await driverBookings('u_driver_au')).map((b) => b.crn));
    expect(rides.some((r) => jacks.has(r.crn))).toBe(false);
    // the card's spec fields are all there
    expect(Object.keys(rides[0] ?? {})).toEqual(
      expect.arrayContaining([
        'crn',
        'booking_id',
        'id',
        'ride_type',
        'display_type',
        'car_category',
        'service_type',
        'total_fare',
        'osn',
      ]),
    );
  });

  it('the last page has neither next_page nor per_page', async () => {
    // ramesh has more than 100 rides with six months of earnings history (docs/driver.md "Earnings"): page to the end.
    let body = (await ramesh.get(`${driverPaths.rides}?per_page=100`)).json() as DriverRidesResponse;
    while (hasNextDriverPage(body)) {
      body = (await ramesh.get(`${driverPaths.rides}?per_page=100&next_page=${body.next_page}`)).json();
    }
    expect(body.data.length).toBeLessThan(100);
    expect(body).not.toHaveProperty('next_page');
    expect(body).not.toHaveProperty('per_page');
  });

  it('filters by status, and every demo driver has 60+ rides of every kind', async () => {
    const { rides } = await pageThrough(ramesh, 'cancelled');
    expect(rides.length).toBeGreaterThan(0);
    expect(rides.every((r) => r.status === 'cancelled')).toBe(true);
    for (const userId of ['u_driver_in', 'u_driver_au', 'u_bike_driver']) {
      const rows = await t.database.db
        .selectFrom('bookings')
        .select(['status', 'cash_involved', 'bill'])
        .where('user_id', '=', userId)
        .execute();
      expect(rows.length, userId).toBeGreaterThanOrEqual(60);
      const statuses = new Set(rows.map((r) => r.status));
      for (const s of ['completed', 'cancelled', 'pending', 'scheduled'])
        expect(statuses, `${userId} ${s}`).toContain(s);
      expect(rows.some((r) => r.cash_involved === 1)).toBe(true);
      expect(rows.some((r) => r.status === 'completed' && r.cash_involved === 0)).toBe(true);
      expect(rows.some((r) => r.bill?.includes('"toll"'))).toBe(true);
    }
  });

  it('every partner ride has its ledger row, and seeding again adds none', async () => {
    const partnerRides = await t.database.db
      .selectFrom('bookings')
      .leftJoin('driver_rides', 'driver_rides.booking_id', 'bookings.id')
      .select(['bookings.id', 'driver_rides.id as ride_id'])
      .where('bookings.audience', '=', 'driver')
      .execute();
    expect(partnerRides.length).toBeGreaterThan(200);
    expect(partnerRides.filter((r) => r.ride_id === null)).toEqual([]);
    const again = await seedDemoData(t.database.db);
    expect(again.driver_rides).toBe(0);
    expect(again.bookings).toBe(0);
  });

  it('anonymous: 401 before the query is even looked at', async () => {
    for (const path of [driverPaths.rides, driverPaths.rideDetails, driverPaths.invoice, driverPaths.profile]) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?per_page=nonsense` });
      expect(res.statusCode, path).toBe(401);
    }
  });

  it('a food-delivery rider cannot list driver bookings: 403 with its message, whatever the query', async () => {
    const s = await signedIn(t.app, sunil);
    for (const url of [`${driverPaths.rides}?per_page=1`, `${driverPaths.rides}?per_page=0`]) {
      const res = await s.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'foodRiderNoBookings', message: messages.foodRiderNoBookings });
    }
  });

  it('a customer has no driver rides: 403 with its message', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const res = await riya.get(`${driverPaths.rides}?per_page=1`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'driverRidesOnly', message: messages.driverRidesOnly });
    expect((await riya.get(driverPaths.profile)).statusCode).toBe(403);
  });

  it('refuses a page size out of range and a made-up cursor (400)', async () => {
    expect((await ramesh.get(`${driverPaths.rides}?per_page=101`)).statusCode).toBe(400);
    expect((await ramesh.get(`${driverPaths.rides}?per_page=0`)).statusCode).toBe(400);
    const bad = await ramesh.get(`${driverPaths.rides}?per_page=2&next_page=${encodeURIComponent("1' or '1'='1")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(messages.pageLinkInvalid);
  });

  it('ride details by CRN: his own ride; jack’s CRN is not found for him', async () => {
    const [mine] = (await ramesh.get(`${driverPaths.rides}?per_page=1`)).json().data as DriverBooking[];
    if (!mine) throw new Error('ramesh has no rides');
    const res = await ramesh.get(`${driverPaths.rideDetails}?crn=${mine.crn}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ crn: mine.crn, id: mine.id, booking_id: mine.booking_id });
    const [jacks] = await driverBookings('u_driver_au');
    const other = await ramesh.get(`${driverPaths.rideDetails}?crn=${jacks?.crn}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('bookingNotFound');
    expect((await ramesh.get(`${driverPaths.rideDetails}?crn=12345`)).statusCode).toBe(400);
  });

  it('ride_detail: the short-ended trip says how far short it ended, with its GPS pings', async () => {
    const res = await ramesh.get(`${driverPaths.rideDetail}?id=dr_ramesh_d01`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.status).toBe('completed');
    expect(d.ended_short_km).toBeGreaterThan(0);
    expect(d.gps_pings).toBeGreaterThan(1);
    expect((await jack.get(`${driverPaths.rideDetail}?id=dr_ramesh_d01`)).statusCode).toBe(404);
  });

  it('the earning statement adds up, for every completed ride of ramesh', async () => {
    const rows = await t.database.db
      .selectFrom('driver_rides')
      .innerJoin('bookings', 'bookings.id', 'driver_rides.booking_id')
      .select(['driver_rides.id', 'bookings.fare', 'bookings.cash_involved', 'bookings.bill', 'driver_rides.incentive'])
      .where('driver_rides.user_id', '=', 'u_driver_in')
      .where('bookings.status', '=', 'completed')
      .execute();
    expect(rows.length).toBeGreaterThan(40);
    let sawCash = false;
    let sawToll = false;
    let sawIncentive = false;
    for (const r of rows) {
      const res = await ramesh.get(`${driverPaths.invoice}?id=${r.id}`);
      expect(res.statusCode, r.id).toBe(200);
      const s = (res.json() as InvoiceResponse).data.statement;
      const toll = r.bill?.includes('"toll"')
        ? ((JSON.parse(r.bill) as { lines: { key: string; amount: number }[] }).lines.find((l) => l.key === 'toll')
            ?.amount ?? 0)
        : 0;
      expect(s.fare).toBe(r.fare);
      expect(s.tolls).toBe(toll);
      expect(s.commission).toBe(Math.round((r.fare - toll) * (DRIVER_COMMISSION_RATE.IN ?? 0)));
      expect(s.incentives).toBe(r.incentive);
      expect(s.net_earnings).toBe(s.fare - s.commission + s.incentives);
      expect(s.cash_collected).toBe(r.cash_involved === 1 ? r.fare : 0);
      expect(s.net_payout).toBe(s.net_earnings - s.cash_collected);
      sawCash ||= r.cash_involved === 1;
      sawToll ||= toll > 0;
      sawIncentive ||= r.incentive > 0;
    }
    expect([sawCash, sawToll, sawIncentive]).toEqual([true, true, true]);
  });

  it('no statement for a ride that earned nothing (409); another driver’s statement is not found', async () => {
    const free = await t.database.db
      .selectFrom('driver_rides')
      .innerJoin('bookings', 'bookings.id', 'driver_rides.booking_id')
      .select('driver_rides.id')
      .where('driver_rides.user_id', '=', 'u_driver_in')
      .where('bookings.fare', '=', 0)
      .executeTakeFirstOrThrow();
    const res = await ramesh.get(`${driverPaths.invoice}?id=${free.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'driverNoStatement', message: messages.driverNoStatement });
    expect((await jack.get(`${driverPaths.invoice}?id=dr_ramesh_d02`)).statusCode).toBe(404);
    expect((await ramesh.get(`${driverPaths.invoice}?id=bk_ramesh_d02`)).statusCode).toBe(400);
  });

  it('the statement as a PDF: a download of the same statement (its language and text: driver-statement-pdf.test.ts)', async () => {
    const json = (await ramesh.get(`${driverPaths.invoice}?id=dr_ramesh_d02`)).json() as InvoiceResponse;
    const res = await ramesh.get(`${driverPaths.invoice}?id=dr_ramesh_d02&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`earning-statement-${json.data.crn}.pdf`);
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('/FontFile2');
    // The cross-reference table points at each object.
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(8);
    for (const [i, o] of offsets.entries()) {
      expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    }
  });

  it('the driver profile: the spec’s fields and the index the driver home reads', async () => {
    const res = await ramesh.get(driverPaths.profile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'SUCCESS',
      locale: 'hi',
      country_code: 'IN',
      partner_type: 'driver',
      mobile: '+919741203388',
      dialing_code: '+91',
      dialing_number: '9741203388',
      name: 'Ramesh Yadav',
      email: accounts.driverIn,
      current_car_category: 'prime',
      is_fp_rider: false,
      article_index: 'driver_in_hi',
    });
    expect((await jack.get(driverPaths.profile)).json()).toMatchObject({
      country_code: 'AU',
      dialing_code: '+61',
      current_car_category: 'sedan',
      article_index: 'driver_au_en',
    });
    const v = await signedIn(t.app, vikram);
    expect((await v.get(driverPaths.profile)).json()).toMatchObject({
      partner_type: 'bike',
      current_car_category: 'bike',
    });
    const s = await signedIn(t.app, sunil);
    expect((await s.get(driverPaths.profile)).json()).toMatchObject({
      partner_type: 'fp_rider',
      is_fp_rider: true,
      article_index: 'fp_rider_in',
    });
  });

  it('search_tickets?tag=driver lists a driver’s own tickets, and none of another driver’s', async () => {
    const mine = (await ramesh.get(`${ticketPaths.search}?tag=driver&status=all`)).json() as SearchTicketsResponse;
    const subjects = [...mine.open, ...mine.closed].map((x) => x.subject);
    expect(subjects).toContain('Weekend incentive not credited');
    const open = (await ramesh.get(`${ticketPaths.search}?tag=driver&status=open`)).json() as SearchTicketsResponse;
    expect(open.closed).toEqual([]);
    expect(open.open.map((x) => x.subject)).toContain('Weekend incentive not credited');
    const theirs = (await jack.get(`${ticketPaths.search}?tag=driver`)).json() as SearchTicketsResponse;
    expect([...theirs.open, ...theirs.closed].map((x) => x.subject)).not.toContain('Weekend incentive not credited');
  });
});
