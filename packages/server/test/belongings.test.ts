import {
  LAB_WINDOW_DAYS,
  type LabStatusResponse,
  labPaths,
  messages,
  TELEPHONY_SECRET_HEADER,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signAppToken, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const item = {
  item_name: 'Phone',
  item_color: 'Black',
  item_description: 'A black phone in a blue case, left on the back seat',
};
const secret = testConfig().telephonySecret;

describe.each(testDatabases)('left a belonging [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  /** One recent completed ride of Riya's per outcome, chosen by the CRN's last digit (the simulator's rule). */
  const rides: Record<'found' | 'notFound' | 'noAnswer' | 'blocker' | 'old', string> = {
    found: '',
    notFound: '',
    noAnswer: '',
    blocker: '',
    old: '',
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    riya = new TestClient(t.app);
    await riya.signInAs(accounts.customer);
    const completed = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn'])
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .orderBy('id')
      .execute();
    const pick = (digits: string) =>
      completed.find((b) => digits.includes(b.crn.at(-1) ?? '') && !Object.values(rides).includes(b.id));
    rides.found = pick('012345')?.id ?? '';
    rides.notFound = pick('67')?.id ?? '';
    rides.noAnswer = pick('8')?.id ?? '';
    rides.blocker = pick('9')?.id ?? '';
    rides.old = pick('0123456789')?.id ?? '';
    // The seed's dates are fixed; make these rides recent whenever the test runs.
    const recent = [rides.found, rides.notFound, rides.noAnswer, rides.blocker];
    expect(recent.every(Boolean)).toBe(true);
    await t.database.db
      .updateTable('bookings')
      .set({ date_entered_timestamp: Date.now() - 3600_000 })
      .where('id', 'in', recent)
      .execute();
    await t.database.db
      .updateTable('bookings')
      .set({ date_entered_timestamp: Date.now() - (LAB_WINDOW_DAYS + 1) * 24 * 3600_000 })
      .where('id', '=', rides.old)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const check = async (bookingId: string) =>
    (await riya.get(`${labPaths.checkAlreadyRaised}?booking_id=${bookingId}`)).json() as LabStatusResponse;
  /** Polls like the page does until the side_load shows one of its screens. */
  const settled = async (bookingId: string) => {
    for (let i = 0; i < 100; i++) {
      const s = await check(bookingId);
      if (s.status === 'done') return s;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the simulated call never finished');
  };

  it('offers the form only for recent completed rides', async () => {
    expect((await riya.get(`${labPaths.formEnableCheck}?booking_id=${rides.found}`)).json()).toMatchObject({
      enabled: true,
    });
    const old = (await riya.get(`${labPaths.formEnableCheck}?booking_id=${rides.old}`)).json();
    expect(old.enabled).toBe(false);
    expect(old.reason).toContain('Please write to us instead');
    expect((await riya.post(labPaths.customerConfirm, { booking_id: rides.old, ...item })).statusCode).toBe(400);
  });

  it('calls the driver, who finds the item; the customer confirms the pick-up', async () => {
    const first = (await riya.post(labPaths.customerConfirm, { booking_id: rides.found, ...item })).json();
    expect(first).toMatchObject({ state: 'calling_driver' });
    const again = (await riya.post(labPaths.customerConfirm, { booking_id: rides.found, ...item })).json();
    expect(again.state).toBeDefined();
    const found = await settled(rides.found);
    expect(found).toMatchObject({ state: 'driver_found', side_load: { showCustomerConfirm: true } });
    expect(found.message).toContain('back seat');
    const done = (
      await riya.post(labPaths.driverCustomerConfirmation, { booking_id: rides.found, decision: 'confirm_pickup' })
    ).json();
    expect(done).toMatchObject({ state: 'resolved', side_load: { showButton: true } });
    const rows = await t.database.db
      .selectFrom('lab_requests')
      .select('id')
      .where('booking_id', '=', rides.found)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['notFound', 'not_found'],
    ['noAnswer', 'driver_unreachable'],
    ['blocker', 'driver_unreachable'],
  ] as const)('%s: offers a ticket, raised once', async (ride, state) => {
    await riya.post(labPaths.customerConfirm, { booking_id: rides[ride], ...item });
    const s = await settled(rides[ride]);
    expect(s).toMatchObject({ state, side_load: { showRaiseTicketScreen: true } });
    const raised = (
      await riya.post(labPaths.driverCustomerConfirmation, { booking_id: rides[ride], decision: 'raise_ticket' })
    ).json();
    expect(raised).toMatchObject({ side_load: { alreadyRaisedTicket: true } });
    const twice = (
      await riya.post(labPaths.driverCustomerConfirmation, { booking_id: rides[ride], decision: 'raise_ticket' })
    ).json();
    expect(twice.ticket_id).toBe(raised.ticket_id);
    const tickets = await t.database.db
      .selectFrom('tickets')
      .select('ticket_id')
      .where('booking_id', '=', rides[ride])
      .where('tag', '=', 'lost_item')
      .execute();
    expect(tickets).toHaveLength(1);
  });

  it('raising the lost-item ticket needs a verified e-mail', async () => {
    const used = Object.values(rides);
    const ride = (
      await t.database.db
        .selectFrom('bookings')
        .select(['id', 'crn'])
        .where('user_id', '=', 'u_customer_in')
        .where('status', '=', 'completed')
        .orderBy('id')
        .execute()
    ).find((b) => '67'.includes(b.crn.at(-1) ?? '') && !used.includes(b.id));
    if (!ride) throw new Error('seed: another not-found ride');
    await t.database.db
      .updateTable('bookings')
      .set({ date_entered_timestamp: Date.now() - 3600_000 })
      .where('id', '=', ride.id)
      .execute();
    await riya.post(labPaths.customerConfirm, { booking_id: ride.id, ...item });
    await settled(ride.id);
    const verified = (value: number) =>
      t.database.db.updateTable('users').set({ email_verified: value }).where('id', '=', 'u_customer_in').execute();
    try {
      await verified(0);
      const refused = await riya.post(labPaths.driverCustomerConfirmation, {
        booking_id: ride.id,
        decision: 'raise_ticket',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('email_not_verified');
    } finally {
      await verified(1);
    }
    const raised = await riya.post(labPaths.driverCustomerConfirmation, {
      booking_id: ride.id,
      decision: 'raise_ticket',
    });
    expect(raised.json()).toMatchObject({ side_load: { alreadyRaisedTicket: true } });
  });

  it('refuses forged and out-of-order provider callbacks, and other users', async () => {
    const row = await t.database.db
      .selectFrom('lab_requests')
      .select('id')
      .where('booking_id', '=', rides.found)
      .executeTakeFirstOrThrow();
    const callback = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: labPaths.partnerSubmitResult, headers, payload });
    expect((await callback({}, { request_id: row.id, found: false })).statusCode).toBe(403);
    expect(
      (await callback({ [TELEPHONY_SECRET_HEADER]: 'x'.repeat(40) }, { request_id: row.id, found: false })).statusCode,
    ).toBe(403);
    // The request is resolved: a late "not found" is out of order.
    expect(
      (await callback({ [TELEPHONY_SECRET_HEADER]: secret }, { request_id: row.id, found: false })).statusCode,
    ).toBe(409);
    const arjun = new TestClient(t.app);
    await arjun.signInAs(accounts.paidMember);
    const res = await arjun.get(`${labPaths.checkAlreadyRaised}?booking_id=${rides.found}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.bookingNotFound);
  });
});

describe('left a belonging without a telephony provider', () => {
  it('refuses to pretend a call outside demo mode (503)', async () => {
    const { DEMO_APP_JWT_SECRET } = await import('../src/config.ts');
    const t = await createTestApp('sqlite', { demoMode: false, appJwtSecret: DEMO_APP_JWT_SECRET });
    try {
      const c = new TestClient(t.app);
      const token = await signAppToken({ sub: 'u_customer_in' });
      await c.post('/api/auth/app_session', { token });
      const ride = await t.database.db
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', 'u_customer_in')
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      await t.database.db
        .updateTable('bookings')
        .set({ date_entered_timestamp: Date.now() })
        .where('id', '=', ride.id)
        .execute();
      const res = await c.post(labPaths.customerConfirm, { booking_id: ride.id, ...item });
      expect(res.statusCode).toBe(503);
      expect(await t.database.db.selectFrom('lab_requests').select('id').execute()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
