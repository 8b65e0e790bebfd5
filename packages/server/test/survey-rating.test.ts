import path from 'node:path';
import {
  apiPaths,
  kbArticleResponseSchema,
  kbPaths,
  LANGUAGE_COOKIE,
  messages,
  oneTouchPaths,
  reasonBlock,
  ticketPaths,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';

// The shipped content: its survey reasons (100202 Feedback), Csat options (101007) and "other" options (101103).
const contentKb = path.join(import.meta.dirname, '..', '..', '..', 'content', 'kb');

describe.each(testDatabases)('survey, support rating and the other reason [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  let riyasCrns: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: contentKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
    const rows = await t.database.db
      .selectFrom('bookings')
      .select('crn')
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .orderBy('id')
      .execute();
    riyasCrns = rows.map((r) => r.crn);
  });
  afterAll(async () => {
    await t.close();
  });

  const visitor = async () => {
    const c = new TestClient(t.app);
    await c.get(apiPaths.session);
    return c;
  };
  const remembered = (c: TestClient, articleId: string, crn?: string) =>
    c.get(`${kbPaths.feedback}?article_id=${articleId}${crn ? `&crn=${crn}` : ''}`);

  describe('survey (article feedback)', () => {
    it("takes a No with one of the article's own reasons, and remembers it", async () => {
      const c = await visitor();
      expect((await remembered(c, '100202')).json()).toEqual({ status: 'SUCCESS', answer: null });
      const res = await c.post(kbPaths.feedback, { article_id: '100202', helpful: false, reason: 'no_warning' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await remembered(c, '100202')).json().answer).toEqual({ helpful: false, reason: 'no_warning' });
      const row = await t.database.db
        .selectFrom('article_feedback')
        .selectAll()
        .where('article_id', '=', '100202')
        .where('reason', '=', 'no_warning')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ helpful: 0, crn: null, user_id: null });
    });

    it('refuses a reason the article does not offer, and a reason with a Yes (400, the catalogue message)', async () => {
      const c = await visitor();
      for (const body of [
        { article_id: '100202', helpful: false, reason: 'refund_not_received' }, // 100301's, not 100202's
        { article_id: '100202', helpful: true, reason: 'no_warning' },
        { article_id: '100602', helpful: false, reason: 'other' }, // no Feedback block at all
      ]) {
        const res = await c.post(kbPaths.feedback, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'reasonNotOffered', message: messages.reasonNotOffered });
      }
      expect((await remembered(c, '100202')).json().answer).toBeNull();
    });

    it('remembers a signed-in answer per article and per CRN, on the server', async () => {
      const [first, second] = riyasCrns;
      if (!first || !second) throw new Error('the seed has two completed rides for riya');
      await riya.post(kbPaths.feedback, { article_id: '100304', helpful: true });
      const forRide = await riya.post(kbPaths.feedback, {
        article_id: '100304',
        helpful: false,
        reason: 'payment_failed',
        crn: first,
      });
      expect(forRide.statusCode, forRide.body).toBe(200);
      expect((await remembered(riya, '100304')).json().answer).toEqual({ helpful: true, reason: null });
      expect((await remembered(riya, '100304', first)).json().answer).toEqual({
        helpful: false,
        reason: 'payment_failed',
      });
      expect((await remembered(riya, '100304', second)).json().answer).toBeNull();
      // Answering again changes the answer, never adds one.
      await riya.post(kbPaths.feedback, { article_id: '100304', helpful: true, crn: first });
      const rows = await t.database.db
        .selectFrom('article_feedback')
        .select(['helpful', 'reason', 'crn'])
        .where('article_id', '=', '100304')
        .where('user_id', '=', 'u_customer_in')
        .orderBy('crn')
        .execute();
      expect(rows.map((r) => [Number(r.helpful), r.reason, r.crn])).toEqual(
        expect.arrayContaining([
          [1, null, null],
          [1, null, first],
        ]),
      );
      expect(rows).toHaveLength(2);
    });

    it("refuses an answer about someone else's ride (404)", async () => {
      const [crn] = riyasCrns;
      const res = await arjun.post(kbPaths.feedback, { article_id: '100304', helpful: true, crn });
      expect(res.statusCode).toBe(404);
      expect((await remembered(arjun, '100304', crn)).statusCode).toBe(404);
      const c = await visitor();
      expect((await c.post(kbPaths.feedback, { article_id: '100304', helpful: true, crn })).statusCode).toBe(404);
    });

    it.each(['hi', 'fr', 'nl', 'kn', 'ta', 'te'])(
      "serves a translation's own reasons (%s) under the same keys",
      async (lang) => {
        const c = new TestClient(t.app);
        c.cookies.set(LANGUAGE_COOKIE, lang);
        const read = async (client: TestClient) => {
          const data = kbArticleResponseSchema.parse((await client.get(`${kbPaths.articles}?id=100202`)).json()).data;
          return { language: data.language, block: reasonBlock(data.embedded, 'Feedback') };
        };
        const translated = await read(c);
        const english = await read(riya);
        expect(translated.language).toBe(lang);
        expect(translated.block?.options.map((o) => o.key)).toEqual(english.block?.options.map((o) => o.key));
        expect(translated.block?.heading).not.toBe(english.block?.heading);
        expect(translated.block?.options.map((o) => o.text)).not.toContain('Something else');
      },
    );
  });

  describe('one-touch "other" option: 20 to 1500 characters', () => {
    const submit = (c: TestClient, crn: string, option: string, message?: string) =>
      c.post(oneTouchPaths.submitV1, {
        article_id: '101103',
        call_type: 'driver_asked_to_cancel',
        crn,
        option_selected: option,
        ...(message === undefined ? {} : { message }),
      });

    it.each([
      ['no text', undefined],
      ['19 characters', 'x'.repeat(19)],
      ['20 spaces and 19 characters', `          ${'x'.repeat(19)}          `],
      ['1501 characters', 'x'.repeat(1501)],
    ])('refuses %s with the catalogue message (400)', async (_, message) => {
      const res = await submit(riya, riyasCrns[0] as string, 'something_else', message);
      expect(res.statusCode).toBe(400);
      const code = message && message.length > 1500 ? 'messageTooLong' : 'otherReasonLength';
      expect(res.json().error).toMatchObject({ code, message: messages[code] });
    });

    it('takes 20 and 1500 characters, and other options need no text', async () => {
      const [a, b] = riyasCrns;
      const ok = await submit(riya, a as string, 'something_else', 'The driver was rude.'); // 20 characters
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().status).toBe('SUCCESS');
      const long = await submit(riya, b as string, 'something_else', 'y'.repeat(1500));
      expect(long.statusCode, long.body).toBe(200);
      const plain = await submit(arjun, '', 'refused_pickup');
      expect(plain.statusCode).not.toBe(400);
    });
  });

  describe('support rating', () => {
    const ticketFor = async (articleId: string, callType: string, crn: string) => {
      const res = await riya.post(oneTouchPaths.submitV1, {
        article_id: articleId,
        call_type: callType,
        crn,
        option_selected: 'refused_pickup',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().csat_required).toBe(true);
      return res.json().ticket_request_id as string;
    };
    const rateBad = (ref: string, reason: string) =>
      riya.post(ticketPaths.csat, { ref_id: ref, reason, satisfaction_rating: { score: 'bad', comment: 'slow' } });

    it("takes the article's Csat options, refuses others, and a second rating (409)", async () => {
      const ticket = await ticketFor('101007', 'quality', riyasCrns[2] as string);
      const notOffered = await rateBad(ticket, 'rude_or_unhelpful');
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json().error).toMatchObject({ code: 'reasonNotOffered', message: messages.reasonNotOffered });
      const ok = await rateBad(ticket, 'want_driver_action');
      expect(ok.statusCode, ok.body).toBe(200);
      const row = await t.database.db
        .selectFrom('csat_ratings')
        .select(['score', 'reason'])
        .innerJoin('tickets', 'tickets.ticket_id', 'csat_ratings.ticket_id')
        .where('tickets.ticket_id', '=', ticket)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ score: 'bad', reason: 'want_driver_action' });
      // The ticket list names the article, so /tickets offers its Csat options too.
      const list = (await riya.get(`${ticketPaths.search}?status=all`)).json();
      const listed = [...list.open, ...list.closed].find((x: { ticket_id: string }) => x.ticket_id === ticket);
      expect(listed).toMatchObject({ article_id: '101007', rated: true });
      const twice = await riya.post(ticketPaths.csat, { ref_id: ticket, satisfaction_rating: { score: 'good' } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.code).toBe('alreadyRated');
    });

    it('an article without Csat options takes the default reasons only', async () => {
      const ticket = await ticketFor('101103', 'driver_asked_to_cancel', riyasCrns[3] as string);
      expect((await rateBad(ticket, 'want_driver_action')).statusCode).toBe(400);
      expect((await rateBad(ticket, 'not_resolved')).statusCode).toBe(200);
    });
  });
});
