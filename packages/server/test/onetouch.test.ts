import path from 'node:path';
import {
  apiPaths,
  type Bill,
  bookingPaths,
  INVOICE_MAILS_PER_ADDRESS_PER_DAY,
  INVOICE_MAILS_PER_USER_PER_HOUR,
  mailPaths,
  messages,
  type OutboxMessage,
  oneTouchPaths,
  reviewBillDispute,
  ticketPaths,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type SmtpTransport } from '../src/modules/mail/mailer.ts';
import { requestInvoiceMail } from '../src/modules/onetouch/invoice-mail.ts';
import { findUserById } from '../src/modules/users/repo.ts';
import {
  accounts,
  createTestApp,
  fixtureKb,
  signedIn,
  signedInAsUser,
  solvedCaptcha,
  type TestApp,
  TestClient,
  testDatabases,
} from './helpers.ts';
import { testConfig } from './test-config.ts';

describe.each(testDatabases)('one-touch [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  const riyas = async (where: 'charged' | 'completed') => {
    let q = t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn'])
      .where('user_id', '=', 'u_customer_in')
      .orderBy('id');
    q =
      where === 'charged'
        ? q.where('status', '=', 'cancelled').where('fare', '>', 0)
        : q.where('status', '=', 'completed');
    return q.execute();
  };
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
  });
  afterAll(async () => {
    await t.close();
  });

  const refund = (c: TestClient, bookingId: string, destination = 'neft', headers: Record<string, string> = {}) =>
    c.post(
      oneTouchPaths.submitV1,
      { article_id: '22', call_type: 'refund', booking_id: bookingId, refund_destination: destination },
      headers,
    );

  it('refunds a cancelled ride with a charge once; the second attempt is ALREADY_REFUNDED', async () => {
    const [booking] = await riyas('charged');
    if (!booking) throw new Error('no charged ride in the seed');
    const first = await refund(riya, booking.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'SUCCESS', title: 'Refund initiated', csat_required: true });
    expect(first.json().message).toContain('7 to 10 business days');
    expect(first.json().ticket_request_id).toBeTruthy();
    const second = await refund(riya, booking.id, 'voucher');
    expect(second.json().status).toBe('ALREADY_REFUNDED');

    // The answer asks for the rating (csat_required): taken although its follow-up ticket is still open (issue 14).
    const ticketId = first.json().ticket_request_id as string;
    const row = await t.database.db
      .selectFrom('tickets')
      .select(['status', 'kind'])
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', kind: 'one_touch' });
    const rated = await riya.post(ticketPaths.csat, { ref_id: ticketId, satisfaction_rating: { score: 'good' } });
    expect(rated.statusCode, rated.body).toBe(200);
  });

  it('refunds once under concurrent submits, instantly for a voucher', async () => {
    const [, booking] = await riyas('charged');
    if (!booking) throw new Error('no second charged ride in the seed');
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(riya, booking.id, 'voucher')));
    const statuses = answers.map((a) => a.json().status).sort();
    expect(statuses.filter((s) => s === 'SUCCESS')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'ALREADY_REFUNDED')).toHaveLength(7);
    const success = answers.find((a) => a.json().status === 'SUCCESS')?.json();
    expect(success.message).toContain('ready to use now');
    const rows = await t.database.db.selectFrom('refunds').selectAll().where('booking_id', '=', booking.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses someone else’s booking, a ride without a charge, and a call type the article does not offer', async () => {
    const [booking] = await riyas('charged');
    const [completed] = await riyas('completed');
    if (!booking || !completed) throw new Error('seed');
    const stranger = await refund(arjun, booking.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(messages.bookingNotFound);
    expect((await refund(riya, completed.id)).json()).toMatchObject({
      status: 'FAILURE',
      title: 'Not eligible for a refund',
    });
    const mismatch = await riya.post(oneTouchPaths.submitV1, {
      article_id: '22',
      call_type: 'unban',
      booking_id: completed.id,
    });
    expect(mismatch.statusCode).toBe(400);
    const noDestination = await riya.post(oneTouchPaths.submitV1, {
      article_id: '22',
      call_type: 'refund',
      booking_id: booking.id,
    });
    expect(noDestination.statusCode).toBe(400);
  });

  it('refunds only to a destination the article offers; with KYC hidden, to the first of voucher and NEFT', async () => {
    const charged = await riyas('charged');
    const [, , a, b] = charged;
    if (!a || !b) throw new Error('seed: four charged rides');
    const sideLoad = (value: Record<string, unknown>) =>
      t.database.db
        .updateTable('articles')
        .set({ side_load: JSON.stringify(value) })
        .where('id', '=', '22')
        .execute();
    try {
      await sideLoad({ showVoucher: true, showNEFT: false });
      const refused = await refund(riya, a.id, 'neft');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('This refund cannot be sent there. Please choose another option.');
      await sideLoad({ show_kyc: false, showVoucher: false });
      const noStep = await riya.post(oneTouchPaths.submitV1, {
        article_id: '22',
        call_type: 'refund',
        booking_id: a.id,
      });
      expect(noStep.json()).toMatchObject({ status: 'SUCCESS', title: 'Refund initiated' });
      expect(noStep.json().message).toContain('7 to 10 business days');
      await sideLoad({});
      const asked = await riya.post(oneTouchPaths.submitV1, {
        article_id: '22',
        call_type: 'refund',
        booking_id: b.id,
      });
      expect(asked.statusCode).toBe(400);
    } finally {
      await sideLoad({});
    }
  });

  /** Riya's completed rides whose bill the review would adjust (a fault in the records), or not. */
  const ridesWithBills = async (adjustable: boolean) => {
    const rows = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn', 'bill', 'fare'])
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .where('bill', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.filter(
      (r) => (reviewBillDispute(JSON.parse(r.bill ?? '') as Bill, null, []).outcome === 'adjust') === adjustable,
    );
  };
  const dispute = (c: TestClient, bookingId: string, extra: Record<string, unknown> = {}, headers = {}) =>
    c.post(
      oneTouchPaths.submitV1,
      { article_id: '25', call_type: 'fare_dispute', booking_id: bookingId, ...extra },
      headers,
    );

  it('shows the bill of the user’s own ride only', async () => {
    const [ride] = await ridesWithBills(false);
    const [charged] = await riyas('charged');
    if (!ride || !charged) throw new Error('seed');
    const res = await riya.get(`${bookingPaths.bill}?booking_id=${ride.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'SUCCESS', booking_id: ride.id, crn: ride.crn, dispute: null });
    const sum = body.bill.lines.reduce((total: number, l: { amount: number }) => total + l.amount, 0);
    expect(Math.abs(sum - ride.fare)).toBeLessThan(0.011);
    expect(body.bill.lines.map((l: { key: string }) => l.key)).toContain('base_fare');
    expect((await riya.get(`${bookingPaths.bill}?booking_id=${charged.id}`)).json().bill.lines[0].key).toBe(
      'cancellation_fee',
    );
    const stranger = await arjun.get(`${bookingPaths.bill}?booking_id=${ride.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(messages.bookingNotFound);
    expect((await riya.get(bookingPaths.bill)).statusCode).toBe(400);
  });

  it('adjusts what the ride’s records prove wrong at once, once, and shows the bill, distance and map', async () => {
    const [ride] = await ridesWithBills(true);
    if (!ride) throw new Error('no adjustable bill in the seed');
    const bill = JSON.parse(ride.bill ?? '') as Bill;
    const expected = reviewBillDispute(bill, 'no_route_change', []);
    if (expected.outcome !== 'adjust') throw new Error('seed');
    const first = await dispute(riya, ride.id, { option_selected: 'no_route_change' });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({ status: 'SUCCESS', title: 'Fare adjusted', ticket_request_id: null });
    expect(answer.message).toMatch(/We have added ₹\d+ to your wallet/);
    expect(answer.bill.lines.at(-1)).toEqual({ key: 'adjustment', amount: -expected.amount });
    expect(answer.bill.total).toBeCloseTo(ride.fare - expected.amount, 2);
    expect(answer.distance).toBe(`${bill.distance_km} km`);
    expect(answer.map_url).toMatch(/^\/img\/maps\//);
    const again = (await dispute(riya, ride.id, { option_selected: 'no_route_change' })).json();
    expect(again).toMatchObject({ status: 'NOIMAGE', title: 'Bill already reviewed' });
    const shown = (await riya.get(`${bookingPaths.bill}?booking_id=${ride.id}`)).json();
    expect(shown.dispute).toMatchObject({ outcome: 'adjusted', amount: expected.amount, ticket_id: null });
    // The invoice of the ride shows the adjustment and the new total.
    await riya.post(oneTouchPaths.sendInvoice, { booking_id: ride.id, email: accounts.customer });
    const invoice = await t.database.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', accounts.customer)
      .where('subject', 'like', `%${ride.crn}%`)
      .executeTakeFirstOrThrow();
    expect(invoice.text_body).toContain(`Adjustment: -₹${expected.amount}\nTotal: ₹${ride.fare - expected.amount}\n`);
  });

  it('sends what the records cannot settle to a person: one ticket under concurrent submits', async () => {
    const [ride] = await ridesWithBills(false);
    if (!ride) throw new Error('seed');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        dispute(
          riya,
          ride.id,
          { option_selected: 'drop_changed_fare_high', params: { disputed_lines: ['distance', 'toll'] } },
          { 'idempotency-key': `bill-dispute-${i}-key` },
        ),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const received = answers.map((a) => a.json()).filter((a) => a.status === 'SUCCESS');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ title: 'Request received', csat_required: true });
    expect(received[0].bill.total).toBe(ride.fare);
    const tickets = await t.database.db
      .selectFrom('tickets')
      .selectAll()
      .where('booking_id', '=', ride.id)
      .where('subject', 'like', 'Bill dispute%')
      .execute();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]?.query).toContain('Disputed: distance, toll');
    expect(tickets[0]?.ticket_id).toBe(received[0].ticket_request_id);
  });

  it('a request that opens a ticket needs a verified e-mail (email_not_verified); an instant adjustment does not', async () => {
    const email = 'neha.unverified@example.in';
    const neha = await signedIn(t.app, email);
    const { id: nehaId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const rides = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'bill'])
      .where('user_id', '=', nehaId)
      .where('status', '=', 'completed')
      .where('bill', 'is not', null)
      .execute();
    const review = rides.find((r) => reviewBillDispute(JSON.parse(r.bill ?? ''), null, []).outcome === 'review');
    if (!review) throw new Error('seed: a completed ride of neha');
    const refused = await dispute(neha, review.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_not_verified');
    const tickets = await t.database.db
      .selectFrom('tickets')
      .select('id')
      .where('booking_id', '=', review.id)
      .where('subject', 'like', 'Bill dispute%')
      .execute();
    expect(tickets).toHaveLength(0);
  });

  it('refuses a dispute of a ride without a bill and lines that are not on a bill', async () => {
    const [charged] = await riyas('charged');
    const [, ride] = await ridesWithBills(false);
    if (!charged || !ride) throw new Error('seed');
    expect((await dispute(riya, charged.id)).json()).toMatchObject({ status: 'FAILURE', title: 'No bill to dispute' });
    const bad = await dispute(riya, ride.id, { params: { disputed_lines: ['tip'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please choose the lines of the bill that look wrong.');
    expect((await dispute(arjun, ride.id)).statusCode).toBe(404);
  });

  it('mails the Select subscription invoice without a ride; a trial has none', async () => {
    const invoice = (c: TestClient, email: string) =>
      c.post(oneTouchPaths.submitV1, {
        article_id: '152',
        call_type: 'subscription_invoice',
        params: { email },
      });
    const sent = await invoice(arjun, accounts.paidMember);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'SUCCESS', title: messages.invoiceSent });
    const mail = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', accounts.paidMember)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your invoice for Select Annual');
    expect(mail.text_body).toContain('Total: ₹999');
    // Days as English is written in India (issue 14), not bare ISO dates.
    expect(mail.text_body).toMatch(/\nPeriod: \d{1,2} [A-Z][a-z]{2,3} \d{4} to \d{1,2} [A-Z][a-z]{2,3} \d{4}\n/);
    const meera = await signedIn(t.app, accounts.trialMember);
    expect((await invoice(meera, accounts.trialMember)).json()).toMatchObject({ status: 'FAILURE' });
  });

  it('mails the invoice of a completed ride and says Invoice Sent!', async () => {
    const [completed] = await riyas('completed');
    const [charged] = await riyas('charged');
    if (!completed || !charged) throw new Error('seed');
    const res = await riya.post(oneTouchPaths.sendInvoice, {
      booking_id: completed.id,
      email: accounts.customer,
    });
    expect(res.json()).toMatchObject({ status: 'SUCCESS', title: messages.invoiceSent });
    const mail = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', accounts.customer)
      .where('subject', 'like', `%${completed.crn}%`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain(completed.crn);
    expect(mail[0]?.text_body).toContain('Base fare: ₹');
    expect(mail[0]?.text_body).toMatch(/\nDate: \d{1,2} [A-Z][a-z]{2,3} \d{4}\n/);
    expect(mail[0]?.text_body).toMatch(/Taxes: ₹\d+\nTotal: ₹\d+\n$/);
    expect(
      (await riya.post(oneTouchPaths.sendInvoice, { booking_id: charged.id, email: 'riya.billing@example.in' })).json()
        .status,
    ).toBe('FAILURE');
    expect(
      (await arjun.post(oneTouchPaths.sendInvoice, { booking_id: completed.id, email: 'x@example.in' })).statusCode,
    ).toBe(404);
    expect((await riya.post(oneTouchPaths.sendInvoice, { booking_id: completed.id, email: 'nope' })).statusCode).toBe(
      400,
    );
  });

  it('updates the e-mail: an empty previous e-mail fails under Sorry; a valid change needs verifying again', async () => {
    const kabir = new TestClient(t.app);
    await kabir.signInAs(accounts.expiredMember);
    const empty = await kabir.post(oneTouchPaths.updateEmail, {
      previous_email: '',
      updated_email: 'kabir.new@example.in',
    });
    expect(empty.json()).toMatchObject({
      status: 'FAILURE',
      title: 'Sorry',
      message: 'Please sign in and submit your request again.',
    });
    const taken = await kabir.post(oneTouchPaths.updateEmail, {
      previous_email: accounts.expiredMember,
      updated_email: accounts.customer,
    });
    expect(taken.json().status).toBe('FAILURE');
    const tooLong = await kabir.post(oneTouchPaths.updateEmail, {
      previous_email: accounts.expiredMember,
      updated_email: `${'k'.repeat(45)}@example.in`,
    });
    expect(tooLong.statusCode).toBe(400);
    const ok = await kabir.post(oneTouchPaths.updateEmail, {
      previous_email: accounts.expiredMember,
      updated_email: 'Kabir.New@example.in',
    });
    expect(ok.json()).toMatchObject({ status: 'SUCCESS' });
    const user = await t.database.db
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .where('id', '=', 'u_member_expired')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email: 'kabir.new@example.in', email_verified: 0 });
  });

  it('takes a request from a visitor in an unknown city, with the non-login form token', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get('/api/auth/session');
    const token = (await visitor.get(ticketPaths.formToken)).json().token as string;
    const body = {
      article_id: '22',
      call_type: 'refund',
      email: 'visitor@example.org',
      city: 'Shillong',
      message: 'I was charged for a ride that never came to my place',
      secret_key: token,
      captcha: await solvedCaptcha(t.app),
    };
    // Without a captcha: the spec's text, and the form token stays usable (more in visitor-tickets.test.ts).
    const { captcha: _none, ...withoutCaptcha } = body;
    const refused = await visitor.post(oneTouchPaths.submitWithoutLogin, withoutCaptcha);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Please Submit the Captcha Correctly.');
    const ok = await visitor.post(oneTouchPaths.submitWithoutLogin, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'SUCCESS', message: messages.ticketSuccess });
    const row = await t.database.db
      .selectFrom('guest_tickets')
      .selectAll()
      .where('ticket_id', '=', ok.json().ticket_request_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'visitor@example.org', kind: 'one_touch:refund' });
    expect(row.payload).not.toContain(token);
    expect(
      (await visitor.post(oneTouchPaths.submitWithoutLogin, { ...body, secret_key: 'forged' })).json(),
    ).toMatchObject({
      status: 'FAILURE',
      title: 'Sorry!',
    });
    expect((await visitor.post(oneTouchPaths.submitWithoutLogin, { ...body, call_type: 'unban' })).statusCode).toBe(
      400,
    );
    expect((await visitor.post(oneTouchPaths.submitWithoutLogin, { ...body, message: 'too short' })).statusCode).toBe(
      400,
    );
  });
});

describe.each(testDatabases)('invoices by mail are no relay [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let ride: { id: string; crn: string };
  const outbox = (to: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();
  const linkUsed = 'This link has expired or was already used. Please ask for the invoice again.';
  const linkToken = (text: string) => /\/invoice\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
    riya = await signedIn(t.app, accounts.customer);
    ride = await t.database.db
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
  const send = (c: TestClient, email: string) => c.post(oneTouchPaths.sendInvoice, { booking_id: ride.id, email });

  it('refuses an invalid address with the spec message, never 5xx, on the invoice call and the submits', async () => {
    const arjun = await signedIn(t.app, accounts.paidMember);
    for (const email of ['nope', 'a@b', 'x@example.in\r\nBcc: y@evil.example', '<x@example.in>', 'a,b@example.in']) {
      const direct = await send(riya, email);
      expect(direct.statusCode, email).toBe(400);
      expect(direct.json().error.message).toBe('Please Enter A Valid Email');
      const sub = await arjun.post(oneTouchPaths.submitV3, {
        article_id: '152',
        call_type: 'subscription_invoice',
        params: { email },
      });
      expect(sub.statusCode, email).toBe(400);
      expect(sub.json().error.message).toBe('Please Enter A Valid Email');
    }
    const notText = await arjun.post(oneTouchPaths.submitV1, {
      article_id: '152',
      call_type: 'subscription_invoice',
      params: { email: { to: 'x@example.in' } },
    });
    expect(notText.statusCode).toBe(400);
    expect(await outbox('x@example.in')).toHaveLength(0);
  });

  it('answers every way of failing the address on the invoice call with the spec message (isValidEmail, 3 to 50)', async () => {
    const arjun = await signedIn(t.app, accounts.paidMember);
    const tooLong = `${'k'.repeat(45)}@example.in`; // 56 characters, well formed
    for (const email of ['', 'ab', '  ', tooLong, 42, null, ['x@example.in'], 'dummy@dummy.com']) {
      const direct = await riya.post(oneTouchPaths.sendInvoice, { booking_id: ride.id, email });
      expect(direct.statusCode, JSON.stringify(email)).toBe(400);
      expect(direct.json().error.message, JSON.stringify(email)).toBe('Please Enter A Valid Email');
      const submitted = await arjun.post(oneTouchPaths.submitV2, {
        article_id: '152',
        call_type: 'subscription_invoice',
        params: { email },
      });
      // null means "not given": the account's own (verified) address is used.
      expect(submitted.statusCode, JSON.stringify(email)).toBe(email === null ? 200 : 400);
      if (email !== null) expect(submitted.json().error.message).toBe('Please Enter A Valid Email');
    }
    const missing = await riya.post(oneTouchPaths.sendInvoice, { booking_id: ride.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please Enter A Valid Email');
    expect(await outbox(tooLong)).toHaveLength(0);
  });

  it('sends an unverified account address a link too, not the invoice', async () => {
    const neha = await signedInAsUser(t, 'u_unverified');
    const nehaRide = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_unverified')
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const res = await neha.post(oneTouchPaths.sendInvoice, {
      booking_id: nehaRide.id,
      email: 'neha.unverified@example.in',
    });
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      title: 'Confirm your e-mail address',
      message: 'We have sent a link to neha.unverified@example.in. Open it within 24 hours to receive the invoice.',
    });
    expect((await outbox('neha.unverified@example.in')).map((m) => m.kind)).toEqual(['invoice_confirmation']);
  });

  it('sends an outside address a one-time link, not the invoice; the link sends it once', async () => {
    const res = await send(riya, 'Someone.Else@Example.org');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', title: 'Confirm your e-mail address' });
    const mails = await outbox('someone.else@example.org');
    expect(mails.map((m) => m.kind)).toEqual(['invoice_confirmation']);
    expect(mails[0]?.text_body).not.toContain('Total:');
    const token = linkToken(mails[0]?.text_body ?? '');
    expect(token).not.toBe('');

    // Whoever opens the link (a visitor on another device) sends the invoice it was made for, once.
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    const opened = await visitor.post(oneTouchPaths.confirmInvoiceEmail, { token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      status: 'SUCCESS',
      title: messages.invoiceSent,
      message: `We have sent the invoice for ride ${ride.crn} to someone.else@example.org.`,
    });
    expect((await outbox('someone.else@example.org')).map((m) => m.kind)).toEqual(['invoice_confirmation', 'invoice']);
    const again = await visitor.post(oneTouchPaths.confirmInvoiceEmail, { token });
    expect(again.json()).toMatchObject({ status: 'FAILURE', message: linkUsed });
    expect((await outbox('someone.else@example.org')).filter((m) => m.kind === 'invoice')).toHaveLength(1);

    // The address is now one riya confirmed: the next invoice goes straight there.
    expect((await send(riya, 'someone.else@example.org')).json().title).toBe(messages.invoiceSent);
    // ...but only for riya: another user asking for it there starts with a link.
    const arjun = await signedIn(t.app, accounts.paidMember);
    const other = await arjun.post(oneTouchPaths.submitV1, {
      article_id: '152',
      call_type: 'subscription_invoice',
      params: { email: 'someone.else@example.org' },
    });
    expect(other.json().title).toBe('Confirm your e-mail address');
  });

  it('a link acts for the user who asked, whoever opens it: another user gains no address and no invoice of theirs', async () => {
    const arjun = await signedIn(t.app, accounts.paidMember);
    await send(riya, 'shared.box@example.org');
    const [mail] = await outbox('shared.box@example.org');
    const token = linkToken(mail?.text_body ?? '');
    // Arjun, signed in, opens riya's link: what goes out is riya's ride invoice to the address riya typed.
    const opened = await arjun.post(oneTouchPaths.confirmInvoiceEmail, { token });
    expect(opened.json()).toMatchObject({
      status: 'SUCCESS',
      message: `We have sent the invoice for ride ${ride.crn} to shared.box@example.org.`,
    });
    const confirmed = await t.database.db
      .selectFrom('invoice_addresses')
      .select('user_id')
      .where('address', '=', 'shared.box@example.org')
      .execute();
    expect(confirmed).toEqual([{ user_id: 'u_customer_in' }]);
    expect((await outbox(accounts.paidMember)).filter((m) => m.subject.includes(ride.crn))).toHaveLength(0);
    // Arjun's own invoice to that address still needs its own link, and riya's link is used up for everyone.
    const own = await arjun.post(oneTouchPaths.submitV1, {
      article_id: '152',
      call_type: 'subscription_invoice',
      params: { email: 'shared.box@example.org' },
    });
    expect(own.json().title).toBe('Confirm your e-mail address');
    expect((await riya.post(oneTouchPaths.confirmInvoiceEmail, { token })).json()).toMatchObject({
      status: 'FAILURE',
      message: linkUsed,
    });
    expect((await outbox('shared.box@example.org')).filter((m) => m.kind === 'invoice')).toHaveLength(1);
  });

  it('with real mail (SMTP), the requester cannot read the link in the demo outbox', async () => {
    const delivered: string[] = [];
    const smtp: SmtpTransport = {
      sendMail: async (m) => {
        delivered.push(m.text);
      },
      close: () => {},
    };
    const mailer = createMailer({
      db: t.database.db,
      config: { ...testConfig(), smtpUrl: 'smtp://mail.example:587' },
      smtp,
    });
    const arjunRow = await findUserById(t.database.db, 'u_member_paid');
    if (!arjunRow) throw new Error('seed: arjun');
    const result = await requestInvoiceMail(
      { db: t.database.db, dialect, mailer, user: arjunRow, linkBase: 'https://help.example' },
      'smtp.reader@example.org',
      { type: 'subscription' },
    );
    expect(result).toEqual({ outcome: 'confirm', address: 'smtp.reader@example.org' });
    expect(linkToken(delivered[0] ?? '')).not.toBe('');
    const arjun = await signedIn(t.app, accounts.paidMember);
    const listed: OutboxMessage[] = (await arjun.get(mailPaths.devOutbox)).json().messages;
    expect(listed.filter((m) => m.to === 'smtp.reader@example.org')).toEqual([]);
  });

  it('holds the limits under concurrent requests (counted and recorded in one transaction)', async () => {
    const rideOf = (userId: string) =>
      t.database.db
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
    // Per address: liam's own verified address, twice the daily number at once.
    const liam = await signedIn(t.app, 'liam.wilson@example.co.nz');
    const { id: liamId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'liam.wilson@example.co.nz')
      .executeTakeFirstOrThrow();
    const liamRide = await rideOf(liamId);
    const own = await Promise.all(
      Array.from({ length: 2 * INVOICE_MAILS_PER_ADDRESS_PER_DAY }, () =>
        liam.post(oneTouchPaths.sendInvoice, { booking_id: liamRide.id, email: 'liam.wilson@example.co.nz' }),
      ),
    );
    expect(own.filter((r) => r.statusCode === 200)).toHaveLength(INVOICE_MAILS_PER_ADDRESS_PER_DAY);
    expect(own.filter((r) => r.statusCode === 429)).toHaveLength(INVOICE_MAILS_PER_ADDRESS_PER_DAY);
    expect((await outbox('liam.wilson@example.co.nz')).filter((m) => m.kind === 'invoice')).toHaveLength(
      INVOICE_MAILS_PER_ADDRESS_PER_DAY,
    );
    // Per user: oliver, twice the hourly number of fresh addresses at once.
    const oliver = await signedIn(t.app, 'oliver.smith@example.co.uk');
    const { id: oliverId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'oliver.smith@example.co.uk')
      .executeTakeFirstOrThrow();
    const oliverRide = await rideOf(oliverId);
    const many = await Promise.all(
      Array.from({ length: 2 * INVOICE_MAILS_PER_USER_PER_HOUR }, (_, i) =>
        oliver.post(oneTouchPaths.sendInvoice, { booking_id: oliverRide.id, email: `burst${i}@example.org` }),
      ),
    );
    expect(many.filter((r) => r.statusCode === 200)).toHaveLength(INVOICE_MAILS_PER_USER_PER_HOUR);
    const tooMany = many.find((r) => r.statusCode === 429);
    expect(tooMany?.json()).toEqual({
      status: 'FAILURE',
      error: { code: 'TOO_MANY_REQUESTS', message: messages.TOO_MANY_REQUESTS },
    });
    const sent = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', 'like', 'burst%@example.org')
      .execute();
    expect(sent).toHaveLength(INVOICE_MAILS_PER_USER_PER_HOUR);
  });

  it('refuses an expired, unknown or malformed link', async () => {
    await send(riya, 'late.reader@example.org');
    const [mail] = await outbox('late.reader@example.org');
    const token = linkToken(mail?.text_body ?? '');
    await t.database.db
      .updateTable('invoice_mails')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('address', '=', 'late.reader@example.org')
      .execute();
    expect((await riya.post(oneTouchPaths.confirmInvoiceEmail, { token })).json()).toMatchObject({
      status: 'FAILURE',
      message: linkUsed,
    });
    expect((await riya.post(oneTouchPaths.confirmInvoiceEmail, { token: 'x'.repeat(43) })).json().status).toBe(
      'FAILURE',
    );
    expect((await riya.post(oneTouchPaths.confirmInvoiceEmail, { token: 'short' })).statusCode).toBe(400);
    expect((await outbox('late.reader@example.org')).filter((m) => m.kind === 'invoice')).toHaveLength(0);
  });

  it(`limits mails to ${INVOICE_MAILS_PER_ADDRESS_PER_DAY} per address a day and ${INVOICE_MAILS_PER_USER_PER_HOUR} per user an hour`, async () => {
    const kabir = await signedIn(t.app, accounts.expiredMember);
    const kabirRide = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_member_expired')
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const statuses: number[] = [];
    for (let i = 0; i < INVOICE_MAILS_PER_ADDRESS_PER_DAY + 1; i++) {
      statuses.push(
        (await kabir.post(oneTouchPaths.sendInvoice, { booking_id: kabirRide.id, email: 'target@example.org' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(INVOICE_MAILS_PER_ADDRESS_PER_DAY).fill(200), 429]);
    expect(await outbox('target@example.org')).toHaveLength(INVOICE_MAILS_PER_ADDRESS_PER_DAY);
    // Per user: a fresh address each time still stops at the hourly cap (counting kabir's sends above).
    const more: number[] = [];
    for (let i = 0; i < INVOICE_MAILS_PER_USER_PER_HOUR; i++) {
      more.push(
        (await kabir.post(oneTouchPaths.sendInvoice, { booking_id: kabirRide.id, email: `r${i}@example.org` }))
          .statusCode,
      );
    }
    expect(more.filter((s) => s === 200)).toHaveLength(
      INVOICE_MAILS_PER_USER_PER_HOUR - INVOICE_MAILS_PER_ADDRESS_PER_DAY,
    );
    expect(more.at(-1)).toBe(429);
  });
});

describe.each(testDatabases)('the v1/v2/v3 submits of the send_invoice article [%s]', (dialect) => {
  it('refuse a bad params.email with 400 and send an outside address a link only', async () => {
    const t = await createTestApp(dialect, {}, { kb: path.resolve(import.meta.dirname, '../../../content/kb') });
    try {
      const riya = await signedIn(t.app, accounts.customer);
      const ride = await t.database.db
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', 'u_customer_in')
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      for (const [i, path] of [oneTouchPaths.submitV1, oneTouchPaths.submitV2, oneTouchPaths.submitV3].entries()) {
        const submit = (email: unknown) =>
          riya.post(path, { article_id: '101004', call_type: 'send_invoice', booking_id: ride.id, params: { email } });
        for (const email of ['not-an-address', '', 'x@example.in\nBcc: y@evil.example', 7]) {
          const bad = await submit(email);
          expect(bad.statusCode, `${path} ${JSON.stringify(email)}`).toBe(400);
          expect(bad.json().error.message).toBe('Please Enter A Valid Email');
        }
        const stranger = `stranger${i}@example.org`;
        expect((await submit(stranger)).json()).toMatchObject({
          status: 'SUCCESS',
          title: 'Confirm your e-mail address',
          message: `We have sent a link to ${stranger}. Open it within 24 hours to receive the invoice.`,
        });
        const kinds = await t.database.db
          .selectFrom('outbox')
          .select('kind')
          .where('to_address', '=', stranger)
          .execute();
        expect(kinds.map((k) => k.kind)).toEqual(['invoice_confirmation']);
        // The account's own verified address: the invoice at once.
        expect((await submit(accounts.customer)).json().title).toBe(messages.invoiceSent);
      }
    } finally {
      await t.close();
    }
  });
});
