import path from 'node:path';
import { EXTRA_CASH_CREDIT_CAP, EXTRA_CASH_WINDOW_DAYS, messages, oneTouchPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const contentKb = path.resolve(import.meta.dirname, '../../../content/kb');
const DAY = 24 * 3600 * 1000;
// The demo rides for the cash claims (db/seed/cash-rides.ts).
const CASH_RIDE = 'bk_riya_cash_01';
const CASH_RIDE_2 = 'bk_riya_cash_02';
const DUE_CASH = 'bk_riya_cash_03';
const DUE_CASH_2 = 'bk_riya_cash_04';
const DUE_ONLINE = 'bk_riya_cash_05';
const DUE_ONLINE_2 = 'bk_riya_cash_06';

describe.each(testDatabases)('cash claims [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  const db = () => t.database.db;
  const ride = (id: string) => db().selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: contentKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
    // The seed's dates follow its fixed anchor; the claim window follows the clock.
    await db()
      .updateTable('bookings')
      .set({ date_entered_timestamp: Date.now() - DAY })
      .where('id', 'in', [CASH_RIDE, CASH_RIDE_2])
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const extra = (c: TestClient, bookingId: string, body: Record<string, unknown>, headers = {}) =>
    c.post(
      oneTouchPaths.submitV1,
      { article_id: '101006', call_type: 'extra_cash', booking_id: bookingId, ...body },
      headers,
    );
  const paid = (c: TestClient, bookingId: string, body: Record<string, unknown>, headers = {}) =>
    c.post(
      oneTouchPaths.submitV3,
      { article_id: '101005', call_type: 'paid_cash_outstanding', booking_id: bookingId, ...body },
      headers,
    );
  const credits = (bookingId: string) =>
    db().selectFrom('wallet_credits').selectAll().where('booking_id', '=', bookingId).execute();
  const claims = (bookingId: string) =>
    db().selectFrom('cash_claims').selectAll().where('booking_id', '=', bookingId).execute();
  const tickets = (bookingId: string) =>
    db().selectFrom('tickets').selectAll().where('booking_id', '=', bookingId).execute();

  /** An image of riya's as the uploads API records it (the bytes do not matter to the claim). */
  const ownImage = async (id: string) => {
    await db()
      .insertInto('documents')
      .values({
        id,
        user_id: 'u_customer_in',
        file_name: 'bill.png',
        content_type: 'image/png',
        size: 68,
        storage_key: `k_${id}`,
        ticket_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  };

  describe('extra cash', () => {
    it('answers 400 with the spec’s message at each bound, and records nothing', async () => {
      const { fare } = await ride(CASH_RIDE);
      const demanded = 'driver_demanded_extra_cash';
      const change = 'selfserve_driver_did_not_have_change';
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ total_cash: fare + 10 }, messages.ecChooseReason],
        [{ option_selected: 'not_an_option', total_cash: fare + 10 }, messages.ecChooseReason],
        [{ option_selected: demanded }, messages.cantBeEmpty],
        [{ option_selected: demanded, total_cash: 'abc' }, messages.enterValidAmount],
        [{ option_selected: demanded, total_cash: 12.5 }, messages.enterValidAmount],
        [{ option_selected: demanded, total_cash: -1 }, messages.enterValidAmount],
        [{ option_selected: 'paid_toll_parking_cash', total_cash: 10000 }, messages.ecAmountTooHigh],
        [{ option_selected: 'paid_toll_parking_cash', total_cash: 100001 }, messages.ecAmountTooHigh],
        [{ option_selected: change, total_cash: 501 }, messages.ecAmountTooHigh],
        [{ option_selected: demanded, total_cash: 2001 }, messages.ecAmountTooHigh],
        [{ option_selected: demanded, total_cash: fare }, messages.ecCashCorrect],
        [{ option_selected: demanded, total_cash: fare - 1 }, messages.ecCashCorrect],
        [{ option_selected: demanded, total_cash: 2 * fare + 1 }, messages.ecExtraAboveBill],
      ];
      for (const [body, said] of cases) {
        const res = await extra(riya, CASH_RIDE, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.message, JSON.stringify(body)).toBe(said);
      }
      expect(await claims(CASH_RIDE)).toHaveLength(0);
      expect(await credits(CASH_RIDE)).toHaveLength(0);
    });

    it('credits the extra worked out from the ride’s fare (not the client’s) to the wallet, once', async () => {
      const { fare, crn } = await ride(CASH_RIDE);
      const body = { option_selected: 'driver_demanded_extra_cash', total_cash: fare + 50, extra_cash: 900 };
      const answers = await Promise.all(
        [1, 2, 3].map((i) => extra(riya, CASH_RIDE, body, { 'idempotency-key': `extra-cash-${i}-key` })),
      );
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(200);
        expect(a.json()).toMatchObject({
          status: 'SUCCESS',
          title: messages.ecCreditedTitle,
          code: 'ecCredited',
          message: `We have added ₹50 to your wallet: the extra cash you paid on ride ${crn}. We will recover it from the driver.`,
        });
      }
      expect(await credits(CASH_RIDE)).toMatchObject([{ amount: 50, flow: 'extra_cash', user_id: 'u_customer_in' }]);
      expect(await claims(CASH_RIDE)).toMatchObject([{ outcome: 'credited', amount: 50, total_cash: fare + 50 }]);
      // A later submit with other numbers answers the first outcome.
      const again = await extra(riya, CASH_RIDE, { ...body, total_cash: fare + 80 });
      expect(again.json()).toMatchObject({ status: 'SUCCESS', code: 'ecCredited' });
      expect(await credits(CASH_RIDE)).toHaveLength(1);
    });

    it('sends an extra above the cap to a person: one ticket, no credit', async () => {
      const { fare } = await ride(CASH_RIDE_2);
      const total = fare + EXTRA_CASH_CREDIT_CAP + 1;
      const first = await extra(riya, CASH_RIDE_2, { option_selected: 'paid_toll_parking_cash', total_cash: total });
      expect(first.statusCode, first.body).toBe(200);
      const answer = first.json();
      expect(answer).toMatchObject({ status: 'SUCCESS', title: messages.requestReceived, code: 'ecUnderReview' });
      expect(answer.ticket_request_id).toBeTruthy();
      const again = await extra(riya, CASH_RIDE_2, { option_selected: 'paid_toll_parking_cash', total_cash: total });
      expect(again.json().ticket_request_id).toBe(answer.ticket_request_id);
      expect(await tickets(CASH_RIDE_2)).toHaveLength(1);
      expect(await credits(CASH_RIDE_2)).toHaveLength(0);
      expect(await claims(CASH_RIDE_2)).toMatchObject([{ outcome: 'review', ticket_id: answer.ticket_request_id }]);
    });

    it('refuses a ride paid online, one too old, one not completed, and someone else’s ride', async () => {
      const online = await db()
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', 'u_customer_in')
        .where('status', '=', 'completed')
        .where('cash_involved', '=', 0)
        .where('fare', '>', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('bookings')
        .set({ date_entered_timestamp: Date.now() })
        .where('id', '=', online.id)
        .execute();
      const body = { option_selected: 'driver_demanded_extra_cash', total_cash: 999 };
      expect((await extra(riya, online.id, body)).json()).toMatchObject({ status: 'FAILURE', code: 'ecNotCash' });
      expect((await extra(riya, DUE_CASH, body)).json()).toMatchObject({ status: 'FAILURE', code: 'ecNotCompleted' });
      const old = await db()
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', 'u_customer_in')
        .where('status', '=', 'completed')
        .where('cash_involved', '=', 1)
        .where('date_entered_timestamp', '<', Date.now() - (EXTRA_CASH_WINDOW_DAYS + 1) * DAY)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      expect((await extra(riya, old.id, body)).json()).toMatchObject({
        status: 'FAILURE',
        code: 'ecTooOld',
        params: { days: EXTRA_CASH_WINDOW_DAYS },
      });
      const stranger = await extra(arjun, CASH_RIDE, body);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().error.message).toBe(messages.bookingNotFound);
      expect(await claims(online.id)).toHaveLength(0);
    });
  });

  describe('paid cash outstanding', () => {
    it('answers 400 with the spec’s message at each bound', async () => {
      const { fare } = await ride(DUE_CASH);
      const two = [await ownImage(`doc_a_${dialect}`), await ownImage(`doc_b_${dialect}`)];
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, messages.cantBeEmpty],
        [{ params: { amount: '', payment: 'cash' } }, messages.cantBeEmpty],
        [{ params: { amount: '0', payment: 'cash' } }, messages.enterValidAmount],
        [{ params: { amount: `0${fare}`, payment: 'cash' } }, messages.enterValidAmount],
        [{ params: { amount: '12x', payment: 'cash' } }, messages.enterValidAmount],
        [{ params: { amount: String(fare), payment: 'card' } }, messages.pcoChoosePayment],
        [{ params: { amount: String(fare + 1), payment: 'cash' } }, messages.pcoAboveBill],
        [{ params: { amount: String(fare), payment: 'cashless' } }, messages.pcoUploadInvoice],
        [{ params: { amount: String(fare), payment: 'cashless' }, uploaded_image_ids: two }, messages.pcoUploadInvoice],
      ];
      for (const [body, said] of cases) {
        const res = await paid(riya, DUE_CASH, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.message, JSON.stringify(body)).toBe(said);
      }
      expect(await claims(DUE_CASH)).toHaveLength(0);
    });

    it('clears the due of a cash ride paid in full at once, once', async () => {
      const { fare, crn } = await ride(DUE_CASH);
      const body = { params: { amount: String(fare), payment: 'cash' }, user_input_amount: fare };
      const answers = await Promise.all(
        [1, 2, 3].map((i) => paid(riya, DUE_CASH, body, { 'idempotency-key': `paid-cash-${i}-key` })),
      );
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(200);
        expect(a.json()).toMatchObject({ status: 'SUCCESS', title: messages.pcoClearedTitle, code: 'pcoCleared' });
        expect(a.json().message).toContain(`Nothing is due on ride ${crn} any more.`);
      }
      expect(await ride(DUE_CASH)).toMatchObject({ status: 'completed', sub_status: null });
      expect(await claims(DUE_CASH)).toMatchObject([{ outcome: 'cleared', amount: fare }]);
      expect(await tickets(DUE_CASH)).toHaveLength(0);
      expect((await paid(riya, DUE_CASH, body)).json()).toMatchObject({ status: 'SUCCESS', code: 'pcoCleared' });
    });

    it('sends part of the due to a person, and the rest stays due', async () => {
      const { fare } = await ride(DUE_CASH_2);
      const res = await paid(riya, DUE_CASH_2, { params: { amount: String(fare - 1), payment: 'cash' } });
      expect(res.json()).toMatchObject({ status: 'SUCCESS', code: 'pcoPartlyPaid', csat_required: true });
      expect(res.json().ticket_request_id).toBeTruthy();
      expect(await ride(DUE_CASH_2)).toMatchObject({ status: 'pending', sub_status: 'payment_pending' });
      expect(await tickets(DUE_CASH_2)).toHaveLength(1);
    });

    it('sends a cashless claim to a person with its invoice attached', async () => {
      const { fare } = await ride(DUE_ONLINE);
      const imageId = await ownImage(`doc_invoice_${dialect}`);
      const res = await paid(riya, DUE_ONLINE, {
        params: { amount: String(fare), payment: 'cashless' },
        uploaded_image_ids: [imageId],
        is_image_uploaded: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'SUCCESS', code: 'pcoUnderReview' });
      const [ticket] = await tickets(DUE_ONLINE);
      expect(ticket?.ticket_id).toBe(res.json().ticket_request_id);
      const invoice = await db()
        .selectFrom('documents')
        .select('ticket_id')
        .where('id', '=', imageId)
        .executeTakeFirst();
      expect(invoice?.ticket_id).toBe(ticket?.id);
      // The due stays until a person has checked the invoice.
      expect(await ride(DUE_ONLINE)).toMatchObject({ status: 'pending' });
    });

    it('refuses a ride with nothing due, and someone else’s ride', async () => {
      const body = { params: { amount: '100', payment: 'cash' } };
      expect((await paid(riya, CASH_RIDE, body)).json()).toMatchObject({ status: 'FAILURE', code: 'pcoNothingDue' });
      const stranger = await paid(arjun, DUE_ONLINE_2, body);
      expect(stranger.statusCode).toBe(404);
      expect(await claims(DUE_ONLINE_2)).toHaveLength(0);
    });
  });
});
