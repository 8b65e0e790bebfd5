import path from 'node:path';
import {
  bdAddressHref,
  cabAttachmentPaths,
  DRIVER_DETAILS_WINDOW_HOURS,
  driverCallPaths,
  IDEMPOTENCY_HEADER,
  messages,
  oneTouchPaths,
  TELEPHONY_SECRET_HEADER,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const kb = path.resolve(import.meta.dirname, '../../../content/kb');
const LOST_ITEM_ARTICLE = '100501';
const ATTACH_CAR_ARTICLE = '100606';
const HOUR = 3600_000;

describe.each(testDatabases)('driver details and the call to the driver [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb });
  });
  afterAll(async () => {
    await t?.close();
  });

  const ride = (id: string) =>
    t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ask = (client: Awaited<ReturnType<typeof signedIn>>, bookingId: string, reason = 'show_driver_details') =>
    client.post(oneTouchPaths.submitV1, {
      article_id: LOST_ITEM_ARTICLE,
      call_type: 'cab_belonging',
      reason_submitted: reason,
      booking_id: bookingId,
      message: 'Show driver details',
      source: 'desktop',
    });

  it('shows the driver and car of an ongoing ride, never the phone', async () => {
    const arjun = await signedIn(t.app, accounts.paidMember);
    const booking = await ride('bk_arjun_001');
    expect(booking.status).toBe('ongoing');
    const res = await ask(arjun, booking.id);
    expect(res.statusCode).toBe(200);
    const [first, ...rest] = (booking.driver_name ?? '').split(' ');
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      title: messages.driverDetailsTitle,
      driver_first_name: first,
      driver_last_name: rest.join(' '),
      car_model: booking.car_model,
      car_number: booking.car_number,
    });
    expect(booking.car_model).toBeTruthy();
    expect(booking.driver_phone).toBeTruthy();
    expect(res.body).not.toContain(booking.driver_phone?.slice(-8));
    expect(res.json()).not.toHaveProperty('driver_phone');
  });

  it('shows a completed ride within the window and refuses one past it (FAILURE)', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const [recent, old] = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'driver_name'])
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .where('driver_name', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();
    if (!recent || !old) throw new Error('riya has no completed rides');
    const stop = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
    await t.database.db
      .updateTable('bookings')
      .set({ stop_at: stop(1) })
      .where('id', '=', recent.id)
      .execute();
    await t.database.db
      .updateTable('bookings')
      .set({ stop_at: stop(DRIVER_DETAILS_WINDOW_HOURS + 1) })
      .where('id', '=', old.id)
      .execute();
    expect((await ask(riya, recent.id)).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await ask(riya, old.id)).json()).toMatchObject({
      status: 'FAILURE',
      title: messages.driverDetailsUnavailableTitle,
      message: `Driver details are shown during a ride and for ${DRIVER_DETAILS_WINDOW_HOURS} hours after it ends.`,
    });
  });

  it("refuses someone else's ride (404) and any other reason (400)", async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const res = await ask(riya, 'bk_arjun_001');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.bookingNotFound);
    const arjun = await signedIn(t.app, accounts.paidMember);
    const other = await ask(arjun, 'bk_arjun_001', 'lost_my_phone');
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ code: 'driverDetailsOnly', message: messages.driverDetailsOnly });
  });

  it('calls the driver through the telephony simulator, masked, once while the call is on', async () => {
    const meera = await signedIn(t.app, accounts.trialMember);
    const started = await meera.post(driverCallPaths.callDriver, { booking_id: 'bk_meera_001' });
    expect(started.statusCode).toBe(200);
    const { call_id: callId } = started.json();
    expect(started.json()).toMatchObject({ state: 'calling', code: 'driverCallStarted' });
    const booking = await ride('bk_meera_001');
    expect(started.body).not.toContain(booking.driver_phone?.slice(-8));
    // The simulator reports through the provider's authenticated callback (delay 0 in tests).
    let state = 'calling';
    for (let i = 0; i < 50 && state === 'calling'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = (await meera.get(`${driverCallPaths.callStatus}?call_id=${callId}`)).json().state;
    }
    expect(state).toBe('connected');
    const calls = await t.database.db
      .selectFrom('driver_calls')
      .selectAll()
      .where('booking_id', '=', 'bk_meera_001')
      .execute();
    expect(calls).toHaveLength(1);
    // Someone else's call or ride: not found.
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.get(`${driverCallPaths.callStatus}?call_id=${callId}`)).statusCode).toBe(404);
    expect((await riya.post(driverCallPaths.callDriver, { booking_id: 'bk_meera_001' })).statusCode).toBe(404);
  });

  it('takes the provider report only with the shared secret, and only once', async () => {
    const report = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: driverCallPaths.callResult,
        payload: { request_id: 'dc_missing', connected: true },
        headers,
      });
    expect((await report({})).statusCode).toBe(403);
    expect((await report({ [TELEPHONY_SECRET_HEADER]: testConfig().telephonySecret })).statusCode).toBe(404);
  });
});

describe.each(testDatabases)('attach your car and /bd_address [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb });
  });
  afterAll(async () => {
    await t?.close();
  });

  const submit = (client: Awaited<ReturnType<typeof signedIn>>, fields: Record<string, unknown>, key?: string) =>
    client.post(
      oneTouchPaths.submitV1,
      { article_id: ATTACH_CAR_ARTICLE, call_type: 'cab_attachment_customer', index_name: 'customer', ...fields },
      key ? { [IDEMPOTENCY_HEADER]: key } : {},
    );

  it('a served city: SUCCESS leading to its offices, one lead however often it is sent', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    for (let i = 0; i < 2; i++) {
      const res = await submit(riya, { reason_submitted: 'Pune', city: 'city_pune' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'SUCCESS',
        title: messages.cabLeadTitle,
        message: 'Visit one of our partner onboarding centres in Pune with your original documents.',
        side_load: { city: 'city_pune', redirect_to: bdAddressHref('city_pune') },
      });
    }
    const leads = await t.database.db
      .selectFrom('cab_attachment_leads')
      .selectAll()
      .where('user_id', '=', 'u_customer_in')
      .execute();
    expect(leads.map((l) => l.city_id)).toEqual(['city_pune']);
  });

  it('no city and a valid mobile: one call-back ticket, a retry the same', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const first = await submit(riya, { reason_submitted: '', phone_number: '9876543210' }, 'cab-callback-1');
    expect(first.json()).toMatchObject({
      status: 'SUCCESS',
      title: messages.cabCallbackTitle,
      message: 'Our partner onboarding team will call you on 9876543210 within 2 working days.',
    });
    const again = await submit(riya, { reason_submitted: '', phone_number: '9876543210' }, 'cab-callback-1');
    expect(again.json().ticket_request_id).toBe(first.json().ticket_request_id);
    const tickets = await t.database.db
      .selectFrom('tickets')
      .select('id')
      .where('user_id', '=', 'u_customer_in')
      .where('tag', '=', 'cab_attachment_customer')
      .execute();
    expect(tickets).toHaveLength(1);
  });

  it('a city we do not serve: FAILURE with the title and message of the popup', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const res = await submit(riya, { reason_submitted: 'Jaipur', city: 'city_jaipur' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'FAILURE',
      title: messages.sorryBang,
      message: messages.cabCityNotServed,
      error: { status: 'FAILURE', title: messages.sorryBang, message: messages.cabCityNotServed },
    });
  });

  it.each([
    [{}, 'cabChooseCity'],
    [{ city: '' }, 'cabChooseCity'],
    [{ city: 42 }, 'cabChooseCity'],
    [{ phone_number: '987654321' }, 'cabEnterValidMobile'],
    [{ phone_number: '98765432101' }, 'cabEnterValidMobile'],
    [{ phone_number: '0876543210' }, 'cabEnterValidMobile'],
    [{ phone_number: '98765-4321' }, 'cabEnterValidMobile'],
    [{ city: 'city_pune', phone_number: '12' }, 'cabEnterValidMobile'],
  ] as const)('bounds: %j → 400 %s', async (fields, code) => {
    const riya = await signedIn(t.app, accounts.customer);
    const res = await submit(riya, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, message: messages[code] });
  });

  it('lists the served cities with the profile city, and a city’s offices with hours and a map link', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const cities = (await riya.get(cabAttachmentPaths.cities)).json();
    expect(cities.cities).toHaveLength(11);
    expect(cities.user_city).toBe('city_bengaluru');
    const res = await riya.get(`${cabAttachmentPaths.bdAddress}?city=city_bengaluru`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.city).toBe('Bengaluru');
    expect(body.address.length).toBeGreaterThan(0);
    for (const a of body.address) {
      expect(a.address).toContain('Bengaluru');
      expect(a.operatingHours).toMatch(/AM|PM/);
      expect(a.map_link).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(a.address)}`);
    }
    const missing = await riya.get(`${cabAttachmentPaths.bdAddress}?city=city_jaipur`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(messages.cabNoOffices);
  });
});
