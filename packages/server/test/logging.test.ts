import { apiPaths, ticketPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  looksLikeCardNumber,
  maskCardNumbers,
  maskCardNumbersIn,
  maskLogLine,
  maskPersonalData,
} from '../src/lib/personal-data.ts';
import { accounts, openTestDatabase, signedIn, type TestDatabase, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const EMAIL = 'riya.customer@example.in';
const PHONE = '+919845099101';
const VISA = '4111 1111 1111 1111';
const VISA_PLAIN = '4111111111111111';

describe('masking personal data', () => {
  it('masks e-mail addresses, phone numbers and card numbers, and leaves references alone', () => {
    expect(maskPersonalData(`mail ${EMAIL} now`)).toBe('mail r***@example.in now');
    expect(maskPersonalData('email=riya.customer%40example.in')).toBe('email=r***@example.in');
    expect(maskPersonalData(`call ${PHONE}`)).toBe('call +**********01');
    expect(maskPersonalData('call +91 98450 99101')).toBe('call +** ***** ***01');
    expect(maskPersonalData('mobile=%2B919845099101')).toBe('mobile=+**********01');
    expect(maskPersonalData('or 9845099101.')).toBe('or ********01.');
    expect(maskPersonalData(`card ${VISA} ok`)).toBe('card **** **** **** 1111 ok');
    expect(maskPersonalData('amex 3782-822463-10005')).toBe('amex ****-******-*0005');
    // References stay readable: a 10-digit CRN starting 5, ids, dates, times, amounts, a number failing Luhn.
    for (const kept of [
      'crn 5184000013',
      'tkt_8f3a9c1e4b2d',
      '2026-11-25T00:38:37.123Z',
      'took 12.345 ms',
      'fare 1234.50',
      '4111 1111 1111 1112',
      'u_customer_in',
    ]) {
      expect(maskPersonalData(kept), kept).toBe(kept);
    }
  });

  it('tells card numbers by length, network and check digit', () => {
    expect(looksLikeCardNumber(VISA_PLAIN)).toBe(true);
    expect(looksLikeCardNumber('5555555555554444')).toBe(true);
    expect(looksLikeCardNumber('6011111111111117')).toBe(true);
    expect(looksLikeCardNumber('4111111111111112')).toBe(false); // Luhn
    expect(looksLikeCardNumber('9111111111111113')).toBe(false); // no network starts with 9
    expect(looksLikeCardNumber('411111111111')).toBe(false); // 12 digits
    expect(maskCardNumbers(`pay ${VISA_PLAIN}`)).toBe('pay ************1111');
  });

  it('masks free text in a body before it is stored, and leaves references and keys as they are', () => {
    const body = {
      comment: `my card ${VISA} was charged`,
      alone: '4111-1111-1111-1111',
      crn: '5184000013',
      idempotency_key: '4111111111111111-9c0e3b2a-7d41',
      client_key: 'd0c4111111111111111ab',
      nested: [{ text: `pay ${VISA_PLAIN} back` }],
    };
    maskCardNumbersIn(body);
    expect(body).toEqual({
      comment: 'my card **** **** **** 1111 was charged',
      alone: '****-****-****-1111',
      crn: '5184000013',
      idempotency_key: '4111111111111111-9c0e3b2a-7d41',
      client_key: 'd0c4111111111111111ab',
      nested: [{ text: 'pay ************1111 back' }],
    });
  });

  it("masks only a log line's strings, never its numbers", () => {
    const line = `{"level":30,"time":1764031234567,"pid":9845099101,"msg":"to ${EMAIL} ${PHONE}"}\n`;
    expect(maskLogLine(line)).toBe(
      '{"level":30,"time":1764031234567,"pid":9845099101,"msg":"to r***@example.in +**********01"}\n',
    );
  });
});

describe.each(testDatabases)('logs [%s]', (dialect) => {
  let database: TestDatabase;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    app = await buildApp(testConfig({ logLevel: 'info' }), database, { logStream: { write: (l) => lines.push(l) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('writes JSON lines with the request id, honours a sane X-Request-Id and sends it back', async () => {
    lines.length = 0;
    const mine = await app.inject({
      method: 'GET',
      url: apiPaths.session,
      headers: { 'x-request-id': 'lb-7f3a.9c1e:42' },
    });
    expect(mine.headers['x-request-id']).toBe('lb-7f3a.9c1e:42');
    const ours = logged().filter((l) => l.reqId === 'lb-7f3a.9c1e:42');
    expect(ours.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);

    // Spaces, quotes or 200 characters are not an id anyone should put in every log line: a new one is made.
    for (const bad of ['has space', 'x'.repeat(200), '"quoted"', 'a\u00e9b']) {
      const res = await app.inject({ method: 'GET', url: apiPaths.session, headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const plain = await app.inject({ method: 'GET', url: apiPaths.session });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Even an error answer carries it (support can ask for it).
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBeTruthy();
  });

  it('never logs an e-mail address, a phone number, a card number or a secret header', async () => {
    lines.length = 0;
    const rider = await signedIn(app, accounts.customer);
    await app.inject({
      method: 'GET',
      url: `/api/no-such-route?email=${encodeURIComponent(EMAIL)}&mobile=${encodeURIComponent(PHONE)}&card=${VISA_PLAIN}&raw=${EMAIL}`,
      headers: { cookie: rider.cookieHeader, authorization: 'Bearer secret-token-value' },
    });
    // A module's own line with personal data in its fields and its message.
    app.log.warn({ user: { email: EMAIL, mobile: PHONE }, note: `card ${VISA}` }, `mail to ${EMAIL} failed`);
    const all = lines.join('');
    expect(all).toContain('no-such-route');
    for (const secret of [
      EMAIL,
      'riya.customer%40example.in',
      PHONE,
      '919845099101',
      VISA,
      VISA_PLAIN,
      'secret-token-value',
    ]) {
      expect(all, secret).not.toContain(secret);
    }
    expect(all).toContain('r***@example.in');
    expect(all).toContain('+**********01');
    const warn = logged().find((l) => l.msg === 'mail to r***@example.in failed');
    expect(warn).toMatchObject({
      user: { email: 'r***@example.in', mobile: '+**********01' },
      note: 'card **** **** **** 1111',
    });
  });

  it('stores no card number written in a free-text field (masked to its last four before validation)', async () => {
    const rider = await signedIn(app, accounts.customer);
    const query = `I was charged twice on my card ${VISA}, please refund the second charge`;
    const res = await rider.post(ticketPaths.create, { query, issue_id: '22' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await database.db
      .selectFrom('tickets')
      .select(['query', 'payload'])
      .where('user_id', '=', 'u_customer_in')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.query).toBe('I was charged twice on my card **** **** **** 1111, please refund the second charge');
    expect(`${stored.query}${stored.payload}`).not.toContain(VISA);
    // Nothing in the log either.
    expect(lines.join('')).not.toContain(VISA);
  });
});
