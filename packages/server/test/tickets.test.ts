import { messages, ticketPaths } from '@selfserve/contract';
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

const longText = 'My driver took a much longer route than the map showed';

describe.each(testDatabases)('tickets [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  let riyaBooking: { id: string; crn: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
    riyaBooking = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn'])
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (userId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a ticket with the spec text, then answers OPEN_TICKET_PRESENT for the same issue and booking', async () => {
    const res = await riya.post(ticketPaths.create, { query: longText, issue_id: '21', booking_id: riyaBooking.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', request_status: 'CREATED', message: messages.ticketSuccess });
    const again = await riya.post(ticketPaths.create, {
      query: `${longText} again`,
      issue_id: '21',
      booking_id: riyaBooking.id,
    });
    expect(again.json()).toMatchObject({
      request_status: 'OPEN_TICKET_PRESENT',
      message: messages.ticketAlreadyOpen,
      ticket_id: res.json().ticket_id,
    });
  });

  it('creates exactly one ticket for 20 concurrent submits with one idempotency key', async () => {
    const before = await count('u_member_paid');
    const body = { query: 'The air conditioning did not work for the whole ride', issue_id: '23' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => arjun.post(ticketPaths.create, body, { 'idempotency-key': 'submit-7f3a9c1e' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().ticket_id)).size).toBe(1);
    expect(await count('u_member_paid')).toBe(before + 1);
  });

  it('validates the issue form with the contract messages, and skips the description for a valid ride id', async () => {
    const short = await riya.post(ticketPaths.create, { query: 'too short', issue_id: '22' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      message: 'Please enter atleast 20 characters',
      fields: { description: 'Please enter atleast 20 characters' },
    });
    const badEmail = await riya.post(ticketPaths.create, {
      query: longText,
      issue_id: '22',
      email_from: 'dummy@dummy.com',
    });
    expect(badEmail.json().error.message).toBe('Please input a valid email address');
    const withRide = await riya.post(ticketPaths.create, { query: '', issue_id: '41', booking_id: riyaBooking.id });
    expect(withRide.statusCode, withRide.body).toBe(200);
  });

  it('refuses another user’s booking and sends an unverified e-mail to verify', async () => {
    const res = await arjun.post(ticketPaths.create, { query: longText, issue_id: '22', booking_id: riyaBooking.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.bookingNotFound);
    const neha = new TestClient(t.app);
    await neha.signInAs('neha.unverified@example.in');
    const unverified = await neha.post(ticketPaths.create, { query: longText });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('email_not_verified');
  });

  it('lists only the user’s own tickets, open and closed, and takes one rating per ticket', async () => {
    const mine = (await riya.get(ticketPaths.search)).json();
    expect(mine.open.length).toBeGreaterThan(0);
    expect(mine.closed.length).toBeGreaterThan(0);
    const theirs = (await arjun.get(ticketPaths.search)).json();
    const riyaIds = new Set([...mine.open, ...mine.closed].map((x: { ticket_id: string }) => x.ticket_id));
    expect([...theirs.open, ...theirs.closed].some((x: { ticket_id: string }) => riyaIds.has(x.ticket_id))).toBe(false);
    expect((await riya.get(`${ticketPaths.search}?tag=driver`)).json().open).toEqual([]);

    const ticket = mine.open[0].ticket_id as string;
    expect(
      (await arjun.post(ticketPaths.csat, { ref_id: ticket, satisfaction_rating: { score: 'good' } })).statusCode,
    ).toBe(404);
    const noReason = await riya.post(ticketPaths.csat, {
      ref_id: ticket,
      satisfaction_rating: { score: 'bad', comment: 'slow' },
    });
    expect(noReason.statusCode).toBe(400);
    const bad = await riya.post(ticketPaths.csat, {
      ref_id: ticket,
      reason: 'too_slow',
      satisfaction_rating: { score: 'bad', comment: 'Took 3 days' },
    });
    expect(bad.statusCode).toBe(200);
    const twice = await riya.post(ticketPaths.csat, { ref_id: ticket, satisfaction_rating: { score: 'good' } });
    expect(twice.statusCode).toBe(409);
    const after = (await riya.get(ticketPaths.search)).json();
    expect(after.open.find((x: { ticket_id: string }) => x.ticket_id === ticket).rated).toBe(true);
  });

  it('creates marketplace tickets for the user’s own orders, with placeholder contacts only where details are missing', async () => {
    const orders = await t.database.db.selectFrom('orders').selectAll().where('order_type', '=', 'ondc').execute();
    const missing = orders.find((o) => o.customer_name === null);
    expect(missing).toBeDefined();
    if (!missing) return;
    const c = await signedInAsUser(t, missing.user_id);
    const res = await c.post(ticketPaths.marketplace('ondc'), {
      order_id: missing.id,
      query: 'The parcel never arrived at my door',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(missing.id);
    const row = await t.database.db
      .selectFrom('tickets')
      .select('payload')
      .where('order_id', '=', missing.id)
      .executeTakeFirstOrThrow();
    const contact = JSON.parse(row.payload).contact;
    expect(contact.name).toBeTruthy();
    const stranger = await arjun.post(ticketPaths.marketplace('ondc'), {
      order_id: missing.id,
      query: 'The parcel never arrived at my door',
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (
        await c.post(ticketPaths.marketplace('grocery'), {
          order_id: missing.id,
          query: 'The parcel never arrived at my door',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes a non-login unrecognised-transaction ticket, refusing card numbers in comments', async () => {
    const guest = new TestClient(t.app);
    await guest.get('/api/auth/session');
    const token = (await guest.get(ticketPaths.formToken)).json().token as string;
    const payload = {
      secret_key: token,
      country_code: 'GB',
      article_id: '21',
      subject: 'Unrecognised charge',
      custom_field_map: { email: 'someone@example.org', comments: 'I never took this ride', transactionAmount: 12.5 },
    };
    const ok = await guest.post(ticketPaths.unrecognisedTransaction, payload);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(messages.ticketSuccess);
    const card = await guest.post(ticketPaths.unrecognisedTransaction, {
      ...payload,
      custom_field_map: { ...payload.custom_field_map, comments: 'my card 4111 1111 1111 1111 was charged' },
    });
    expect(card.statusCode).toBe(400);
    expect(card.json().error.message).toBe(
      'We found a Card Information in your comment. Request you to Remove such personal information.',
    );
  });

  it('records monitoring events', async () => {
    const res = await riya.post(ticketPaths.monitoring, {
      event_name: 'ticket_create',
      versionId: '91500',
      osName: 'web',
      ms: 120,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('monitoring_events')
      .selectAll()
      .where('event_name', '=', 'ticket_create')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.attributes)).toMatchObject({ versionId: '91500', ms: 120 });
  });

  it('attaches the user’s own uploads in the ticket’s transaction, refuses anyone else’s, and mails a confirmation', async () => {
    const doc = (id: string, userId: string) => ({
      id,
      user_id: userId,
      file_name: 'photo.png',
      content_type: 'image/png',
      size: 100,
      storage_key: `key${id}`,
      ticket_id: null,
      created_at: new Date().toISOString(),
    });
    await t.database.db
      .insertInto('documents')
      .values([doc('d_riya_1', 'u_customer_in'), doc('d_arjun_1', 'u_member_paid')])
      .execute();
    const stolen = await riya.post(ticketPaths.create, { query: longText, uploaded_image_ids: ['d_arjun_1'] });
    expect(stolen.statusCode).toBe(400);
    const before = await count('u_customer_in');
    const ok = await riya.post(ticketPaths.create, {
      query: `${longText} with a photo`,
      uploaded_image_ids: ['d_riya_1'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count('u_customer_in')).toBe(before + 1);
    const attached = await t.database.db
      .selectFrom('documents')
      .select('ticket_id')
      .where('id', '=', 'd_riya_1')
      .executeTakeFirstOrThrow();
    expect(attached.ticket_id).toBeTruthy();
    const reuse = await riya.post(ticketPaths.create, {
      query: `${longText} reusing the photo`,
      uploaded_image_ids: ['d_riya_1'],
    });
    expect(reuse.statusCode).toBe(400);
    expect(await count('u_customer_in')).toBe(before + 1);
    const mail = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', accounts.customer)
      .where('subject', 'like', `%${ok.json().ticket_id}%`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text_body).toContain(messages.ticketSuccess);
  });
});
