import path from 'node:path';
import { type Bill, messages, oneTouchPaths, TOLL_DETAILS_PATH, tollAmountOf } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const contentKb = path.resolve(import.meta.dirname, '../../../content/kb');
/** content/kb/customer/101003 (toll_parking, showVoucher) and 101101 (cancellation_fee, refund_allowed). */
const TOLL_ARTICLE = '101003';
const FEE_ARTICLE = '101101';

describe.each(testDatabases)('toll and parking [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  /** Riya's completed rides with a toll line (and their toll amount), or without one. */
  const riyas = async (tolls: boolean) => {
    const rows = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'bill', 'status'])
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .where('bill', 'is not', null)
      .orderBy('id')
      .execute();
    return rows
      .map((r) => ({ id: r.id, bill: JSON.parse(r.bill ?? '') as Bill }))
      .map((r) => ({ ...r, toll: tollAmountOf(r.bill) }))
      .filter((r) => r.toll > 0 === tolls);
  };
  const claim = (c: TestClient, bookingId: string, extra: Record<string, unknown> = {}, headers = {}) =>
    c.post(
      oneTouchPaths.submitV3,
      {
        article_id: TOLL_ARTICLE,
        call_type: 'toll_parking',
        booking_id: bookingId,
        refund_destination: 'voucher',
        ...extra,
      },
      headers,
    );
  const refunds = (bookingId: string) =>
    t.database.db.selectFrom('refunds').selectAll().where('booking_id', '=', bookingId).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: contentKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the toll break-up of the user’s own ride: named plazas adding up to the toll line', async () => {
    const [ride] = await riyas(true);
    const [plain] = await riyas(false);
    if (!ride || !plain) throw new Error('seed: riya has completed rides with and without tolls');
    const res = await riya.get(`${TOLL_DETAILS_PATH}?booking_id=${ride.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'SUCCESS', booking_id: ride.id, toll_amount: ride.toll, refunded: null });
    const tolls = body.toll_break_up.tolls as { toll_name: string; total_tax: number }[];
    expect(tolls.length).toBeGreaterThan(0);
    expect(tolls.reduce((s, x) => s + x.total_tax, 0)).toBe(ride.toll);
    expect(tolls.every((x) => x.toll_name.length > 3 && x.toll_name !== 'Toll and parking')).toBe(true);

    expect((await riya.get(`${TOLL_DETAILS_PATH}?booking_id=${plain.id}`)).json()).toMatchObject({
      toll_amount: 0,
      toll_break_up: { tolls: [] },
    });
    const stranger = await arjun.get(`${TOLL_DETAILS_PATH}?booking_id=${ride.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(messages.bookingNotFound);
    expect((await riya.get(TOLL_DETAILS_PATH)).statusCode).toBe(400);
  });

  it('answers a claim out of bounds with 400 and the spec’s message, and records nothing', async () => {
    const [ride] = await riyas(true);
    if (!ride) throw new Error('seed');
    const said = async (amount: unknown) => {
      const res = await claim(riya, ride.id, amount === undefined ? {} : { user_input_amount: amount });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error;
    };
    expect(await said(ride.toll + 1)).toMatchObject({
      code: 'tollAmountTooHigh',
      message: "Amount can't be more than toll/parking charges",
    });
    expect(await said(9)).toMatchObject({ code: 'tollAmountTooLow', message: messages.tollAmountTooLow });
    for (const bad of [1000, 12.5, undefined]) {
      expect(await said(bad)).toMatchObject({ code: 'tollEnterAmount', message: messages.tollEnterAmount });
    }
    const garbage = await claim(riya, ride.id, { user_input_amount: 'abc' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.body).not.toMatch(/zod|Expected|NaN/i);
    expect(await refunds(ride.id)).toEqual([]);
  });

  it('refunds a claim within the bounds once, to the voucher; a retry answers the first outcome', async () => {
    const [ride] = await riyas(true);
    if (!ride) throw new Error('seed');
    const key = { 'Idempotency-Key': 'toll-claim-retry-0001' };
    const toll_map = { 'Sadahalli Toll Plaza, NH 44': ride.toll };
    const first = await claim(riya, ride.id, { user_input_amount: ride.toll, toll_map }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'SUCCESS',
      title: messages.refundInitiatedTitle,
      code: 'refundVoucher',
      csat_required: true,
    });
    expect(first.json().message).toContain(`₹${ride.toll}`);
    const retry = await claim(riya, ride.id, { user_input_amount: ride.toll, toll_map }, key);
    expect(retry.json()).toEqual(first.json());
    const rows = await refunds(ride.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: ride.toll,
      destination: 'voucher',
      flow: 'toll_parking',
      status: 'completed',
    });
    expect((await riya.get(`${TOLL_DETAILS_PATH}?booking_id=${ride.id}`)).json().refunded).toMatchObject({
      amount: ride.toll,
      destination: 'voucher',
    });
  });

  it('refunds once under concurrent claims', async () => {
    const [, ride] = await riyas(true);
    if (!ride) throw new Error('seed: two rides with tolls');
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(riya, ride.id, { user_input_amount: 10 })));
    expect(answers.map((a) => a.json().status)).toEqual(Array(6).fill('SUCCESS'));
    expect(await refunds(ride.id)).toHaveLength(1);
  });

  it('refuses someone else’s ride, a ride without tolls, a destination not offered and a ride refunded whole', async () => {
    const [, , ride, refundedWhole] = await riyas(true);
    const [plain] = await riyas(false);
    if (!ride || !refundedWhole || !plain) throw new Error('seed: four rides with tolls, one without');
    const stranger = await claim(arjun, ride.id, { user_input_amount: 10 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(messages.bookingNotFound);

    expect((await claim(riya, plain.id, { user_input_amount: 10 })).json()).toMatchObject({
      status: 'FAILURE',
      title: messages.tollNotEligibleTitle,
      message: messages.tollNotEligible,
    });
    // A toll line below the least claim (10) cannot take one.
    const small = {
      ...ride.bill,
      tolls: undefined,
      lines: [...ride.bill.lines.filter((l) => l.key !== 'toll'), { key: 'toll' as const, amount: 4.5 }],
    };
    await t.database.db
      .updateTable('bookings')
      .set({ bill: JSON.stringify(small) })
      .where('id', '=', plain.id)
      .execute();
    try {
      expect((await claim(riya, plain.id, { user_input_amount: 10 })).json()).toMatchObject({
        status: 'FAILURE',
        code: 'tollNotEligible',
      });
      expect((await riya.get(`${TOLL_DETAILS_PATH}?booking_id=${plain.id}`)).json()).toMatchObject({
        toll_amount: 4.5,
        toll_break_up: { tolls: [{ toll_name: 'Toll and parking', total_tax: 4.5 }] },
      });
    } finally {
      await t.database.db
        .updateTable('bookings')
        .set({ bill: JSON.stringify(plain.bill) })
        .where('id', '=', plain.id)
        .execute();
    }
    // 101003 offers the voucher only (showNEFT false), and as a voucher article it asks where the money goes.
    const neft = await claim(riya, ride.id, { user_input_amount: 10, refund_destination: 'neft' });
    expect(neft.statusCode).toBe(400);
    expect(neft.json().error.code).toBe('refundDestinationNotOffered');
    const none = await claim(riya, ride.id, { user_input_amount: 10, refund_destination: null });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('refundChooseDestination');

    // A ride refunded whole (ride not taken) has no toll left to refund: one refund per ride.
    await t.database.db
      .insertInto('refunds')
      .values({
        id: 'rf_whole_ride',
        booking_id: refundedWhole.id,
        user_id: 'u_customer_in',
        amount: refundedWhole.bill.total,
        destination: 'voucher',
        status: 'completed',
        ticket_id: null,
        created_at: '2026-11-20T10:00:00.000Z',
        flow: 'refund',
      })
      .execute();
    expect((await claim(riya, refundedWhole.id, { user_input_amount: 10 })).json()).toMatchObject({
      status: 'ALREADY_REFUNDED',
      code: 'refundAlreadyOn',
    });
  });

  it('submits directly to NEFT with a ticket when the article asks no destination', async () => {
    const [, , , , ride] = await riyas(true);
    if (!ride) throw new Error('seed: five rides with tolls');
    const sideLoad = (value: Record<string, unknown>) =>
      t.database.db
        .updateTable('articles')
        .set({ side_load: JSON.stringify(value) })
        .where('id', '=', TOLL_ARTICLE)
        .execute();
    try {
      await sideLoad({ showVoucher: false });
      const res = await claim(riya, ride.id, {
        user_input_amount: 10,
        refund_destination: null,
        toll_map: { 'Outer Ring Road toll': ride.toll },
      });
      expect(res.json()).toMatchObject({ status: 'SUCCESS', code: 'refundNeft' });
      const ticketId = res.json().ticket_request_id as string;
      const ticket = await t.database.db
        .selectFrom('tickets')
        .selectAll()
        .where('ticket_id', '=', ticketId)
        .executeTakeFirstOrThrow();
      expect(ticket.query).toContain('Outer Ring Road toll');
      expect((await refunds(ride.id))[0]).toMatchObject({ destination: 'neft', status: 'processing' });
    } finally {
      await sideLoad({ showVoucher: true, showNEFT: false });
    }
  });

  it('the cancellation-fee article refunds a charged cancelled ride through the refund rules', async () => {
    const charged = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'cancelled')
      .where('fare', '>', 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await riya.post(oneTouchPaths.submitV1, {
      article_id: FEE_ARTICLE,
      call_type: 'cancellation_fee',
      booking_id: charged.id,
      refund_destination: 'voucher',
      option_selected: 'driver_not_moving',
    });
    expect(res.json()).toMatchObject({ status: 'SUCCESS', code: 'refundVoucher' });
    expect(await refunds(charged.id)).toMatchObject([{ flow: 'refund', destination: 'voucher' }]);
  });
});
