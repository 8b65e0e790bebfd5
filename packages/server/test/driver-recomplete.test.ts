import {
  type Bill,
  DRIVER_COMMISSION_RATE,
  driverPaths,
  type InvoiceResponse,
  messages,
  type OneTouchResponse,
  oneTouchPaths,
  type PreRecompleteCheck,
  RECOMPLETE_ARTICLES,
  type RecompleteToken,
  recompletePaths,
} from '@selfserve/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/index.ts';
import { hmac } from '../src/lib/crypto.ts';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

// The recompute of a trip ended short of its drop (issue 18 item 4; docs/driver.md "Recomplete").

const ARTICLE = RECOMPLETE_ARTICLES.driver_in_hi_trip as string;
const JACK_ARTICLE = RECOMPLETE_ARTICLES.driver_au_en_trip as string;
const SHORT = 'bk_ramesh_d01';

describe.each(testDatabases)('driver recompute [%s]', (dialect) => {
  let t: TestApp;
  let ramesh: TestClient;
  let jack: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: testConfig().kbContentDir });
    ramesh = await signedIn(t.app, accounts.driverIn);
    jack = await signedIn(t.app, accounts.driverAu);
  });
  afterAll(async () => {
    await t?.close();
  });

  const booking = (id: string) =>
    t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ledger = (bookingId: string) =>
    t.database.db.selectFrom('driver_rides').selectAll().where('booking_id', '=', bookingId).executeTakeFirstOrThrow();

  async function tokenFor(client: TestClient, bookingId: string): Promise<string> {
    const res = await client.post(recompletePaths.token, { booking_id: bookingId });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RecompleteToken).token;
  }
  const submit = (client: TestClient, bookingId: string, params: Record<string, unknown> | null, article = ARTICLE) =>
    client.post(oneTouchPaths.submitV3, {
      article_id: article,
      call_type: 'ldt_recomplete',
      booking_id: bookingId,
      ...(params ? { params } : {}),
    });

  it('answers the pre-check with the spec’s two switches and what the trip’s record says', async () => {
    const res = await ramesh.get(`${recompletePaths.preCheck}?booking_id=${SHORT}`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as PreRecompleteCheck;
    expect(c).toMatchObject({
      status: 'SUCCESS',
      customer_recomplete_check_enabled: true,
      is_ping_confidence_check_enabled: true,
      booking_id: SHORT,
      ride_id: 'dr_ramesh_d01',
      ended_short_km: 4.6,
      outcome: 'recompute',
      reason: null,
      recomputed: null,
    });
    expect(c.gps_pings).toBeGreaterThanOrEqual(8);
  });

  it('refuses anonymous callers (401), customers and food-delivery riders (403) and another driver’s trip (404)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${recompletePaths.preCheck}?booking_id=${SHORT}` });
    expect(anonymous.statusCode).toBe(401);
    const anonToken = await t.app.inject({
      method: 'POST',
      url: recompletePaths.token,
      payload: { booking_id: SHORT },
    });
    expect(anonToken.statusCode).toBe(401);
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.get(`${recompletePaths.preCheck}?booking_id=${SHORT}`)).statusCode).toBe(403);
    const sunil = await signedIn(t.app, 'sunil.rider@example.in');
    const refused = await sunil.post(recompletePaths.token, { booking_id: SHORT });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.foodRiderNoBookings);
    expect((await jack.get(`${recompletePaths.preCheck}?booking_id=${SHORT}`)).statusCode).toBe(404);
    expect((await jack.post(recompletePaths.token, { booking_id: SHORT })).statusCode).toBe(404);
    // jack's submit about ramesh's trip: the submit route finds no booking of his
    const token = await tokenFor(ramesh, SHORT);
    expect((await submit(jack, SHORT, { token }, JACK_ARTICLE)).statusCode).toBe(404);
    // a bad booking id is 400 after the role
    expect((await ramesh.get(`${recompletePaths.preCheck}?booking_id=a%20b`)).statusCode).toBe(400);
  });

  it('refuses a submit without a token, with a forged one, an expired one, or one for another trip', async () => {
    const missing = await submit(ramesh, SHORT, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(messages.recompleteTokenMissing);

    const claims = { bkg: SHORT, ride: 'dr_ramesh_d01' };
    const sign = (key: string, exp: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('selfserve')
        .setAudience('selfserve:recomplete')
        .setSubject('u_driver_in')
        .setJti('forged-0001')
        .setIssuedAt(exp - 600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    const now = Math.floor(Date.now() / 1000);
    const realKey = hmac(testConfig().sessionSecret, 'recomplete-jwt');
    const forged = await sign('not-the-server-key-not-the-server-key', now + 600);
    const expired = await sign(realKey, now - 60);
    const otherTrip = await tokenFor(ramesh, 'bk_ramesh_d02');
    for (const token of [forged, expired, otherTrip, 'x'.repeat(40)]) {
      const res = await submit(ramesh, SHORT, { token });
      expect(res.statusCode, token).toBe(403);
      expect(res.json().error.message).toBe(messages.recompleteTokenInvalid);
    }
  });

  it('recomputes the short trip once: new bill, fare and commission, the statement shows them; a retry answers the same, a second attempt is refused', async () => {
    const before = await booking(SHORT);
    const beforeBill = JSON.parse(before.bill ?? '') as Bill;
    const token = await tokenFor(ramesh, SHORT);
    const res = await submit(ramesh, SHORT, { token });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as OneTouchResponse;
    expect(r.status).toBe('SUCCESS');
    expect(r.code).toBe('recompleteDone');
    expect(r.title).toBe(messages.recompleteDoneTitle);

    const after = await booking(SHORT);
    const bill = JSON.parse(after.bill ?? '') as Bill;
    expect(after.fare).toBeGreaterThan(before.fare);
    expect(bill.total).toBe(after.fare);
    expect(bill.distance_km).toBeCloseTo((beforeBill.distance_km ?? 0) + 4.6, 5);
    expect(bill.lines.reduce((s, l) => s + l.amount, 0)).toBe(after.fare);
    expect(r.bill?.total).toBe(after.fare);
    const row = await ledger(SHORT);
    expect(row.commission).toBe(Math.round(after.fare * (DRIVER_COMMISSION_RATE.IN ?? 0)));

    const statement = await ramesh.get(`${driverPaths.invoice}?id=dr_ramesh_d01`);
    const s = (statement.json() as InvoiceResponse).data.statement;
    expect(s.fare).toBe(after.fare);
    expect(s.commission).toBe(row.commission);

    // A retry of the same submit (same token): the same answer, nothing recomputed again.
    const retry = await submit(ramesh, SHORT, { token });
    expect(retry.json()).toMatchObject({ status: 'SUCCESS', code: 'recompleteDone', message: r.message });
    expect((await booking(SHORT)).fare).toBe(after.fare);

    // A new attempt: refused with a clear message.
    const again = await submit(ramesh, SHORT, { token: await tokenFor(ramesh, SHORT) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'FAILURE', code: 'recompleteAlready' });
    expect((await booking(SHORT)).fare).toBe(after.fare);
    const recomputes = await t.database.db
      .selectFrom('driver_recompletes')
      .selectAll()
      .where('driver_ride_id', '=', 'dr_ramesh_d01')
      .execute();
    expect(recomputes).toHaveLength(1);
    expect(recomputes[0]?.previous_fare).toBe(before.fare);

    // The demo seed runs again at every start: it leaves a recomputed trip as it is.
    await seedDemoData(t.database.db);
    expect((await booking(SHORT)).fare).toBe(after.fare);
    expect((await ledger(SHORT)).commission).toBe(row.commission);

    const check = (await ramesh.get(`${recompletePaths.preCheck}?booking_id=${SHORT}`)).json() as PreRecompleteCheck;
    expect(check.outcome).toBe('done');
    expect(check.recomputed).toMatchObject({ previous_fare: before.fare, fare: after.fare });
  });

  it('two submits at once recompute once', async () => {
    const [a, b] = [await tokenFor(jack, 'bk_jack_d01'), await tokenFor(jack, 'bk_jack_d01')];
    const answers = await Promise.all([
      submit(jack, 'bk_jack_d01', { token: a }, JACK_ARTICLE),
      submit(jack, 'bk_jack_d01', { token: b }, JACK_ARTICLE),
    ]);
    const codes = answers.map((res) => (res.json() as OneTouchResponse).code).sort();
    expect(codes).toEqual(['recompleteAlready', 'recompleteDone']);
    const rows = await t.database.db
      .selectFrom('driver_recompletes')
      .select('id')
      .where('user_id', '=', 'u_driver_au')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a trip that was not ended short becomes a ticket, and so does one whose pings stop where it was ended', async () => {
    const fullTrip = 'bk_ramesh_d02';
    const before = await booking(fullTrip);
    const check = (await ramesh.get(`${recompletePaths.preCheck}?booking_id=${fullTrip}`)).json() as PreRecompleteCheck;
    expect(check).toMatchObject({ outcome: 'ticket', reason: 'not_short' });
    const res = await submit(ramesh, fullTrip, { token: await tokenFor(ramesh, fullTrip) });
    const r = res.json() as OneTouchResponse;
    expect(r).toMatchObject({ status: 'SUCCESS', code: 'recompleteTicketNotShort' });
    expect(r.ticket_request_id).toBeTruthy();
    expect((await booking(fullTrip)).fare).toBe(before.fare);
    // the same request again: the open ticket
    const again = (await submit(ramesh, fullTrip, { token: await tokenFor(ramesh, fullTrip) })).json();
    expect(again).toMatchObject({ status: 'NOIMAGE', ticket_request_id: r.ticket_request_id });

    // vikram's short trip, with its pings cut off where the app ended it: not proven.
    const vikram = await signedIn(t.app, 'vikram.bike@example.in');
    const row = await ledger('bk_vikram_d01');
    const pings = JSON.parse(row.gps_pings ?? '[]') as number[][];
    await t.database.db
      .updateTable('driver_rides')
      .set({ gps_pings: JSON.stringify(pings.slice(0, Math.ceil(pings.length * 0.7))) })
      .where('id', '=', row.id)
      .execute();
    const cut = (await vikram.get(`${recompletePaths.preCheck}?booking_id=bk_vikram_d01`)).json() as PreRecompleteCheck;
    expect(cut).toMatchObject({ outcome: 'ticket', reason: 'not_at_drop' });
    const vikramArticle = RECOMPLETE_ARTICLES.driver_in_en_trip as string;
    const ticket = (
      await submit(vikram, 'bk_vikram_d01', { token: await tokenFor(vikram, 'bk_vikram_d01') }, vikramArticle)
    ).json() as OneTouchResponse;
    expect(ticket).toMatchObject({ status: 'SUCCESS', code: 'recompleteTicketNoProof' });
    expect(
      await t.database.db
        .selectFrom('driver_recompletes')
        .select('id')
        .where('user_id', '=', 'u_bike_driver')
        .execute(),
    ).toHaveLength(0);
  });

  it('a demo database seeded before the recompute gets the short trips’ story once (backfill)', async () => {
    // vikram's trip as a database from before migration 0036 had it: no drop point, no pings, another fare.
    const id = 'bk_vikram_d01';
    const now = await booking(id);
    const row = await ledger(id);
    await t.database.db.deleteFrom('driver_recompletes').where('booking_id', '=', id).execute();
    await t.database.db
      .updateTable('driver_rides')
      .set({ drop_lat: null, drop_lng: null, gps_pings: null })
      .where('id', '=', row.id)
      .execute();
    await t.database.db
      .updateTable('bookings')
      .set({ fare: now.fare + 50 })
      .where('id', '=', id)
      .execute();
    await seedDemoData(t.database.db);
    const back = await ledger(id);
    expect(back.drop_lat).not.toBeNull();
    expect(back.gps_pings).not.toBeNull();
    expect((await booking(id)).fare).toBeLessThan(now.fare + 50);
  });
});
