import {
  messages,
  oneTouchPaths,
  ticketPaths,
  type VisitorTicketFields,
  type VisitorTicketModal,
  visitorTicketSucceeded,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestToday } from '../src/modules/tickets/guest-tickets.ts';
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

const comments = 'I left it on the back seat of the cab.';
const forms: Record<VisitorTicketModal, VisitorTicketFields> = {
  lost_phone: {
    email: 'visitor@example.org',
    contactNumber: '9876543210',
    crn: '4821001',
    rideDate: '2026-01-05',
    rideTime: '21:30',
    pickUpLocation: 'MG Road metro station',
    dropLocation: 'Indiranagar 100 ft road',
    phoneMakeAndModel: 'Pixel 7, black case',
    comments,
  },
  other_issue: { email: 'visitor@example.org', comments },
  write_to_us: { email: 'visitor@example.org', contactNumber: '12345678', comments },
  issue_not_listed: { email: 'visitor@example.org', comments },
  unrecognised_charge: {
    email: 'visitor@example.org',
    transactionDate: '2026-01-05',
    transactionAmount: '999.99',
    cardSixDigits: '411111',
    cardFourDigits: '1111',
  },
};
const pathOf = (modal: VisitorTicketModal) =>
  modal === 'unrecognised_charge' ? ticketPaths.unrecognisedTransaction : ticketPaths.visitorTicket;
/** The day after the latest "today" anywhere: refused for every visitor. */
const tomorrow = () => new Date(Date.parse(`${latestToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases)('visitor ticket modals [%s]', (dialect) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    // Behind a proxy we trust: each visitor comes from an address of its own (the routes allow 5 a minute each).
    t = await createTestApp(dialect, { trustProxy: ['127.0.0.1'] }, { kb: fixtureKb });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new visitor's browser from an address of its own, with its form token. */
  const visitor = async () => {
    n += 1;
    const ip = { 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` };
    const c = new TestClient(t.app);
    await c.request('GET', '/api/auth/session', undefined, ip);
    const token = (await c.request('GET', ticketPaths.formToken, undefined, ip)).json().token as string;
    const send = (modal: VisitorTicketModal, fields: VisitorTicketFields, captcha: string | undefined) =>
      c.post(
        pathOf(modal),
        {
          country_code: 'IN',
          custom_field_map: fields,
          secret_key: token,
          article_id: '100502',
          subject: `Visitor: ${modal}`,
          ...(modal === 'unrecognised_charge' ? {} : { modal }),
          ...(captcha === undefined ? {} : { captcha }),
        },
        ip,
      );
    return { send };
  };
  const count = async (table: 'guest_tickets' | 'outbox', to?: string) => {
    let q = t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (to && table === 'outbox') q = q.where('to_address', '=', to);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  it.each(Object.keys(forms) as VisitorTicketModal[])(
    '%s with a solved captcha creates one ticket and mails its confirmation',
    async (modal) => {
      const email = `${modal}@example.org`;
      const v = await visitor();
      const before = await count('guest_tickets');
      const res = await v.send(modal, { ...forms[modal], email }, await solvedCaptcha(t.app));
      expect(res.statusCode, res.body).toBe(200);
      expect(visitorTicketSucceeded(res.json())).toBe(true);
      expect(res.json().message).toBe(messages.ticketSuccess);
      expect(await count('guest_tickets')).toBe(before + 1);
      const mail = await t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.kind).toBe('ticket_confirmation');
      expect(mail[0]?.text_body).toContain(res.json().ticket_id);
    },
  );

  it('refuses a missing, forged or replayed captcha with the spec text, and saves nothing', async () => {
    const before = await count('guest_tickets');
    const captchaText = 'Please Submit the Captcha Correctly.';
    const missing = await (await visitor()).send('lost_phone', forms.lost_phone, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(captchaText);
    const forged = await (await visitor()).send('lost_phone', forms.lost_phone, 'eyJmb28iOiJiYXIifQ==');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(captchaText);
    const captcha = await solvedCaptcha(t.app);
    expect((await (await visitor()).send('other_issue', forms.other_issue, captcha)).statusCode).toBe(200);
    const replayed = await (await visitor()).send('other_issue', forms.other_issue, captcha);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.message).toBe(captchaText);
    expect(await count('guest_tickets')).toBe(before + 1);
  });

  // Each bound, checked before the captcha (a form to correct keeps its captcha), answers 400 with its text.
  it.each([
    ['other_issue', { email: 'nope' }, messages.invalidEmail],
    ['other_issue', { comments: '' }, 'Please Enter the comments'],
    ['other_issue', { comments: 'x'.repeat(14) }, 'Please input minimum 15 Characters'],
    ['issue_not_listed', { contactNumber: '123456789' }, 'Please Enter Minimum 10 digit phone number'],
    ['issue_not_listed', { contactNumber: '1234567890123' }, 'Please Enter Minimum 10 digit phone number'],
    ['write_to_us', { contactNumber: '' }, 'Please Enter Valid phone number'],
    ['write_to_us', { contactNumber: '1234567' }, 'Please Enter Valid phone number'],
    ['write_to_us', { contactNumber: '1234567890123456' }, 'Please Enter Valid phone number'],
    ['lost_phone', { rideDate: '2016-12-31' }, 'Please verify your inputs'],
    ['lost_phone', { rideDate: 'tomorrow' }, 'Please verify your inputs'],
    ['lost_phone', { rideTime: '' }, 'Please verify your inputs'],
    ['lost_phone', { pickUpLocation: 'x'.repeat(9) }, 'Please verify your inputs'],
    ['lost_phone', { dropLocation: 'x'.repeat(101) }, 'Please verify your inputs'],
    ['lost_phone', { phoneMakeAndModel: `${' '.repeat(20)}abc` }, 'Please verify your inputs'],
    ['lost_phone', { crn: '1'.repeat(21) }, 'Please verify your inputs'],
    ['unrecognised_charge', { transactionDate: '2016-12-31' }, 'Please verify your inputs'],
    ['unrecognised_charge', { transactionDate: 'tomorrow' }, 'Please verify your inputs'],
    ['unrecognised_charge', { transactionAmount: '0' }, 'Please verify your inputs'],
    ['unrecognised_charge', { transactionAmount: '1000' }, 'Please verify your inputs'],
    ['unrecognised_charge', { transactionAmount: '10.123' }, 'Please verify your inputs'],
    ['unrecognised_charge', { cardSixDigits: '41111' }, 'Please input a valid Card Information'],
    ['unrecognised_charge', { cardFourDigits: '111' }, 'Please input a valid Card Information'],
    ['unrecognised_charge', { paypalEmail: 'payer@' }, messages.invalidEmail],
    ['unrecognised_charge', { comments: 'card 4111-1111-1111-1111 charged' }, messages.cardInComment],
    ['unrecognised_charge', { comments: 'card 4111 1111 1111 1111 charged' }, messages.cardInComment],
  ] as const)('%s %j → 400 %s', async (modal, change, text) => {
    const fields = Object.fromEntries(
      Object.entries({ ...forms[modal], ...change }).map(([k, v]) => [k, v === 'tomorrow' ? tomorrow() : v]),
    );
    const before = await count('guest_tickets');
    const res = await (await visitor()).send(modal, fields, 'not-needed-yet');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(text);
    expect(await count('guest_tickets')).toBe(before);
  });

  it('accepts the edges: today, 0.01 and 999.99, 10 and 100 characters, a 20-digit CRN', async () => {
    const edges: Array<[VisitorTicketModal, VisitorTicketFields]> = [
      ['lost_phone', { rideDate: '2017-01-01', pickUpLocation: 'x'.repeat(10), dropLocation: 'y'.repeat(100) }],
      ['lost_phone', { rideDate: latestToday(), crn: '1'.repeat(20) }],
      ['unrecognised_charge', { transactionDate: '2017-01-01', transactionAmount: '0.01' }],
    ];
    for (const [modal, change] of edges) {
      const res = await (await visitor()).send(modal, { ...forms[modal], ...change }, await solvedCaptcha(t.app));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('takes submit_without_login (a visitor in a city we cannot place) only with a fresh solved captcha', async () => {
    const captchaText = 'Please Submit the Captcha Correctly.';
    const post = async (captcha: string | undefined) => {
      n += 1;
      const ip = { 'x-forwarded-for': `198.19.0.${n}` };
      const c = new TestClient(t.app);
      await c.request('GET', '/api/auth/session', undefined, ip);
      const token = (await c.request('GET', ticketPaths.formToken, undefined, ip)).json().token as string;
      const body = {
        article_id: '22',
        call_type: 'refund',
        email: 'far-away@example.org',
        phone_number: '9876543210',
        city: 'Shillong',
        message: 'I was charged for a ride that never came to my place',
        secret_key: token,
        ...(captcha === undefined ? {} : { captcha }),
      };
      return c.post(oneTouchPaths.submitWithoutLogin, body, ip);
    };
    const before = await count('guest_tickets');
    for (const bad of [undefined, 'eyJmb3JnZWQiOnRydWV9']) {
      const refused = await post(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(captchaText);
    }
    const captcha = await solvedCaptcha(t.app);
    expect((await post(captcha)).json()).toMatchObject({ status: 'SUCCESS' });
    const replayed = await post(captcha);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.message).toBe(captchaText);
    expect(await count('guest_tickets')).toBe(before + 1);
  });

  it('shows a visitor their ticket once they sign in with its verified e-mail, once', async () => {
    const res = await (await visitor()).send(
      'issue_not_listed',
      { ...forms.issue_not_listed, email: accounts.customer.toUpperCase() },
      await solvedCaptcha(t.app),
    );
    const ticketId = res.json().ticket_id as string;
    const riya = await signedIn(t.app, accounts.customer);
    const list = (await riya.get(ticketPaths.search)).json();
    const mine = list.open.filter((x: { ticket_id: string }) => x.ticket_id === ticketId);
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Visitor: issue_not_listed');
    // Listed again (or on another device at once): still one.
    const [a, b] = await Promise.all([riya.get(ticketPaths.search), riya.get(ticketPaths.search)]);
    for (const again of [a.json(), b.json()]) {
      expect(again.open.filter((x: { ticket_id: string }) => x.ticket_id === ticketId)).toHaveLength(1);
    }
    // Nobody else sees it.
    const arjun = await signedIn(t.app, accounts.paidMember);
    const theirs = (await arjun.get(ticketPaths.search)).json();
    expect(theirs.open.some((x: { ticket_id: string }) => x.ticket_id === ticketId)).toBe(false);
  });
});
