import path from 'node:path';
import {
  type ArticleActions,
  callPaths,
  driverArticlePaths,
  messages,
  oneTouchPaths,
  type PartnerLostItem,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANING_DEMO_BOOKING, LAB_DEMO_BOOKING } from '../src/db/seed/driver-articles.ts';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const kb = path.join(import.meta.dirname, 'fixtures', 'kb-driver-articles');
const MIN = 60_000;
const CLEANING = '97701';
const EMERGENCY = '97702';
const CALL = '97703';
const PLAIN = '97704';

describe.each(testDatabases)('driver one-touch articles [%s]', (dialect) => {
  let t: TestApp;
  let ramesh: TestClient;
  let jack: TestClient;
  let riya: TestClient;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb });
    ramesh = await signedIn(t.app, accounts.driverIn);
    jack = await signedIn(t.app, accounts.driverAu);
    riya = await signedIn(t.app, accounts.customer);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const booking = (id: string) =>
    db().selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A copy of a seeded ride, ended `endedAgo` ms before now (or live with `status`). */
  async function rideLike(templateId: string, endedAgo: number | null, status = 'completed') {
    n += 1;
    const template = await booking(templateId);
    const id = `${templateId}_t${n}`;
    const now = Date.now();
    const stop = endedAgo === null ? null : now - endedAgo;
    await db()
      .insertInto('bookings')
      .values({
        ...template,
        id,
        crn: String(990_000_000 + n * 7 + (dialect === 'postgres' ? 3 : 0)),
        status,
        stop_at: stop === null ? null : new Date(stop).toISOString(),
        pickup_date: new Date((stop ?? now) - 30 * MIN).toISOString(),
        date_entered_timestamp: (stop ?? now) - 36 * MIN,
      })
      .execute();
    return booking(id);
  }

  async function photosOf(userId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      n += 1;
      const id = `doc_da_${dialect}_${n}`;
      await db()
        .insertInto('documents')
        .values({
          id,
          user_id: userId,
          file_name: 'seat.jpg',
          content_type: 'image/jpeg',
          size: 68,
          storage_key: `k_${id}`,
          ticket_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      ids.push(id);
    }
    return ids;
  }

  const claim = (client: TestClient, booking_id: string, option: string, photos: string[]) =>
    client.post(oneTouchPaths.submitV3, {
      booking_id,
      article_id: CLEANING,
      call_type: 'driver_cleaning_fee',
      params: { option, note: 'Juice spilled on the back seat.' },
      uploaded_image_ids: photos,
    });

  describe('the cleaning-fee claim (v3 submit)', () => {
    it('ramesh claims for a trip of an hour ago: the option’s amount, a ticket with the photos, once', async () => {
      const trip = await rideLike(CLEANING_DEMO_BOOKING, 60 * MIN);
      const photos = await photosOf(trip.user_id, 3);
      const res = await claim(ramesh, trip.id, 'food_drink_spill', photos);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: 'SUCCESS',
        code: 'driverCleaningClaimed',
        title_code: 'driverCleaningClaimedTitle',
      });
      expect(body.message).toContain('150');
      const row = await db()
        .selectFrom('driver_cleaning_claims')
        .selectAll()
        .where('booking_id', '=', trip.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        amount: 150,
        option: 'food_drink_spill',
        photos: 3,
        ticket_id: body.ticket_request_id,
      });
      const docs = await db().selectFrom('documents').select('ticket_id').where('id', 'in', photos).execute();
      expect(docs.every((d) => d.ticket_id !== null)).toBe(true);

      const again = await claim(ramesh, trip.id, 'body_fluids', await photosOf(trip.user_id, 2));
      expect(again.json()).toMatchObject({ status: 'NOIMAGE', code: 'driverCleaningAlreadyClaimed' });
      const rows = await db()
        .selectFrom('driver_cleaning_claims')
        .select('id')
        .where('booking_id', '=', trip.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['too late (a day and a minute after)', 24 * 60 * MIN + MIN, 'food_drink_spill', 2, 'driverCleaningTooLate'],
      ['one photo', 10 * MIN, 'food_drink_spill', 1, 'driverCleaningPhotos'],
      ['five photos', 10 * MIN, 'food_drink_spill', 5, 'driverCleaningPhotos'],
      ['an option the article has not', 10 * MIN, 'heavy_dirt', 2, 'driverCleaningOption'],
    ] as const)('refuses a claim %s with its message', async (_name, ago, option, count, code) => {
      const trip = await rideLike(CLEANING_DEMO_BOOKING, ago);
      const res = await claim(ramesh, trip.id, option, await photosOf(trip.user_id, count));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code, message: messages[code] });
    });

    it('refuses a trip still on the road, another driver’s trip and a customer', async () => {
      const live = await rideLike(CLEANING_DEMO_BOOKING, null, 'ongoing');
      const onRoad = await claim(ramesh, live.id, 'food_drink_spill', await photosOf(live.user_id, 2));
      expect(onRoad.json().error.code).toBe('driverCleaningNotCompleted');

      const trip = await rideLike(CLEANING_DEMO_BOOKING, 10 * MIN);
      const jackUser = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', accounts.driverAu)
        .executeTakeFirstOrThrow();
      const byJack = await claim(jack, trip.id, 'food_drink_spill', await photosOf(jackUser.id, 2));
      expect(byJack.statusCode).toBe(404);

      const riyaUser = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', accounts.customer)
        .executeTakeFirstOrThrow();
      const own = await db()
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', riyaUser.id)
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      const byRiya = await claim(riya, own.id, 'food_drink_spill', await photosOf(riyaUser.id, 2));
      expect(byRiya.statusCode).toBe(403);
      expect(byRiya.json().error.code).toBe('driverHelpOnly');
    });
  });

  describe('the timed actions', () => {
    const actions = async (client: TestClient, article: string) => {
      const res = await client.get(`${driverArticlePaths.actions}?article_id=${article}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ArticleActions;
    };

    it('answers nothing for an article without timed tags, 401 anonymous, 403 a customer', async () => {
      expect(await actions(ramesh, PLAIN)).toEqual({ status: 'SUCCESS', emergency: null, call: null });
      const anon = await t.app.inject({ method: 'GET', url: `${driverArticlePaths.actions}?article_id=${PLAIN}` });
      expect(anon.statusCode).toBe(401);
      expect((await riya.get(`${driverArticlePaths.actions}?article_id=${PLAIN}`)).statusCode).toBe(403);
    });

    it('opens the emergency action on a live trip, and within 30 minutes of the latest trip', async () => {
      // The seed's live trip of ramesh (his trips include one on the road).
      const live = await actions(ramesh, EMERGENCY);
      expect(live.emergency).toMatchObject({ open: true, minutes: 30, closes_at: null });
      // Jack: take his live trip off the road, then his latest trip decides.
      const jackUser = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', accounts.driverAu)
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('user_id', '=', jackUser.id)
        .where('status', 'in', ['ongoing', 'in progress'])
        .execute();
      const old = await actions(jack, EMERGENCY);
      expect(old.emergency).toMatchObject({ open: false, crn: null });
      const jackTrip = await db()
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', jackUser.id)
        .where('audience', '=', 'driver')
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      const recent = await rideLike(jackTrip.id, 10 * MIN);
      const open = await actions(jack, EMERGENCY);
      expect(open.emergency).toMatchObject({ open: true, crn: recent.crn });
      expect(Date.parse(open.emergency?.closes_at ?? '')).toBe(Date.parse(recent.stop_at ?? '') + 30 * MIN);
    });

    it('offers the call for a ride ramesh drove until 15 minutes after it ended, and refuses it after', async () => {
      // The seeded ride he drove ended a day before the anchor: expired, not offered, and refused.
      const seeded = await booking(LAB_DEMO_BOOKING);
      expect((await actions(ramesh, CALL)).call).toMatchObject({ open: false, crn: null });
      const late = await ramesh.post(driverArticlePaths.callCustomer, { article_id: CALL, crn: seeded.crn });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toMatchObject({
        code: 'driverCallExpired',
        message: 'Calls about this trip were possible until 15 minutes after it ended. That time is over.',
      });

      const fresh = await rideLike(LAB_DEMO_BOOKING, 5 * MIN);
      expect((await actions(ramesh, CALL)).call).toMatchObject({ open: true, crn: fresh.crn, minutes: 15 });
      const call = await ramesh.post(driverArticlePaths.callCustomer, { article_id: CALL, crn: fresh.crn });
      expect(call.statusCode, call.body).toBe(200);
      expect(call.json().code).toMatch(/^partnerCall(Started|Failed)$/);
      const recorded = await db()
        .selectFrom('call_requests')
        .select(['kind', 'booking_id'])
        .where('booking_id', '=', fresh.id)
        .execute();
      expect(recorded).toEqual([{ kind: 'masked_call', booking_id: fresh.id }]);

      // Jack did not drive it: not found. An article without the call tag: refused.
      expect((await jack.post(driverArticlePaths.callCustomer, { article_id: CALL, crn: fresh.crn })).statusCode).toBe(
        404,
      );
      const noCall = await ramesh.post(driverArticlePaths.callCustomer, { article_id: PLAIN, crn: fresh.crn });
      expect(noCall.json().error.code).toBe('driverArticleNoCall');
    });
  });

  describe('the rider’s call to the driver from an article tagged call_driver_expiry_time:15', () => {
    const RIDER_CALL = '97711';
    const call = (bookingId: string, article?: string) =>
      riya.request(
        'GET',
        `${callPaths.maskedCall}?booking_id=${bookingId}${article ? `&article_id=${article}` : ''}`,
        undefined,
        { 'x-csrf-token': riya.csrf },
      );

    it('is allowed until 15 minutes after the ride ended, then refused as expired', async () => {
      const template = await db()
        .selectFrom('bookings')
        .select('id')
        .where('user_id', '=', 'u_customer_in')
        .where('status', '=', 'completed')
        .where('driver_phone', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const recent = await rideLike(template.id, 5 * MIN);
      const ok = await call(recent.id, RIDER_CALL);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().code).toMatch(/^driverCall(Started|Failed)$/);
      // Without the article, a finished ride is not called about (the calls' own rule, unchanged).
      expect((await call(recent.id)).json().error.code).toBe('maskedCallNotLive');

      const late = await rideLike(template.id, 20 * MIN);
      const refused = await call(late.id, RIDER_CALL);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'driverCallExpired', params: { minutes: 15 } });
      // An article that is not there: 404.
      expect((await call(recent.id, '97799')).statusCode).toBe(404);
    });
  });

  describe('the partner’s side of a lost item', () => {
    const list = async (client: TestClient) => {
      const res = await client.get(driverArticlePaths.lostItems);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: PartnerLostItem[] }).data;
    };

    /** A lost-item request of the ride's customer, in `state` (as the left-a-belonging flow leaves it). */
    async function labOn(bookingId: string, id: string, state: string, item: object) {
      const ride = await booking(bookingId);
      const now = new Date().toISOString();
      await db()
        .insertInto('lab_requests')
        .values({
          id,
          booking_id: ride.id,
          user_id: ride.user_id,
          state,
          item: JSON.stringify(item),
          driver_note: null,
          ticket_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const LAB_DEMO_REQUEST = 'lab_t_awaiting';

    it('ramesh sees the request on the ride he drove, answers found, calls, hands over; jack sees none', async () => {
      await labOn(LAB_DEMO_BOOKING, LAB_DEMO_REQUEST, 'awaiting_driver', {
        item_description: 'A black laptop bag with a charger inside.',
        item_name: 'Laptop bag',
      });
      const [item] = (await list(ramesh)).filter((i) => i.request_id === LAB_DEMO_REQUEST);
      expect(item).toMatchObject({ state: 'awaiting_driver', step: 'answer', item: { item_name: 'Laptop bag' } });
      expect(await list(jack)).toEqual([]);
      expect((await riya.get(driverArticlePaths.lostItems)).statusCode).toBe(403);

      // Not yet found: no hand-over, and jack cannot answer it.
      const early = await ramesh.post(driverArticlePaths.lostItemHandover, { request_id: LAB_DEMO_REQUEST });
      expect(early.json().error.code).toBe('labHandoverNotYet');
      const byJack = await jack.post(driverArticlePaths.lostItemAnswer, { request_id: LAB_DEMO_REQUEST, found: true });
      expect(byJack.statusCode).toBe(404);

      const found = await ramesh.post(driverArticlePaths.lostItemAnswer, {
        request_id: LAB_DEMO_REQUEST,
        found: true,
        note: 'It is with me, I am near Indiranagar.',
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().item).toMatchObject({ state: 'driver_found', step: 'handover' });
      // The customer's page now asks them to confirm the pick-up, with the driver's words.
      const lab = await db()
        .selectFrom('lab_requests')
        .selectAll()
        .where('id', '=', LAB_DEMO_REQUEST)
        .executeTakeFirstOrThrow();
      expect(lab.driver_note).toBe('It is with me, I am near Indiranagar.');

      const twice = await ramesh.post(driverArticlePaths.lostItemAnswer, {
        request_id: LAB_DEMO_REQUEST,
        found: false,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.code).toBe('labPartnerAnswerClosed');

      const ride = await booking(LAB_DEMO_BOOKING);
      const call = await ramesh.request('GET', `/api/gupshup/call_partner_lab?crn=${ride.crn}`, undefined, {
        'x-csrf-token': ramesh.csrf,
      });
      expect(call.statusCode, call.body).toBe(200);

      const handed = await ramesh.post(driverArticlePaths.lostItemHandover, { request_id: LAB_DEMO_REQUEST });
      expect(handed.statusCode, handed.body).toBe(200);
      expect(handed.json().item).toMatchObject({ step: 'done' });
      expect(handed.json().item.handed_over_at).not.toBeNull();
      const again = await ramesh.post(driverArticlePaths.lostItemHandover, { request_id: LAB_DEMO_REQUEST });
      expect(again.json().item.handed_over_at).toBe(handed.json().item.handed_over_at);
    });

    it('a not-found answer closes it for the partner, and the customer may raise a ticket', async () => {
      const ride = await rideLike(LAB_DEMO_BOOKING, 60 * MIN);
      const id = 'lab_t_unreachable';
      await labOn(ride.id, id, 'driver_unreachable', { item_description: 'Blue umbrella' });
      const res = await ramesh.post(driverArticlePaths.lostItemAnswer, { request_id: id, found: false });
      expect(res.json().item).toMatchObject({ state: 'not_found', step: 'closed' });
    });
  });
});
