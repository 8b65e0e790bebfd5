import {
  apiPaths,
  type ChatConfigResponse,
  type ChatRegionConfig,
  chatAvailabilityPaths,
  DEFAULT_CHAT_CONFIG,
  messages,
} from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { setAgentPresence } from '../src/modules/chat/agent-desk.ts';
import { chatAvailabilityFor } from '../src/modules/chat/availability.ts';
import {
  accounts,
  createTestApp,
  openTestDatabase,
  signedIn,
  type TestApp,
  TestClient,
  type TestDatabase,
  testDatabases,
} from './helpers.ts';
import { testConfig } from './test-config.ts';

const ADMIN_TOKEN = 'test-admin-token-test-admin-token-0123456789';
const GB_RIDER = 'oliver.smith@example.co.uk';
const AU_RIDER = 'olivia.brown@example.com.au';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function put(app: FastifyInstance, body: unknown, headers: Record<string, string> = bearer(ADMIN_TOKEN)) {
  return app.inject({ method: 'PUT', url: chatAvailabilityPaths.config, headers, payload: body as object });
}
const region = (r: keyof typeof DEFAULT_CHAT_CONFIG, change: Partial<ChatRegionConfig>) => ({
  regions: { [r]: { ...DEFAULT_CHAT_CONFIG[r], ...change } },
  updated_by: 'test operator',
});

describe.each(testDatabases)('chat availability [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { adminApiToken: ADMIN_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('chatAvailabilityFor (the demo configuration seeded by migration 0030)', () => {
    const ask = (ctx: Parameters<typeof chatAvailabilityFor>[1]) =>
      chatAvailabilityFor({ db: t.database.db, config: testConfig() }, ctx);

    it('answers by country: the four chat regions yes, others no', async () => {
      const now = new Date('2026-11-24T12:00:00Z');
      for (const country of ['IN', 'AU', 'NZ', 'GB']) expect((await ask({ country, now })).chat).toBe(true);
      expect(await ask({ country: 'US', now })).toEqual({
        chat: false,
        live: false,
        opens_at: null,
        live_opens_at: null,
        region: null,
      });
    });

    it('answers by hours in the region’s time zone (India: people 08:00–22:00)', async () => {
      expect(await ask({ country: 'IN', city: 'Bengaluru', now: new Date('2026-11-24T02:29:00Z') })).toEqual({
        chat: true,
        live: false,
        opens_at: null,
        live_opens_at: '2026-11-24T02:30:00.000Z',
        region: 'in',
      });
      // In the live hours a person is offered only while an agent of the region is available (docs/agent.md).
      expect((await ask({ country: 'IN', now: new Date('2026-11-24T02:30:00Z') })).live).toBe(false);
      await setAgentPresence(t.database.db, 'agent_in_test', { available: true, region: 'in' });
      try {
        expect((await ask({ country: 'IN', now: new Date('2026-11-24T02:30:00Z') })).live).toBe(true);
      } finally {
        await t.database.db.deleteFrom('chat_agent_presence').execute();
      }
      // Britain on a Saturday: the bot, no people until Monday 09:00
      expect(await ask({ country: 'GB', now: new Date('2026-11-28T12:00:00Z') })).toMatchObject({
        chat: true,
        live: false,
        live_opens_at: '2026-11-30T09:00:00.000Z',
      });
    });

    it('honours the HIDE_CHAT master switch', async () => {
      const hidden = testConfig({ switches: { writeToUs: true, callUs: true, chat: false } });
      const a = await chatAvailabilityFor({ db: t.database.db, config: hidden }, { country: 'IN' });
      expect(a).toMatchObject({ chat: false, live: false, region: 'in' });
    });
  });

  describe('GET /api/chat/v1/availability', () => {
    it('a visitor is answered for the site’s country (India, or Britain on the UK host)', async () => {
      const india = await t.app.inject({ method: 'GET', url: chatAvailabilityPaths.availability });
      expect(india.statusCode).toBe(200);
      expect(india.headers['cache-control']).toBe('no-store');
      expect(india.json()).toMatchObject({
        status: 'SUCCESS',
        chat: true,
        region: 'in',
        handoff_url: chatAvailabilityPaths.handoff,
      });
      const uk = await t.app.inject({
        method: 'GET',
        url: chatAvailabilityPaths.availability,
        headers: { host: 'help.example.co.uk' },
      });
      expect(uk.json()).toMatchObject({ region: 'gb' });
    });

    it('a signed-in rider is answered for their own country', async () => {
      const oliver = await signedIn(t.app, GB_RIDER);
      expect((await oliver.get(chatAvailabilityPaths.availability)).json()).toMatchObject({ chat: true, region: 'gb' });
      const riya = await signedIn(t.app, accounts.customer);
      expect((await riya.get(chatAvailabilityPaths.availability)).json()).toMatchObject({ chat: true, region: 'in' });
    });

    it('a booking is asked about only by its rider, and needs a sign-in', async () => {
      const riya = await signedIn(t.app, accounts.customer);
      const own = await t.database.db
        .selectFrom('bookings')
        .innerJoin('users', 'users.id', 'bookings.user_id')
        .select(['bookings.id'])
        .where('users.email', '=', accounts.customer)
        .executeTakeFirstOrThrow();
      const others = await t.database.db
        .selectFrom('bookings')
        .innerJoin('users', 'users.id', 'bookings.user_id')
        .select(['bookings.id'])
        .where('users.email', '=', accounts.paidMember)
        .executeTakeFirstOrThrow();
      const url = (id: string) => `${chatAvailabilityPaths.availability}?booking_id=${encodeURIComponent(id)}`;
      expect((await riya.get(url(own.id))).statusCode).toBe(200);
      const foreign = await riya.get(url(others.id));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe(messages.bookingNotFound);
      expect((await t.app.inject({ method: 'GET', url: url(own.id) })).statusCode).toBe(401);
    });
  });

  describe('the operators’ call: GET/PUT /api/chat/v1/config', () => {
    it('is refused without the token or with a wrong one, before the body is looked at', async () => {
      const none = await put(t.app, { nonsense: true }, {});
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toContain('Bearer');
      expect((await put(t.app, region('gb', {}), bearer(`${ADMIN_TOKEN}x`))).statusCode).toBe(401);
      expect((await put(t.app, region('gb', {}), { authorization: ADMIN_TOKEN })).statusCode).toBe(401);
      const get = await t.app.inject({ method: 'GET', url: chatAvailabilityPaths.config, headers: bearer('wrong') });
      expect(get.statusCode).toBe(401);
    });

    it('lists the regions with who changed them', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: chatAvailabilityPaths.config,
        headers: bearer(ADMIN_TOKEN),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as ChatConfigResponse;
      expect(body.regions.map((r) => r.region)).toEqual(['au', 'gb', 'in', 'nz']);
      expect(body.regions.find((r) => r.region === 'gb')?.config).toEqual(DEFAULT_CHAT_CONFIG.gb);
    });

    it('refuses a configuration the schema does not allow, with the reason', async () => {
      const res = await put(t.app, region('gb', { time_zone: 'Mars/Olympus' }));
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain('IANA');
      expect((await put(t.app, { regions: { us: DEFAULT_CHAT_CONFIG.gb } })).statusCode).toBe(400);
    });

    it('a change decides the next answers: cities, car categories, hours', async () => {
      const olivia = await signedIn(t.app, AU_RIDER); // Sydney
      const now = () => olivia.get(chatAvailabilityPaths.availability).then((r) => r.json());
      expect(await now()).toMatchObject({ chat: true, region: 'au' });

      expect((await put(t.app, region('au', { cities: ['Melbourne', 'Perth'] }))).statusCode).toBe(200);
      expect(await now()).toMatchObject({ chat: false, live: false, opens_at: null, region: 'au' });

      // bot hours that never open: closed, and no opening to tell
      await put(t.app, region('au', { bot_hours: [] }));
      expect(await now()).toMatchObject({ chat: false, opens_at: null });
      // people never: the bot answers, a hand-off becomes a ticket
      await put(t.app, region('au', { live_hours: [] }));
      expect(await now()).toMatchObject({ chat: true, live: false, live_opens_at: null });

      const res = await put(t.app, region('au', {}));
      const au = (res.json() as ChatConfigResponse).regions.find((r) => r.region === 'au');
      expect(au?.updated_by).toBe('test operator');
      expect(await now()).toMatchObject({ chat: true });
    });

    it('a car category list decides for a booking', async () => {
      const riya = await signedIn(t.app, accounts.customer);
      const booking = await t.database.db
        .selectFrom('bookings')
        .innerJoin('users', 'users.id', 'bookings.user_id')
        .select(['bookings.id', 'bookings.cab_category'])
        .where('users.email', '=', accounts.customer)
        .executeTakeFirstOrThrow();
      const url = `${chatAvailabilityPaths.availability}?booking_id=${encodeURIComponent(booking.id)}`;
      await put(t.app, region('in', { car_categories: ['no_such_category'] }));
      expect((await riya.get(url)).json()).toMatchObject({ chat: false, region: 'in' });
      // help that is not about a ride is not restricted by car category
      expect((await riya.get(chatAvailabilityPaths.availability)).json()).toMatchObject({ chat: true });
      await put(t.app, region('in', { car_categories: [booking.cab_category.toUpperCase()] }));
      expect((await riya.get(url)).json()).toMatchObject({ chat: true });
      await put(t.app, region('in', {}));
    });

    it('a stored row that is not valid JSON config counts as no chat in that region, never a 500', async () => {
      await t.database.db
        .updateTable('chat_availability')
        .set({ config: '{"enabled":' })
        .where('region', '=', 'nz')
        .execute();
      const liam = await signedIn(t.app, 'liam.wilson@example.co.nz');
      const res = await liam.get(chatAvailabilityPaths.availability);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ chat: false, region: 'nz' });
      await put(t.app, region('nz', {}));
      expect((await liam.get(chatAvailabilityPaths.availability)).json()).toMatchObject({ chat: true });
    });
  });
});

describe.each(testDatabases)('chat availability across instances and settings [%s]', (dialect) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let hidden: FastifyInstance;
  let external: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    a = await buildApp(testConfig({ adminApiToken: ADMIN_TOKEN }), database);
    b = await buildApp(testConfig({ adminApiToken: ADMIN_TOKEN }), database);
    hidden = await buildApp(
      testConfig({ adminApiToken: ADMIN_TOKEN, switches: { writeToUs: true, callUs: true, chat: false } }),
      database,
    );
    external = await buildApp(testConfig({ chatHandoffUrl: 'https://support.example.com/chat' }), database);
  });
  afterAll(async () => {
    for (const app of [a, b, hidden, external]) await app.close();
    await database.dispose();
  });

  it('a change made on one instance is seen by the other at once', async () => {
    const oliverOnB = await signedIn(b, GB_RIDER);
    expect((await oliverOnB.get(chatAvailabilityPaths.availability)).json()).toMatchObject({ chat: true });
    expect((await put(a, region('gb', { enabled: false }))).statusCode).toBe(200);
    expect((await oliverOnB.get(chatAvailabilityPaths.availability)).json()).toMatchObject({
      chat: false,
      region: 'gb',
    });
    const listed = await b.inject({ method: 'GET', url: chatAvailabilityPaths.config, headers: bearer(ADMIN_TOKEN) });
    expect((listed.json() as ChatConfigResponse).regions.find((r) => r.region === 'gb')?.config.enabled).toBe(false);
    await put(b, region('gb', {}));
    expect((await oliverOnB.get(chatAvailabilityPaths.availability)).json()).toMatchObject({ chat: true });
  });

  it('HIDE_CHAT: the session says chat is off and availability says no, in a chat region', async () => {
    const visitor = new TestClient(hidden);
    const session = await visitor.get(apiPaths.session);
    expect(session.json().switches).toMatchObject({ chat: false, call_us: true, write_to_us: true });
    expect((await visitor.get(chatAvailabilityPaths.availability)).json()).toMatchObject({
      chat: false,
      live: false,
      region: 'in',
    });
    const shown = new TestClient(a);
    expect((await shown.get(apiPaths.session)).json().switches.chat).toBe(true);
  });

  it('without ADMIN_API_TOKEN the admin calls do not exist', async () => {
    expect((await external.inject({ method: 'GET', url: chatAvailabilityPaths.config })).statusCode).toBe(404);
    const res = await put(external, region('gb', {}), bearer(ADMIN_TOKEN));
    expect(res.statusCode).toBe(404);
  });

  it('CHAT_HANDOFF_URL is where the /chatbot form goes, and the only other origin a form may post to', async () => {
    const res = await external.inject({ method: 'GET', url: chatAvailabilityPaths.availability });
    expect(res.json().handoff_url).toBe('https://support.example.com/chat');
    expect(res.headers['content-security-policy']).toContain("form-action 'self' https://support.example.com;");
    const ours = await a.inject({ method: 'GET', url: chatAvailabilityPaths.availability });
    expect(ours.json().handoff_url).toBe(chatAvailabilityPaths.handoff);
    expect(ours.headers['content-security-policy']).toContain("form-action 'self';");
  });
});
