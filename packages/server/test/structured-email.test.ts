import { apiPaths, messages, structuredEmailPaths, ticketPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  createTestApp,
  fixtureKb,
  signedIn,
  solvedCaptcha,
  type TestApp,
  TestClient,
  testDatabases,
} from './helpers.ts';

const comment = 'The driver asked me for 200 more in cash at the parking exit.';

describe.each(testDatabases)('structured write-to-us e-mail [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  let completed: string;
  let cancelled: string;
  beforeAll(async () => {
    // Behind a proxy we trust: the visitor's checks come from addresses of their own (5 requests a minute each).
    t = await createTestApp(dialect, { trustProxy: ['127.0.0.1'] }, { kb: fixtureKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
    const ride = (status: string) =>
      t.database.db
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', 'u_customer_in')
        .where('status', '=', status)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    completed = (await ride('completed')).id;
    cancelled = (await ride('cancelled')).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const photos = async (prefix: string, userId: string, n: number) => {
    const ids = Array.from({ length: n }, (_, i) => `${prefix}_${i}`);
    await t.database.db
      .insertInto('documents')
      .values(
        ids.map((id) => ({
          id,
          user_id: userId,
          file_name: 'receipt.png',
          content_type: 'image/png',
          size: 100,
          storage_key: `key_${id}`,
          ticket_id: null,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    return ids;
  };

  const toll = (extra: Record<string, unknown> = {}) => ({
    option_id: 'driver_collected_extra_toll_parking_amount',
    booking_id: completed,
    comment,
    email: 'riya.customer@example.in',
    phone: '9876543210',
    ...extra,
  });

  const refused = async (body: unknown, message: string, client = riya) => {
    const res = await client.post(structuredEmailPaths.submit, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
  };

  it('refuses every bound with the spec message, creating nothing', async () => {
    const images = await photos('se_bound', 'u_customer_in', 4);
    await refused(toll({ option_id: undefined }), messages.selectOptionCorrectly);
    await refused(toll({ option_id: 'account_access' }), messages.selectOptionCorrectly);
    // the toll article resolves it at once: no e-mail for it
    await refused(toll({ option_id: 'toll_charge_incorrectly_levied_on_the_bill' }), messages.selectOptionCorrectly);
    await refused(
      toll({ comment: 'a'.repeat(14), uploaded_image_ids: images.slice(0, 1) }),
      messages.enterValidComment,
    );
    await refused(
      toll({ comment: 'a'.repeat(1001), uploaded_image_ids: images.slice(0, 1) }),
      messages.enterValidComment,
    );
    await refused(toll({ email: 'riya@', uploaded_image_ids: images.slice(0, 1) }), messages.enterValidEmail);
    await refused(toll({ phone: '1234', uploaded_image_ids: images.slice(0, 1) }), messages.enterValidPhone);
    await refused(
      toll({ phone: '1234567890123456', uploaded_image_ids: images.slice(0, 1) }),
      messages.enterValidPhone,
    );
    await refused(toll(), messages.uploadImages);
    await refused(toll({ uploaded_image_ids: images }), 'You can only upload 3 images');
    const n = await t.database.db.selectFrom('tickets').select('id').where('kind', '=', 'structured_email').execute();
    expect(n).toHaveLength(0);
  });

  it('turns a ride e-mail with images into one ticket with the option tag, and a retry into the same ticket', async () => {
    const images = await photos('se_ok', 'u_customer_in', 2);
    const headers = { 'idempotency-key': 'structured-email-retry-1' };
    const body = toll({ uploaded_image_ids: images, comment: 'a'.repeat(15) });
    const first = await riya.post(structuredEmailPaths.submit, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'SUCCESS',
      request_status: 'CREATED',
      message: messages.ticketSuccess,
    });
    const again = await riya.post(structuredEmailPaths.submit, body, headers);
    expect(again.json()).toMatchObject({ request_status: 'CREATED', ticket_id: first.json().ticket_id });
    const rows = await t.database.db.selectFrom('tickets').selectAll().where('kind', '=', 'structured_email').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ticket_id: first.json().ticket_id,
      booking_id: completed,
      tag: 'toll_parking_extra_collected',
      user_id: 'u_customer_in',
    });
    const docs = await t.database.db.selectFrom('documents').select('ticket_id').where('id', 'in', images).execute();
    expect(docs.map((d) => d.ticket_id)).toEqual([rows[0]?.id, rows[0]?.id]);
    // The same option and ride while its ticket is open: that ticket.
    const open = await riya.post(
      structuredEmailPaths.submit,
      toll({ uploaded_image_ids: await photos('se_2', 'u_customer_in', 1) }),
    );
    expect(open.json()).toMatchObject({ request_status: 'OPEN_TICKET_PRESENT', ticket_id: first.json().ticket_id });
  });

  it('takes the options of the ride status: a cancelled ride has its own; no ride has the others', async () => {
    await refused(toll({ booking_id: cancelled, option_id: 'driver_behaviour' }), messages.selectOptionCorrectly);
    const c = await riya.post(
      structuredEmailPaths.submit,
      toll({ booking_id: cancelled, option_id: 'driver_asked_to_cancel' }),
    );
    expect(c.statusCode, c.body).toBe(200);
    const none = await riya.post(
      structuredEmailPaths.submit,
      toll({ booking_id: null, option_id: 'account_access', comment: 'a'.repeat(1000) }),
    );
    expect(none.statusCode, none.body).toBe(200);
  });

  it("refuses someone else's ride (404) and a visitor on the signed-in path", async () => {
    const res = await arjun.post(structuredEmailPaths.submit, toll({ email: 'arjun.select@example.in' }));
    expect(res.statusCode).toBe(404);
    const visitor = new TestClient(t.app);
    await visitor.get(ticketPaths.formToken);
    expect((await visitor.post(structuredEmailPaths.submit, toll())).statusCode).toBe(401);
  });

  describe('a visitor', () => {
    /** A visitor's browser: the session (its CSRF token) as the web app opens it. */
    const visitor = async () => {
      const c = new TestClient(t.app);
      await c.get(apiPaths.session);
      return c;
    };
    const guestBody = async (c: TestClient, extra: Record<string, unknown> = {}) => ({
      option_id: 'account_access',
      comment: 'I cannot sign in with my phone number any more.',
      email: 'visitor@example.org',
      phone: '12345',
      dialing_code: '+91',
      secret_key: (await c.get(ticketPaths.formToken)).json().token,
      captcha: await solvedCaptcha(t.app),
      ...extra,
    });

    it('sends a guest ticket with the form token and captcha; a replay saves nothing more', async () => {
      const c = await visitor();
      const body = await guestBody(c);
      const ok = await c.post(structuredEmailPaths.guest, body);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'SUCCESS', request_status: 'CREATED' });
      const row = await t.database.db
        .selectFrom('guest_tickets')
        .selectAll()
        .where('ticket_id', '=', ok.json().ticket_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'structured_email', email: 'visitor@example.org' });
      expect(JSON.parse(row.payload)).toMatchObject({ disposition_tag: 'account_access', dialing_code: '+91' });
      expect(JSON.parse(row.payload).captcha).toBeUndefined();
      const mail = await t.database.db
        .selectFrom('outbox')
        .select('subject')
        .where('to_address', '=', 'visitor@example.org')
        .execute();
      expect(mail.map((m) => m.subject).join()).toContain(ok.json().ticket_id);
      // the same captcha again: refused
      const replay = await c.post(structuredEmailPaths.guest, {
        ...body,
        secret_key: (await c.get(ticketPaths.formToken)).json().token,
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.message).toBe(messages.captchaInvalid);
    });

    it('refuses a missing or forged captcha, a missing dialing code, a ride option and a short comment', async () => {
      const c = await visitor();
      let n = 0;
      const say = async (extra: Record<string, unknown>, message: string) => {
        // Each from its own address: the route takes 5 requests a minute per client.
        n += 1;
        const from = { 'x-forwarded-for': `198.51.100.${60 + n}` };
        const res = await c.post(structuredEmailPaths.guest, await guestBody(c, extra), from);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.message).toBe(message);
      };
      await say({ captcha: undefined }, messages.captchaInvalid);
      await say({ captcha: 'Zm9yZ2Vk' }, messages.captchaInvalid);
      await say({ dialing_code: '' }, messages.selectDialingCode);
      await say({ option_id: 'driver_behaviour' }, messages.selectOptionCorrectly);
      await say({ comment: 'too short' }, messages.enterValidComment);
      await say({ phone: '1234567890123456' }, messages.enterValidPhone);
    });
  });
});
