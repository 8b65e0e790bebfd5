import {
  bookingPaths,
  customerBookingSchema,
  isValidCrn,
  kbPaths,
  mayListBookings,
  messages,
  orderPaths,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  createTestApp,
  fixtureKb,
  signedIn,
  signedInAsUser,
  type TestApp,
  TestClient,
  testDatabases,
} from './helpers.ts';

type Booking = { id: string; crn: string; date_entered_timestamp: number; context: string; status: string };

describe.each(testDatabases)('bookings [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = (c: TestClient, no: number, key?: string | null) =>
    c.get(`${bookingPaths.list}?page_no=${no}${key ? `&page_key=${encodeURIComponent(key)}` : ''}`);

  it('pages newest first, 25 at a time, and stops at page 10', async () => {
    const seen: Booking[] = [];
    let key: string | null = null;
    for (let no = 1; no <= 10; no++) {
      const res = await page(riya, no, key);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.data);
      expect(body.data).toHaveLength(25);
      expect(body.next_page).toBe(no < 10);
      key = body.page_key;
      if (no === 10) expect(key).toBeNull();
    }
    expect(new Set(seen.map((b) => b.id)).size).toBe(250);
    const times = seen.map((b) => b.date_entered_timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen.every((b) => isValidCrn(b.crn))).toBe(true);
    expect((await page(riya, 11, 'x')).statusCode).toBe(400);
  });

  it('refuses forged, edited, misplaced and other users’ page keys', async () => {
    const first = (await page(riya, 1)).json();
    const key: string = first.page_key;
    const [body, sig] = key.split('.');
    const decoded = JSON.parse(Buffer.from(body as string, 'base64url').toString());
    const edited = `${Buffer.from(JSON.stringify({ ...decoded, cursor: { t: 9e15, i: 'zzz' } })).toString('base64url')}.${sig}`;
    const asArjun = `${Buffer.from(JSON.stringify({ ...decoded, user: 'u_member_paid' })).toString('base64url')}.${sig}`;
    for (const [c, no, k] of [
      [riya, 2, 'forged'],
      [riya, 2, edited],
      [riya, 2, asArjun],
      [riya, 3, key],
      [arjun, 2, key],
      [riya, 2, undefined],
    ] as const) {
      const res = await page(c, no, k);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe('FAILURE');
    }
    expect((await page(riya, 2, key)).statusCode).toBe(200);
  });

  it('never shows one user another user’s booking, by id or CRN', async () => {
    const mine = (await page(riya, 1)).json().data[0] as Booking;
    expect((await riya.get(`${bookingPaths.getByCrn}?ref_no=${mine.crn}`)).json().data.id).toBe(mine.id);
    expect((await riya.get(`${bookingPaths.details}?id=${mine.id}`)).json()).toMatchObject({
      status: 'SUCCESS',
      city: 'Bengaluru',
    });
    for (const url of [`${bookingPaths.getByCrn}?ref_no=${mine.crn}`, `${bookingPaths.details}?id=${mine.id}`]) {
      const res = await arjun.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(messages.bookingNotFound);
    }
    const arjunsPages = (await page(arjun, 1)).json().data as Booking[];
    expect(arjunsPages.some((b) => b.id === mine.id)).toBe(false);
  });

  it('checks the CRN before looking it up', async () => {
    const res = await riya.get(`${bookingPaths.getByCrn}?ref_no=1234567890`);
    expect(res.statusCode).toBe(isValidCrn('1234567890') ? 404 : 400);
    expect((await riya.get(`${bookingPaths.getByCrn}?ref_no=12ab`)).statusCode).toBe(400);
  });

  it('needs a signed-in user, and keeps food-delivery riders out of every booking list with a permanent 403', async () => {
    expect((await new TestClient(t.app).get(bookingPaths.list)).statusCode).toBe(401);
    const sunil = new TestClient(t.app);
    await sunil.signInAs('sunil.rider@example.in');
    for (const url of [
      bookingPaths.list,
      `${bookingPaths.list}?status=completed`,
      `${bookingPaths.byArticle}?article_id=21`,
      `${bookingPaths.byType}?article_id=21`,
    ]) {
      const res = await sunil.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        status: 'FAILURE',
        error: { code: 'foodRiderNoBookings', message: messages.foodRiderNoBookings },
      });
    }
    expect(mayListBookings('food_delivery_rider')).toBe(false);
  });

  it('answers the customer booking fields of core.md §3, user_id and the rider’s e-mail included', async () => {
    const first = (await page(riya, 1)).json().data[0];
    expect(customerBookingSchema.strict().parse(first)).toBeTruthy();
    expect(first.user_id).toBe('u_customer_in');
    expect(first.customer_address_details).toEqual({ customer_details: { email: accounts.customer } });
    const byCrn = (await riya.get(`${bookingPaths.getByCrn}?ref_no=${first.crn}`)).json().data;
    expect(byCrn).toMatchObject({ user_id: 'u_customer_in', customer_address_details: first.customer_address_details });
    const details = (await riya.get(`${bookingPaths.details}?id=${first.id}`)).json();
    expect(details.data).toEqual(byCrn);
    // A partner's trip names the partner as its user and carries no rider e-mail.
    const ramesh = await signedIn(t.app, accounts.driverIn);
    const trip = (await page(ramesh, 1)).json().data[0];
    expect(trip).toMatchObject({
      user_id: 'u_driver_in',
      customer_address_details: { customer_details: { email: null } },
    });
  });

  it('filters the list by status, with page keys bound to the filter', async () => {
    const first = (await riya.get(`${bookingPaths.list}?status=completed`)).json();
    expect(first.data).toHaveLength(25);
    expect(first.data.every((b: Booking) => b.status === 'completed')).toBe(true);
    const key = encodeURIComponent(first.page_key);
    const second = await riya.get(`${bookingPaths.list}?status=completed&page_no=2&page_key=${key}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.every((b: Booking) => b.status === 'completed')).toBe(true);
    expect((await riya.get(`${bookingPaths.list}?page_no=2&page_key=${key}`)).statusCode).toBe(400);
    expect((await riya.get(`${bookingPaths.list}?status=cancelled&page_no=2&page_key=${key}`)).statusCode).toBe(400);
    expect((await riya.get(`${bookingPaths.list}?status=lost`)).statusCode).toBe(400);
  });

  it.each([
    ['lat=12.9716&lng=77.5946', 200, 'Bengaluru'],
    ['lat=-33.87&lng=151.21', 200, 'Sydney'],
    ['lat=0&lng=0', 404, null],
    ['lat=abc&lng=77.5', 400, null],
    ['lat=12.9,77.5&lng=1', 400, null],
    ['lat=95&lng=77.5', 400, null],
    ['lng=77.5', 400, null],
  ])('get_city %s → %s', async (query, status, city) => {
    const res = await new TestClient(t.app).get(`${bookingPaths.getCity}?${query}`);
    expect(res.statusCode).toBe(status);
    if (city) expect(res.json()).toMatchObject({ city, std_code: expect.any(String), cc_number: expect.any(String) });
    else expect(res.json().error.message).toBeTruthy();
  });

  it('lists the bookings an article is about: bookings_by_article as core.md §7, bookings-by-type as guided-flows.md §7', async () => {
    // Article 41 sits in the rides_Cancelled_Charged category of the fixture knowledge base.
    const res = await riya.get(`${bookingPaths.byArticle}?article_id=41`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'next_page', 'page_key', 'status']);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((b: Booking) => b.context === 'rides_Cancelled_Charged')).toBe(true);
    expect(body).toMatchObject({ status: 'SUCCESS', next_page: false, page_key: null });

    const all = (await riya.get(`${bookingPaths.byArticle}?article_id=21`)).json();
    expect(all.data).toHaveLength(25);
    expect(all.next_page).toBe(true);
    expect(all.page_key).toBeTruthy();
    const next = await riya.get(
      `${bookingPaths.byArticle}?article_id=21&page_no=2&page_key=${encodeURIComponent(all.page_key)}`,
    );
    expect(next.statusCode).toBe(200);
    expect(next.json().data[0].id).not.toBe(all.data[0].id);
    const wrongList = await riya.get(
      `${bookingPaths.byArticle}?article_id=41&page_no=2&page_key=${encodeURIComponent(all.page_key)}`,
    );
    expect(wrongList.statusCode).toBe(400);

    // The same bookings in the by-type shape: status, bookings, page_no, page_key.
    const byType = (await riya.get(`${bookingPaths.byType}?article_id=21&index=customer`)).json();
    expect(Object.keys(byType).sort()).toEqual(['bookings', 'page_key', 'page_no', 'status']);
    expect(byType).toMatchObject({ status: 'SUCCESS', page_no: 1 });
    expect(byType.bookings.map((b: Booking) => b.id)).toEqual(all.data.map((b: Booking) => b.id));
    const byType2 = (
      await riya.get(`${bookingPaths.byType}?article_id=21&page_no=2&page_key=${encodeURIComponent(byType.page_key)}`)
    ).json();
    expect(byType2.page_no).toBe(2);
    expect(byType2.bookings.map((b: Booking) => b.id)).toEqual(next.json().data.map((b: Booking) => b.id));
    const fee = (await riya.get(`${bookingPaths.byType}?article_id=41`)).json();
    expect(fee.page_key).toBeNull();
    expect(fee.bookings.map((b: Booking) => b.id)).toEqual(body.data.map((b: Booking) => b.id));
  });

  it('answers order context for the user’s own orders only, in the marketplace metas and for parcels', async () => {
    const orders = (await riya.get(orderPaths.list)).json().data as { order_id: string; order_type: string }[];
    const kinds = new Set(orders.map((o) => o.order_type));
    expect([...kinds].sort()).toEqual(['fashion_electronics', 'giftcard', 'grocery', 'ondc', 'parcel']);
    const ondc = orders.find((o) => o.order_type === 'ondc') as { order_id: string };
    const meta = await riya.get(`${kbPaths.metaVariant('ondc')}?order_id=${ondc.order_id}`);
    expect(meta.statusCode).toBe(200);
    expect(meta.json().order).toMatchObject({
      order_id: ondc.order_id,
      order_type: 'ondc',
      customer_details: { user_id: 'u_customer_in' },
    });
    expect((await riya.get(`${kbPaths.metaVariant('grocery')}?order_id=${ondc.order_id}`)).statusCode).toBe(404);
    expect((await arjun.get(`${kbPaths.metaVariant('ondc')}?order_id=${ondc.order_id}`)).statusCode).toBe(404);
    const parcel = orders.find((o) => o.order_type === 'parcel') as { order_id: string };
    expect((await riya.get(`${orderPaths.context}?order_id=${parcel.order_id}`)).json().data.order_type).toBe('parcel');
    expect((await arjun.get(`${orderPaths.context}?order_id=${parcel.order_id}`)).statusCode).toBe(404);
    const noDetails = await t.database.db
      .selectFrom('orders')
      .select(['id', 'user_id'])
      .where('customer_name', 'is', null)
      .executeTakeFirstOrThrow();
    const owner = await signedInAsUser(t, noDetails.user_id);
    const ctx = (await owner.get(`${orderPaths.context}?order_id=${noDetails.id}`)).json().data;
    expect(ctx.customer_details).toMatchObject({ name: null, contact: null, email: null });
  });
});
