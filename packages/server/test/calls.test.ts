import path from 'node:path';
import {
  CALLBACK_REPEAT_WINDOW_MINUTES,
  CALLS_PER_USER_PER_HOUR,
  CSRF_HEADER,
  callPaths,
  messages,
} from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { httpTelephony, simulatedTelephony, type Telephony } from '../src/modules/telephony/telephony.ts';
import { accounts, openTestDatabase, signedIn, type TestClient, type TestDatabase, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const kb = path.resolve(import.meta.dirname, '../../../content/kb');
const ARTICLE = '100501';

/** The demo simulator itself (docs/telephony.md), counting what reached the "provider". */
function countingSimulator(): Telephony & { counts: Record<string, number> } {
  const counts: Record<string, number> = { clickToCall: 0, requestCallback: 0, bridge: 0, sendSms: 0 };
  // Only its lost-item call posts through the app; the calls counted here answer at once.
  const sim = simulatedTelephony({} as FastifyInstance, 'secret', 0);
  const counted =
    <A, R>(name: string, fn: (arg: A) => R) =>
    (arg: A) => {
      counts[name] = (counts[name] ?? 0) + 1;
      return fn(arg);
    };
  return {
    counts,
    startMaskedCall() {},
    clickToCall: counted('clickToCall', sim.clickToCall),
    requestCallback: counted('requestCallback', sim.requestCallback),
    bridge: counted('bridge', sim.bridge),
    sendSms: counted('sendSms', sim.sendSms),
  };
}

interface Harness {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

async function harness(
  dialect: (typeof testDatabases)[number],
  telephony: Telephony | null | undefined,
  config: Partial<AppConfig> = {},
): Promise<Harness> {
  const database = await openTestDatabase(dialect);
  await importKnowledgeBase(database.db, kb);
  const app = await buildApp(testConfig(config), database, telephony === undefined ? {} : { telephony });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** A GET that rings or texts: it wants the CSRF header like a POST. */
const ringGet = (c: TestClient, url: string) => c.request('GET', url, undefined, { [CSRF_HEADER]: c.csrf });

describe.each(testDatabases)('calls through the telephony adapter [%s]', (dialect) => {
  let h: Harness;
  let sim: ReturnType<typeof countingSimulator>;
  beforeAll(async () => {
    sim = countingSimulator();
    h = await harness(dialect, sim, {
      appDownload: { android: 'https://play.example.com/app', ios: undefined, generic: undefined },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A booking of the user whose CRN ends in the digit (the simulator's outcome). */
  async function bookingEndingIn(userId: string, digit: number, status?: string) {
    let q = h.database.db.selectFrom('bookings').selectAll().where('user_id', '=', userId);
    if (status) q = q.where('status', '=', status);
    const rows = await q.execute();
    const row = rows.find((r) => r.crn.endsWith(String(digit)));
    if (!row) throw new Error(`no booking of ${userId} ending in ${digit}`);
    return row;
  }

  it('asks who is calling before reading the input: anonymous is 401 whatever the body or query', async () => {
    const visitor = await h.app.inject({ method: 'POST', url: callPaths.clickToCall, payload: { booking_id: 42 } });
    expect(visitor.statusCode).toBe(401);
    for (const url of [
      `${callPaths.callback}?booking_id=`,
      `${callPaths.maskedCall}?nothing=1`,
      `${callPaths.partnerLabCall}?crn=abc`,
      `${callPaths.sendAppLink}?platform=windows`,
    ]) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('wants the CSRF header on the GETs that ring or text, and on the click-to-call POST', async () => {
    const riya = await signedIn(h.app, accounts.customer);
    expect((await riya.get(callPaths.callback)).statusCode).toBe(403);
    expect((await riya.get(callPaths.sendAppLink)).statusCode).toBe(403);
    const noToken = await h.app.inject({
      method: 'POST',
      url: callPaths.clickToCall,
      headers: { cookie: riya.cookieHeader },
      payload: {},
    });
    expect(noToken.statusCode).toBe(403);
  });

  it('click-to-call answers each spec value by the simulator outcome', async () => {
    const riya = await signedIn(h.app, accounts.customer);
    const expected = [
      [2, 'SUCCESS', 'clickToCallPlaced'],
      [6, 'NO_NETWORK', 'clickToCallNoNetwork'],
      [7, 'FAILURE', 'clickToCallNotAnswered'],
      [8, 'ERROR', 'genericFailure'],
      [9, 'INVALID_TOKEN', 'clickToCallInvalidNumber'],
    ] as const;
    for (const [digit, status, code] of expected) {
      const booking = await bookingEndingIn('u_customer_in', digit);
      const res = await riya.post(callPaths.clickToCall, { booking_id: booking.id, article_id: ARTICLE });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status, code, message: messages[code] });
    }
    // Without a booking the user's own number decides: riya's ends in 7 (the documented FAILURE case).
    const plain = await riya.post(callPaths.clickToCall, {});
    expect(plain.json()).toMatchObject({ status: 'FAILURE', code: 'clickToCallNotAnswered' });
    const rows = await h.database.db
      .selectFrom('call_requests')
      .selectAll()
      .where('user_id', '=', 'u_customer_in')
      .where('kind', '=', 'click_to_call')
      .execute();
    expect(rows.map((r) => r.outcome).sort()).toEqual([
      'ERROR',
      'FAILURE',
      'FAILURE',
      'INVALID_TOKEN',
      'NO_NETWORK',
      'SUCCESS',
    ]);
  });

  it('a second press while the call rings answers the same call', async () => {
    const meera = await signedIn(h.app, accounts.trialMember);
    const booking = await bookingEndingIn('u_member_trial', 0);
    const before = sim.counts.clickToCall ?? 0;
    const first = await meera.post(callPaths.clickToCall, { booking_id: booking.id });
    const second = await meera.post(callPaths.clickToCall, { booking_id: booking.id });
    expect(first.json().status).toBe('SUCCESS');
    expect(second.json()).toMatchObject({ status: 'SUCCESS', request_id: first.json().request_id });
    expect(sim.counts.clickToCall).toBe(before + 1);
  });

  it("refuses someone else's booking (404) and an unknown article (404)", async () => {
    const riya = await signedIn(h.app, accounts.customer);
    const other = await riya.post(callPaths.clickToCall, { booking_id: 'bk_arjun_001' });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(messages.bookingNotFound);
    expect((await riya.post(callPaths.clickToCall, { article_id: 'no-such-article' })).statusCode).toBe(404);
    expect((await ringGet(riya, `${callPaths.callback}?booking_id=bk_arjun_001`)).statusCode).toBe(404);
    expect((await ringGet(riya, `${callPaths.maskedCall}?booking_id=bk_arjun_001`)).statusCode).toBe(404);
  });

  it('a call-back is requested once: a retry (or two at once) answers the first and rings nobody twice', async () => {
    const arjun = await signedIn(h.app, accounts.paidMember);
    const booking = await bookingEndingIn('u_member_paid', 3, 'completed');
    const url = `${callPaths.callback}?booking_id=${booking.id}&article_id=${ARTICLE}`;
    const before = sim.counts.requestCallback ?? 0;
    const first = await ringGet(arjun, url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'SUCCESS',
      code: 'callbackRequested',
      params: { minutes: CALLBACK_REPEAT_WINDOW_MINUTES },
      repeated: false,
    });
    const [again, andAgain] = await Promise.all([ringGet(arjun, url), ringGet(arjun, url)]);
    for (const res of [again, andAgain]) {
      expect(res.json()).toMatchObject({
        status: 'SUCCESS',
        code: 'callbackAlreadyRequested',
        repeated: true,
        request_id: first.json().request_id,
        requested_at: first.json().requested_at,
      });
    }
    expect(sim.counts.requestCallback).toBe(before + 1);
    const rows = await h.database.db
      .selectFrom('call_requests')
      .selectAll()
      .where('user_id', '=', 'u_member_paid')
      .where('kind', '=', 'callback')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'placed', booking_id: booking.id, article_id: ARTICLE });
  });

  it("a refused call-back says 'Something went wrong!' without a reason, the reason with one, and may be retried", async () => {
    const riya = await signedIn(h.app, accounts.customer);
    const nine = await bookingEndingIn('u_customer_in', 9);
    const eight = await bookingEndingIn('u_customer_in', 8);
    const bare = await ringGet(riya, `${callPaths.callback}?booking_id=${nine.id}`);
    expect(bare.json()).toMatchObject({ status: 'FAILURE', message: 'Something went wrong!', code: 'callbackFailed' });
    const full = await ringGet(riya, `${callPaths.callback}?booking_id=${eight.id}`);
    expect(full.json()).toMatchObject({ status: 'FAILURE', code: 'callbackQueueFull' });
    const before = sim.counts.requestCallback ?? 0;
    await ringGet(riya, `${callPaths.callback}?booking_id=${nine.id}`);
    expect(sim.counts.requestCallback).toBe(before + 1);
  });

  it('the masked rider ↔ driver call: own live ride with a driver only, never showing a number', async () => {
    const arjun = await signedIn(h.app, accounts.paidMember);
    const live = await h.database.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', 'bk_arjun_001')
      .executeTakeFirstOrThrow();
    expect(live.status).toBe('ongoing');
    const res = await ringGet(arjun, `${callPaths.maskedCall}?booking_id=${live.id}`);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', code: 'driverCallStarted' });
    expect(res.body).not.toContain((live.driver_phone ?? 'x').slice(-6));

    const riya = await signedIn(h.app, accounts.customer);
    const done = await ringGet(riya, `${callPaths.maskedCall}?booking_id=bk_riya_126`);
    expect(done.statusCode).toBe(400);
    expect(done.json().error).toMatchObject({ code: 'maskedCallNotLive' });
    const noDriver = await ringGet(riya, `${callPaths.maskedCall}?booking_id=bk_riya_001`);
    expect(noDriver.statusCode).toBe(400);
    expect(noDriver.json().error).toMatchObject({ code: 'maskedCallNoDriver' });
  });

  it("the driver calls the customer of a lost item: only that ride's driver, once the item is found", async () => {
    const db = h.database.db;
    const ride = await db.selectFrom('bookings').selectAll().where('id', '=', 'bk_riya_126').executeTakeFirstOrThrow();
    // Ramesh drove riya's ride (its driver number is his).
    await db.updateTable('bookings').set({ driver_phone: '+919741203388' }).where('id', '=', ride.id).execute();
    const now = new Date().toISOString();
    await db
      .insertInto('lab_requests')
      .values({
        id: 'lab_test_partner',
        booking_id: ride.id,
        user_id: 'u_customer_in',
        state: 'awaiting_driver',
        item: JSON.stringify({ item_description: 'A black umbrella' }),
        driver_note: null,
        ticket_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const url = `${callPaths.partnerLabCall}?crn=${ride.crn}`;
    const ramesh = await signedIn(h.app, accounts.driverIn);
    const early = await ringGet(ramesh, url);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.code).toBe('partnerCallNotYet');
    await db.updateTable('lab_requests').set({ state: 'driver_found' }).where('id', '=', 'lab_test_partner').execute();
    const call = await ringGet(ramesh, url);
    expect(call.json()).toMatchObject({ status: 'SUCCESS', code: 'partnerCallStarted' });
    expect(call.body).not.toContain('9845012367');
    // Another driver, or the customer herself: no such request for them.
    const jack = await signedIn(h.app, accounts.driverAu);
    expect((await ringGet(jack, url)).statusCode).toBe(404);
    const riya = await signedIn(h.app, accounts.customer);
    expect((await ringGet(riya, url)).statusCode).toBe(404);
  });

  it('the self-drive line by country and city, for visitors too', async () => {
    const visitor = await h.app.inject({ method: 'GET', url: callPaths.sdCallUs });
    expect(visitor.json()).toMatchObject({ status: 'SUCCESS', country: 'IN', phone: '+91 80 4718 2200' });
    const mumbai = await h.app.inject({ method: 'GET', url: `${callPaths.sdCallUs}?country=in&city=Mumbai` });
    expect(mumbai.json()).toMatchObject({ country: 'IN', city: 'Mumbai', dial: '+912247182200' });
    const bad = await h.app.inject({ method: 'GET', url: `${callPaths.sdCallUs}?country=India` });
    expect(bad.statusCode).toBe(400);
    const oliver = await signedIn(h.app, 'oliver.smith@example.co.uk');
    expect((await oliver.get(callPaths.sdCallUs)).json()).toMatchObject({ country: 'GB', phone: '+44 20 7946 0220' });
  });

  it('texts the app link once within its window; a failed text says so', async () => {
    const olivia = await signedIn(h.app, 'olivia.brown@example.com.au');
    const before = sim.counts.sendSms ?? 0;
    const sent = await ringGet(olivia, `${callPaths.sendAppLink}?platform=android`);
    expect(sent.json()).toMatchObject({ status: 'SUCCESS', code: 'appLinkSent' });
    expect((await ringGet(olivia, callPaths.sendAppLink)).json()).toMatchObject({ status: 'SUCCESS' });
    expect(sim.counts.sendSms).toBe(before + 1);
    // The simulator fails a number ending in 0.
    await h.database.db
      .updateTable('users')
      .set({ mobile: '+64215550180' })
      .where('id', '=', 'u_customer_nz')
      .execute();
    const liam = await signedIn(h.app, 'liam.wilson@example.co.nz');
    const failed = await ringGet(liam, callPaths.sendAppLink);
    expect(failed.json()).toMatchObject({ status: 'FAILURE', message: 'Error in Sending App Link' });
  });

  it(`limits the calls that ring someone to ${CALLS_PER_USER_PER_HOUR} an hour per user and kind (429)`, async () => {
    const kabir = await signedIn(h.app, accounts.expiredMember);
    const rides = await h.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_member_expired')
      .execute();
    expect(rides.length).toBeGreaterThan(CALLS_PER_USER_PER_HOUR);
    const statuses: number[] = [];
    for (const ride of rides.slice(0, CALLS_PER_USER_PER_HOUR + 1)) {
      statuses.push((await kabir.post(callPaths.clickToCall, { booking_id: ride.id })).statusCode);
    }
    expect(statuses.slice(0, CALLS_PER_USER_PER_HOUR).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe.each(testDatabases)('calls without a telephony provider [%s]', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(dialect, null, {
      appDownload: { android: 'https://play.example.com/app', ios: undefined, generic: undefined },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers FAILURE with a clear message, never a 5xx, and rings nobody', async () => {
    const arjun = await signedIn(h.app, accounts.paidMember);
    const click = await arjun.post(callPaths.clickToCall, {});
    expect(click.statusCode).toBe(200);
    expect(click.json()).toMatchObject({ status: 'FAILURE', code: 'callsUnavailable' });
    const back = await ringGet(arjun, callPaths.callback);
    expect(back.json()).toMatchObject({ status: 'FAILURE', code: 'callsUnavailable' });
    const driver = await ringGet(arjun, `${callPaths.maskedCall}?booking_id=bk_arjun_001`);
    expect(driver.json()).toMatchObject({ status: 'FAILURE', code: 'callsUnavailable' });
    const link = await ringGet(arjun, callPaths.sendAppLink);
    expect(link.json()).toMatchObject({ status: 'FAILURE', message: 'Error in Sending App Link' });
    const rows = await h.database.db.selectFrom('call_requests').selectAll().execute();
    expect(rows).toHaveLength(0);
  });
});

describe('the HTTP telephony provider', () => {
  const log = { warn() {} } as unknown as Parameters<typeof httpTelephony>[0]['log'];
  const call = { requestId: 'call_1', userId: 'u', phone: '+919845012367', country: 'IN', crn: null, articleId: null };

  it('posts JSON with the bearer key and reads the known outcome', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const provider = httpTelephony({
      baseUrl: 'https://telephony.example.com/v1/',
      apiKey: 'key-key-key-key-key',
      timeoutMs: 1000,
      callbackBase: 'https://help.example.com',
      log,
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return new Response(JSON.stringify({ outcome: 'no_network' }), { status: 200 });
      },
    });
    expect(await provider.clickToCall(call)).toBe('no_network');
    const [first] = seen;
    if (!first) throw new Error('nothing was posted');
    expect(first.url).toBe('https://telephony.example.com/v1/click-to-call');
    expect((first.init.headers as Record<string, string>).authorization).toBe('Bearer key-key-key-key-key');
    expect(JSON.parse(String(first.init.body))).toMatchObject({ request_id: 'call_1', to: '+919845012367' });
  });

  it('maps a 5xx, an unknown word, a thrown fetch or a timeout to error / a refusal', async () => {
    const answers: (() => Promise<Response>)[] = [
      async () => new Response('oops', { status: 502 }),
      async () => new Response(JSON.stringify({ outcome: 'banana' }), { status: 200 }),
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      },
    ];
    for (const answer of answers) {
      const provider = httpTelephony({
        baseUrl: 'https://telephony.example.com',
        apiKey: 'key-key-key-key-key',
        timeoutMs: 1000,
        callbackBase: undefined,
        log,
        fetch: answer,
      });
      expect(await provider.clickToCall(call)).toBe('error');
      expect(await provider.requestCallback(call)).toEqual({ ok: false, reason: null });
      expect(await provider.sendSms({ requestId: 'r', to: '+1', text: 't' })).toBe('error');
    }
  });
});

describe('the demo simulator (docs/telephony.md "Simulator")', () => {
  // Only the lost-item call posts callbacks through the app; the calls below answer at once.
  const sim = simulatedTelephony({} as FastifyInstance, 'secret', 0);
  const call = (crn: string | null, phone = '+919845012360') => ({
    requestId: 'r',
    userId: 'u',
    phone,
    country: 'IN',
    crn,
    articleId: null,
  });

  it.each([
    ['5184504730', 'ringing'],
    ['5184504735', 'ringing'],
    ['5184504736', 'no_network'],
    ['5184504737', 'not_answered'],
    ['5184504738', 'error'],
    ['5184504739', 'invalid_number'],
  ] as const)('click-to-call about ride %s: %s', async (crn, outcome) => {
    expect(await sim.clickToCall(call(crn))).toBe(outcome);
  });

  it("reads the user's number without a ride, and decides call-backs, bridges and texts by their digit", async () => {
    expect(await sim.clickToCall(call(null, '+919845012367'))).toBe('not_answered');
    expect(await sim.requestCallback(call('5184504738'))).toEqual({ ok: false, reason: 'queue_full' });
    expect(await sim.requestCallback(call('5184504739'))).toEqual({ ok: false, reason: null });
    expect(await sim.requestCallback(call('5184504731'))).toEqual({ ok: true });
    const bridge = (crn: string) =>
      sim.bridge({ requestId: 'r', kind: 'rider_driver', crn, callerPhone: '+1', calleePhone: '+2' });
    expect(await bridge('5184504738')).toBe('failed');
    expect(await bridge('5184504734')).toBe('ringing');
    expect(await sim.sendSms({ requestId: 'r', to: '+919845012360', text: 't' })).toBe('failed');
    expect(await sim.sendSms({ requestId: 'r', to: '+919845012367', text: 't' })).toBe('sent');
  });
});

describe.each(testDatabases)('calls with call-us switched off [%s]', (dialect) => {
  let h: Harness;
  let sim: ReturnType<typeof countingSimulator>;
  beforeAll(async () => {
    sim = countingSimulator();
    const base = testConfig();
    h = await harness(dialect, sim, { switches: { ...base.switches, callUs: false } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('HIDE_CALL_US: click-to-call and call-backs answer unavailable and ring nobody', async () => {
    const arjun = await signedIn(h.app, accounts.paidMember);
    expect((await arjun.post(callPaths.clickToCall, {})).json()).toMatchObject({
      status: 'FAILURE',
      code: 'callsUnavailable',
    });
    expect((await ringGet(arjun, callPaths.callback)).json()).toMatchObject({ status: 'FAILURE' });
    expect(sim.counts.clickToCall).toBe(0);
    expect(sim.counts.requestCallback).toBe(0);
  });
});
