import path from 'node:path';
import {
  couponPath,
  messages,
  oneTouchPaths,
  type RideCouponResponse,
  type SubscriptionsResponse,
  subscriptionsPath,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const contentKb = path.resolve(import.meta.dirname, '../../../content/kb');
/** content/kb/customer/100701 (coupon_issue) and content/kb/customer/100115 (subscription_invoice). */
const COUPON_ARTICLE = '100701';
const INVOICE_ARTICLE = '100115';
const DESCRIPTION = 'The coupon was accepted when I booked';

describe.each(testDatabases)('coupon and subscription invoice [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: contentKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
  }, 60_000); // the whole knowledge base is imported
  afterAll(async () => {
    await t.close();
  });

  /** Riya's seeded rides with a coupon (db/seed/coupons.ts), and one completed Indian ride without. */
  const rides = async () => {
    const coupons = await t.database.db
      .selectFrom('ride_coupons')
      .innerJoin('bookings', 'bookings.id', 'ride_coupons.booking_id')
      .select(['bookings.id', 'bookings.crn', 'code', 'applied', 'discount'])
      .where('bookings.user_id', '=', 'u_customer_in')
      .orderBy('bookings.pickup_date', 'desc')
      .execute();
    const none = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn'])
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .where('country', '=', 'IN')
      .where(
        'id',
        'not in',
        coupons.map((c) => c.id),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [failed, applied, failedToo] = coupons;
    if (!failed || !applied || !failedToo) throw new Error('seed: riya has three rides with a coupon');
    return { failed, applied, failedToo, none };
  };
  const submit = (c: TestClient, bookingId: string, params: unknown, key?: string) =>
    c.post(
      oneTouchPaths.submitV1,
      { article_id: COUPON_ARTICLE, call_type: 'coupon_issue', booking_id: bookingId, params },
      key ? { 'idempotency-key': key } : {},
    );
  const credits = (bookingId: string) =>
    t.database.db.selectFrom('wallet_credits').selectAll().where('booking_id', '=', bookingId).execute();
  const ticketsOf = (bookingId: string) =>
    t.database.db.selectFrom('tickets').select('ticket_id').where('booking_id', '=', bookingId).execute();

  it('tells the page the coupon each ride had; someone else’s ride does not exist', async () => {
    const { failed, applied, none } = await rides();
    expect(failed).toMatchObject({ code: 'RIDE50', applied: 0, discount: 50 });
    const read = async (id: string) => (await riya.get(`${couponPath}?booking_id=${id}`)).json() as RideCouponResponse;
    expect(await read(failed.id)).toEqual({
      status: 'SUCCESS',
      booking_id: failed.id,
      country: 'IN',
      coupon_code: 'RIDE50',
      coupon_applied: false,
      coupon_discount: 50,
      credited: null,
    });
    expect(await read(applied.id)).toMatchObject({ coupon_code: 'WELCOME25', coupon_applied: true });
    expect(await read(none.id)).toMatchObject({ coupon_code: null, coupon_applied: null, coupon_discount: null });
    expect((await arjun.get(`${couponPath}?booking_id=${failed.id}`)).statusCode).toBe(404);
  });

  it('credits a failed coupon whose code the rider typed (any case) once; a retry answers the same', async () => {
    const { failed } = await rides();
    const first = await submit(riya, failed.id, { coupon_code: 'ride50', description: DESCRIPTION }, 'coupon-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'SUCCESS',
      title: messages.couponCreditedTitle,
      message: `Coupon RIDE50 did not apply to ride ${failed.crn}. We have added its discount of ₹50 to your wallet. It is ready to use now.`,
    });
    const retried = await submit(riya, failed.id, { coupon_code: 'RIDE50', description: DESCRIPTION }, 'coupon-key-1');
    expect(retried.json()).toEqual(first.json());
    // Another submit later (another key) is answered the same: the ride's coupon was credited once.
    const later = await submit(riya, failed.id, { coupon_code: 'OTHER', description: DESCRIPTION }, 'coupon-key-2');
    expect(later.json()).toEqual(first.json());
    expect(await credits(failed.id)).toMatchObject([{ flow: 'coupon', amount: 50, user_id: 'u_customer_in' }]);
    expect(await ticketsOf(failed.id)).toEqual([]);
    expect((await riya.get(`${couponPath}?booking_id=${failed.id}`)).json().credited).toBe(50);
  });

  it('concurrent submits for one ride give one credit', async () => {
    const { failedToo } = await rides();
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        submit(riya, failedToo.id, { coupon_code: ' Monsoon 40 ', description: DESCRIPTION }, `coupon-race-${i}`),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // Every one answers the one credit.
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.json()).toMatchObject({ status: 'SUCCESS', title: messages.couponCreditedTitle });
    expect(await credits(failedToo.id)).toHaveLength(1);
  });

  it('makes a ticket of another code or an applied coupon (one per retry); no coupon in India is a FAILURE', async () => {
    const { applied, none } = await rides();
    const other = await submit(riya, applied.id, { coupon_code: 'SOMETHING', description: DESCRIPTION }, 'coupon-t-1');
    expect(other.json()).toMatchObject({
      status: 'SUCCESS',
      title: messages.requestReceived,
      message: `We will check coupon SOMETHING on ride ${applied.crn} and reply by e-mail within 48 hours.`,
    });
    const again = await submit(riya, applied.id, { coupon_code: 'SOMETHING', description: DESCRIPTION }, 'coupon-t-1');
    expect(again.json().ticket_request_id).toBe(other.json().ticket_request_id);
    expect(await ticketsOf(applied.id)).toHaveLength(1);
    // The applied coupon's own code: nothing failed, so a person looks, and nothing goes to the wallet.
    const same = await submit(riya, applied.id, { coupon_code: 'WELCOME25', description: DESCRIPTION });
    expect(same.json().status).not.toBe('SUCCESS');
    expect(await credits(applied.id)).toEqual([]);

    const without = await submit(riya, none.id, { coupon_code: 'RIDE50', description: DESCRIPTION });
    expect(without.json()).toMatchObject({ status: 'FAILURE', message: messages.couponNoneOnRide });
    expect(await credits(none.id)).toEqual([]);
  });

  it('answers each bound with the spec’s message (400), and someone else’s ride is not found', async () => {
    const { failed } = await rides();
    const bad = async (params: unknown) => {
      const res = await submit(riya, failed.id, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      return res.json().error.message as string;
    };
    for (const coupon_code of ['ab', 'a'.repeat(16), 'RIDE50!', '   ', '', 42, null]) {
      expect(await bad({ coupon_code, description: DESCRIPTION })).toBe(messages.couponCodeInvalid);
    }
    expect(await bad({ description: DESCRIPTION })).toBe(messages.couponCodeInvalid);
    expect(await bad({ coupon_code: 'RIDE50', description: 'a'.repeat(19) })).toBe(
      'Please enter atleast 20 characters',
    );
    // Only letters, digits and spaces count towards the 20.
    expect(await bad({ coupon_code: 'RIDE50', description: `${'a'.repeat(19)}!!!!` })).toBe(
      'Please enter atleast 20 characters',
    );
    expect(await bad({ coupon_code: 'RIDE50' })).toBe('Please enter atleast 20 characters');
    const ok = await submit(riya, failed.id, { coupon_code: 'abc', description: 'a'.repeat(20) });
    expect(ok.statusCode).toBe(200);
    const fifteen = await submit(riya, failed.id, { coupon_code: 'a_b 5'.repeat(3), description: 'a'.repeat(20) });
    expect(fifteen.statusCode).toBe(200);

    const stranger = await submit(arjun, failed.id, { coupon_code: 'RIDE50', description: DESCRIPTION });
    expect(stranger.statusCode).toBe(404);
  });

  describe('subscription invoice', () => {
    const invoice = (c: TestClient, params: unknown) =>
      c.post(oneTouchPaths.submitV1, { article_id: INVOICE_ARTICLE, call_type: 'subscription_invoice', params });
    const mails = () =>
      t.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', accounts.paidMember)
        .where('kind', '=', 'invoice')
        .orderBy('created_at')
        .execute();

    it('lists the member’s own subscriptions, the latest first, trials without an invoice', async () => {
      const listed = (await arjun.get(subscriptionsPath)).json() as SubscriptionsResponse;
      const subs = listed.subscriptions;
      expect(subs.length).toBeGreaterThanOrEqual(7);
      expect(subs.every((s) => s.user_id === 'u_member_paid')).toBe(true);
      expect(subs[0]).toMatchObject({ id: 'sub_arjun_annual', status: 'active', has_invoice: true });
      const dates = subs.map((s) => s.activated_on);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(subs.at(-1)).toMatchObject({ trial: true, has_invoice: false });
      // Signed-in users only; a visitor has none.
      expect((await t.app.inject({ method: 'GET', url: subscriptionsPath })).statusCode).toBe(401);
      const meera = await signedIn(t.app, accounts.trialMember);
      expect(((await meera.get(subscriptionsPath)).json() as SubscriptionsResponse).subscriptions).toMatchObject([
        { id: 'sub_meera_trial', has_invoice: false },
      ]);
    });

    it('mails the chosen subscription’s invoice: its plan, period and amount', async () => {
      const before = (await mails()).length;
      const sent = await invoice(arjun, { subscription_id: 'sub_arjun_history_4', email: accounts.paidMember });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({
        status: 'SUCCESS',
        title: messages.invoiceSent,
        message: `We have sent the invoice for Select Monthly to ${accounts.paidMember}.`,
      });
      const mail = (await mails())[before];
      expect(mail?.subject).toBe('Your invoice for Select Monthly');
      expect(mail?.text_body).toContain('Subscription: sub_arjun_history_4');
      expect(mail?.text_body).toContain('Package: SELECT-1M');
      expect(mail?.text_body).toContain('Total: ₹149');
      expect(mail?.text_body).toMatch(/\nPeriod: \d{1,2} [A-Z][a-z]{2,3} \d{4} to \d{1,2} [A-Z][a-z]{2,3} \d{4}\n/);
    });

    it('a new address confirms by a link first; the link then mails the chosen subscription’s invoice', async () => {
      const address = 'arjun.accounts@example.org';
      const asked = await invoice(arjun, { subscription_id: 'sub_arjun_history_2', email: address });
      expect(asked.json()).toMatchObject({ status: 'SUCCESS', title: messages.invoiceConfirmTitle });
      const [link] = await t.database.db
        .selectFrom('outbox')
        .select('text_body')
        .where('to_address', '=', address)
        .execute();
      const token = /token=([\w-]+)/.exec(link?.text_body ?? '')?.[1] ?? '';
      expect(token).not.toBe('');
      const opened = await arjun.post(oneTouchPaths.confirmInvoiceEmail, { token });
      expect(opened.json()).toMatchObject({
        status: 'SUCCESS',
        message: `We have sent the invoice for Select 3 Months to ${address}.`,
      });
      const mail = await t.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', address)
        .where('kind', '=', 'invoice')
        .executeTakeFirstOrThrow();
      expect(mail.text_body).toContain('Subscription: sub_arjun_history_2');
      expect(mail.text_body).toContain('Total: ₹399');
    });

    it('refuses a trial with a FAILURE saying so, and someone else’s subscription is not found', async () => {
      const before = (await mails()).length;
      const trial = await invoice(arjun, { subscription_id: 'sub_arjun_history_6', email: accounts.paidMember });
      expect(trial.json()).toMatchObject({ status: 'FAILURE', message: messages.subscriptionTrialNoInvoice });
      const foreign = await invoice(arjun, { subscription_id: 'sub_meera_trial', email: accounts.paidMember });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe(messages.subscriptionNotFound);
      const unknown = await invoice(arjun, { subscription_id: 'sub_nobody', email: accounts.paidMember });
      expect(unknown.statusCode).toBe(404);
      const bad = await invoice(arjun, { subscription_id: 'x'.repeat(65), email: accounts.paidMember });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(messages.chooseSubscription);
      expect(await mails()).toHaveLength(before);
    });
  });
});
