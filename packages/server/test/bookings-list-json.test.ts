import { BOOKINGS_PAGE_SIZE, bookingListResponseSchema, bookingPaths } from '@selfserve/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBookings } from '../src/modules/bookings/repo.ts';
import { toCustomerBooking } from '../src/modules/bookings/service.ts';
import { compile } from '../src/plugins/serializer.ts';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

// The bookings list's entries are written as JSON by the database and the service (bookings/repo.ts
// listBookingPage, service.ts entryJson) instead of being read into objects and serialised. These check that every
// page is byte for byte what the response schema's serialiser writes for toCustomerBooking's objects, on SQLite and
// PostgreSQL, with text that needs escaping, numbers that are not integers, nulls and every flag.

const writeList = compile(bookingListResponseSchema) as (data: unknown) => string;

const awkward = [
  'quote " and backslash \\ and slash /',
  'tab\tnewline\ncarriage\rform\fback\b',
  'controls \u0001\u001f\u007f',
  'Ünïcødé ₹ 😀 ৳ — “quotes” \u2028\u2029',
  '',
];

describe.each(testDatabases)('bookings list written as JSON [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Arjun's rides, each with awkward values (copies of one of his seeded rides).
    const db = t.database.db;
    const template = await db
      .selectFrom('bookings')
      .selectAll()
      .where('user_id', '=', 'u_member_paid')
      .executeTakeFirstOrThrow();
    const fares = [0, 0.1 + 0.2, 12.5, 1234.56, 99999999.99, 1e-7, 30.299999999999997, 7];
    const statuses = ['completed', 'cancelled', 'Cancelled', 'in progress', 'requested', 'booked'];
    const countries = ['IN', 'GB', 'AE', 'BD', 'XX', 'AU'];
    for (let i = 0; i < 60; i++) {
      const text = awkward[i % awkward.length] as string;
      await db
        .insertInto('bookings')
        .values({
          ...template,
          id: `bk_json_${i}`,
          crn: String(880_000_000 + i * 7 + (dialect === 'postgres' ? 3 : 0)),
          osn: i % 3 === 0 ? null : `osn ${text}`,
          status: statuses[i % statuses.length] as string,
          sub_status: i % 4 === 0 ? 'allotment_pending' : i % 4 === 1 ? null : text,
          vehicle_category: i % 2 ? null : text,
          fare: fares[i % fares.length] as number,
          currency_country: countries[i % countries.length] as string,
          rtf_status: i % 5 === 0 ? text : null,
          city: `city ${text}`,
          saas_ride: i % 2,
          service_city: text,
          krutrim_chat: (i + 1) % 2,
          pickup_date: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
          // Some rides at the same moment (the cursor's tie on the id).
          date_entered_timestamp: Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000,
          pickup_location: `from ${text}`,
          drop_location: `to ${text}`,
          driver_image_url: i % 3 === 1 ? null : `https://x.example/${i}?a="b"`,
          map_img_url: i % 3 === 2 ? null : text,
          clickable: i % 3 === 0 ? 0 : 1,
          display_car_name: i % 4 === 2 ? null : text,
          priority_support_image_visible: i % 2,
          customer_email: i % 5 === 4 ? null : `a${i}@example.in`,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every page of a list, each body checked against the serialiser's writing of toCustomerBooking's objects. */
  async function checkAllPages(c: TestClient, userId: string, audience: 'customer' | 'driver', status?: string) {
    const expected = (await listBookings(t.database.db, userId, audience, null, 1000, status)).map(toCustomerBooking);
    let key: string | null = null;
    let no = 1;
    let seen = 0;
    for (;;) {
      const query: string = `?page_no=${no}${status ? `&status=${status}` : ''}${key ? `&page_key=${encodeURIComponent(key)}` : ''}`;
      const res = await c.get(`${bookingPaths.list}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      const answer = bookingListResponseSchema.parse(JSON.parse(res.body));
      const data = expected.slice((no - 1) * BOOKINGS_PAGE_SIZE, no * BOOKINGS_PAGE_SIZE);
      expect(res.body).toBe(
        writeList({ status: 'SUCCESS', data, next_page: answer.page_key !== null, page_key: answer.page_key }),
      );
      seen += answer.data.length;
      key = answer.page_key;
      if (!key) break;
      no += 1;
    }
    return seen;
  }

  it("answers every page as the serialiser writes toCustomerBooking's entries, awkward values included", async () => {
    const arjun = await signedIn(t.app, accounts.paidMember);
    expect(await checkAllPages(arjun, 'u_member_paid', 'customer')).toBeGreaterThan(60);
    expect(await checkAllPages(arjun, 'u_member_paid', 'customer', 'cancelled')).toBeGreaterThan(0);
    expect(await checkAllPages(arjun, 'u_member_paid', 'customer', 'in progress')).toBeGreaterThan(0);
    const riya = await signedIn(t.app, accounts.customer);
    expect(await checkAllPages(riya, 'u_customer_in', 'customer')).toBe(250);
    expect(await checkAllPages(riya, 'u_customer_in', 'customer', 'completed')).toBeGreaterThan(25);
    const ramesh = await signedIn(t.app, accounts.driverIn);
    expect(await checkAllPages(ramesh, 'u_driver_in', 'driver')).toBeGreaterThan(0);
  });

  it('shows a change to a row at once, whoever wrote it (the stored entry is rewritten by the database)', async () => {
    // Plain SQL, as erasure, a flow or an operator would write: no code of the bookings module runs.
    const db = t.database.db;
    await sql`update bookings set status = 'cancelled', sub_status = ${awkward[0]}, fare = 42.5, clickable = 0,
      customer_email = null, display_car_name = ${awkward[3]} where id in ('bk_json_1', 'bk_json_2')`.execute(db);
    await sql`update bookings set city = ${awkward[1]}, saas_ride = 1 - saas_ride where user_id = 'u_member_paid'`.execute(
      db,
    );
    const arjun = await signedIn(t.app, accounts.paidMember);
    expect(await checkAllPages(arjun, 'u_member_paid', 'customer')).toBeGreaterThan(60);
    const page = JSON.parse((await arjun.get(`${bookingPaths.list}?page_no=1&status=cancelled`)).body);
    const changed = page.data.find((b: { id: string }) => b.id === 'bk_json_1');
    expect(changed).toMatchObject({ fare: 42.5, clickable: false, display_car_name: awkward[3], city: awkward[1] });
  });

  it('keeps validating the query and answering 4xx', async () => {
    const arjun = await signedIn(t.app, accounts.paidMember);
    expect((await arjun.get(`${bookingPaths.list}?page_no=0`)).statusCode).toBe(400);
    expect((await arjun.get(`${bookingPaths.list}?page_no=x`)).statusCode).toBe(400);
    expect((await arjun.get(`${bookingPaths.list}?page_no=2`)).statusCode).toBe(400);
    expect((await arjun.get(`${bookingPaths.list}?page_no=2&page_key=abc.def`)).statusCode).toBe(400);
  });
});
