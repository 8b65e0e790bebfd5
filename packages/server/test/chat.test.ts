import type { AddressInfo } from 'node:net';
import {
  apiPaths,
  type ChatHours,
  type ChatMessage,
  type ChatServerFrame,
  chatPaths,
  DEFAULT_CHAT_CONFIG,
  EVERY_DAY,
  wallClock,
} from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { type Bus, channels, memoryBus } from '../src/lib/bus.ts';
import { setAgentPresence } from '../src/modules/chat/agent-desk.ts';
import { updateChatConfig } from '../src/modules/chat/availability.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import {
  accounts,
  fixtureKb,
  openTestDatabase,
  signedIn,
  TestClient,
  type TestDatabase,
  testDatabases,
} from './helpers.ts';
import { testConfig } from './test-config.ts';

let seq = 0;
const clientId = () => `test-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** India's live hours set so that now is outside them (today left out), or open all day. */
async function setIndiaLive(db: TestDatabase['db'], live: 'closed-today' | 'always' | 'never') {
  const today = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][
    wallClock('Asia/Kolkata', new Date()).weekday
  ] as string;
  const liveHours: ChatHours[] =
    live === 'always'
      ? [{ days: EVERY_DAY, open: '00:00', close: '24:00' }]
      : live === 'never'
        ? []
        : [{ days: EVERY_DAY.filter((d) => d !== today), open: '09:00', close: '17:00' }];
  await updateChatConfig(db, {
    regions: {
      in: {
        ...DEFAULT_CHAT_CONFIG.in,
        bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
        live_hours: liveHours,
      },
    },
    updated_by: 'chat test',
  });
}

async function start(c: TestClient, body: object = {}) {
  const res = await c.post(chatPaths.start, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    conversation: { id: string; status: string; ticket_id: string | null };
    messages: ChatMessage[];
  };
}

async function history(c: TestClient, afterSeq = 0, conversationId?: string) {
  const q = new URLSearchParams({
    after_seq: String(afterSeq),
    ...(conversationId ? { conversation_id: conversationId } : {}),
  });
  return c.get(`${chatPaths.messages}?${q}`);
}

async function messages(c: TestClient, afterSeq = 0): Promise<ChatMessage[]> {
  const res = await history(c, afterSeq);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { messages: ChatMessage[] }).messages;
}

describe.each(testDatabases)('chat [%s]', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let bus: Bus;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    const kb = await importKnowledgeBase(database.db, fixtureKb);
    if (!kb.ok) throw new Error('fixture KB did not import');
    bus = memoryBus();
    app = await buildApp(testConfig(), database, { bus });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });
  afterEach(async () => {
    // Every test starts with no agent present and live chat closed today.
    await database.db.deleteFrom('chat_agent_presence').execute();
    await setIndiaLive(database.db, 'closed-today');
  });

  it('greets, and answers a question with articles that exist, then asks whether it helped', async () => {
    const riya = await signedIn(app, accounts.customer);
    const started = await start(riya, { fresh: true });
    expect(started.conversation.status).toBe('bot');
    expect(started.messages[0]?.author).toBe('bot');
    expect(started.messages[0]?.body).toMatch(/^Hi Riya, I'm the help bot/);

    const sent = await riya.post(chatPaths.messages, { client_id: clientId(), body: 'how do refunds work' });
    expect(sent.statusCode, sent.body).toBe(200);
    const all = await messages(riya);
    const answer = all.find((m) => m.author === 'bot' && m.payload.cards);
    const cards = answer?.payload.cards ?? [];
    expect(cards.length).toBeGreaterThanOrEqual(1);
    expect(cards.length).toBeLessThanOrEqual(3);
    expect(cards[0]?.title).toBe('How refunds work');
    for (const card of cards) {
      const row = await database.db
        .selectFrom('articles')
        .select(['id', 'title'])
        .where('id', '=', card.id)
        .executeTakeFirst();
      expect(row?.title).toBe(card.title);
      expect(card.href).toBe(`/article/${card.id}`);
    }
    const last = all.at(-1);
    expect(last?.body).toBe('Did that help?');
    expect(last?.payload.actions).toEqual(['helped_yes', 'helped_no']);

    // "Yes" closes the conversation politely.
    await riya.post(chatPaths.messages, { client_id: clientId(), action: 'helped_yes' });
    const after = await history(riya, 0, started.conversation.id);
    expect(after.json().conversation.status).toBe('closed');
    expect(after.json().messages.at(-1).body).toMatch(/^Glad that helped!/);
    const refused = await riya.post(chatPaths.messages, {
      conversation_id: started.conversation.id,
      client_id: clientId(),
      body: 'one more thing',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('chatEnded');
  });

  it("offers a one-touch article's action for the person's own booking, never for someone else's", async () => {
    const riya = await signedIn(app, accounts.customer);
    const own = await database.db
      .selectFrom('bookings')
      .innerJoin('users', 'users.id', 'bookings.user_id')
      .select(['bookings.crn'])
      .where('users.email', '=', accounts.customer)
      .limit(1)
      .executeTakeFirstOrThrow();
    await start(riya, { fresh: true, crn: own.crn });
    await riya.post(chatPaths.messages, { client_id: clientId(), body: 'refund for a cancelled ride' });
    const cards = (await messages(riya)).flatMap((m) => m.payload.cards ?? []);
    const oneTouch = cards.find((c) => c.id === '22');
    expect(oneTouch?.action_href).toBe(`/${own.crn}/dreport/22`);
    // An article without a one-touch action offers only its page.
    expect(cards.filter((c) => c.id !== '22').every((c) => c.action_href === null)).toBe(true);

    const others = await database.db
      .selectFrom('bookings')
      .innerJoin('users', 'users.id', 'bookings.user_id')
      .select(['bookings.crn'])
      .where('users.email', '=', accounts.paidMember)
      .limit(1)
      .executeTakeFirstOrThrow();
    await start(riya, { fresh: true, crn: others.crn });
    await riya.post(chatPaths.messages, { client_id: clientId(), body: 'refund for a cancelled ride' });
    const theirs = (await messages(riya)).flatMap((m) => m.payload.cards ?? []);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((c) => c.action_href === null)).toBe(true);
  });

  it("searches the conversation's recent words together when the latest alone finds nothing", async () => {
    const riya = await signedIn(app, accounts.customer);
    await start(riya, { fresh: true });
    await riya.post(chatPaths.messages, { client_id: clientId(), body: 'refund for a cancelled ride' });
    const before = (await messages(riya)).length;
    await riya.post(chatPaths.messages, { client_id: clientId(), body: 'and the wobblefrotz?' });
    const after = (await messages(riya)).slice(before);
    const cards = after.flatMap((m) => m.payload.cards ?? []);
    expect(cards.map((c) => c.title)).toContain('Refund for a cancelled ride');
  });

  it('says so when nothing matches, and offers a person', async () => {
    const riya = await signedIn(app, accounts.customer);
    await start(riya, { fresh: true });
    await riya.post(chatPaths.messages, { client_id: clientId(), body: 'zzqx wobblefrotz' });
    const last = (await messages(riya)).at(-1);
    expect(last?.body).toMatch(/^I couldn't find an article about that/);
    expect(last?.payload.actions).toEqual(['person']);
  });

  it('resumes after a seq with exactly the missed messages, and stores a resent message once', async () => {
    const riya = await signedIn(app, accounts.customer);
    await start(riya, { fresh: true });
    const id = clientId();
    const first = await riya.post(chatPaths.messages, { client_id: id, body: 'refund for a cancelled ride' });
    const again = await riya.post(chatPaths.messages, { client_id: id, body: 'refund for a cancelled ride' });
    expect(again.json().message.id).toBe(first.json().message.id);
    const all = await messages(riya);
    expect(all.filter((m) => m.client_id === id)).toHaveLength(1);
    expect(all.map((m) => m.seq)).toEqual(all.map((_, i) => i + 1));
    const seen = 2;
    const missed = await messages(riya, seen);
    expect(missed.map((m) => m.seq)).toEqual(all.filter((m) => m.seq > seen).map((m) => m.seq));
    expect(missed.map((m) => m.id)).toEqual(all.slice(seen).map((m) => m.id));
    // Past any seq a message can have (a 32-bit column): nothing, not a database error (found by the fuzzer).
    for (const far of [2 ** 31, Number.MAX_SAFE_INTEGER]) expect(await messages(riya, far)).toEqual([]);
  });

  it('hands over as ONE ticket with the transcript when no one is live, however often asked', async () => {
    const riya = await signedIn(app, accounts.customer);
    const { conversation } = await start(riya, { fresh: true });
    await riya.post(chatPaths.messages, { client_id: clientId(), body: 'my refund has not arrived' });
    await riya.post(chatPaths.messages, { client_id: clientId(), action: 'helped_no' });
    const asked = await riya.post(chatPaths.messages, { client_id: clientId(), action: 'person' });
    expect(asked.statusCode, asked.body).toBe(200);

    const tickets = await database.db
      .selectFrom('tickets')
      .selectAll()
      .where('idempotency_key', 'like', `%chat:${conversation.id}`)
      .execute();
    expect(tickets).toHaveLength(1);
    const ticket = tickets[0];
    expect(ticket?.kind).toBe('chat');
    expect(ticket?.query).toContain('user: my refund has not arrived');
    expect(ticket?.query).toContain('bot: Did that help?');
    expect(ticket?.subject).toBe('Chat: my refund has not arrived');

    const after = await history(riya, 0, conversation.id);
    expect(after.json().conversation).toMatchObject({ status: 'ticketed', ticket_id: ticket?.ticket_id });
    const told = after.json().messages.at(-1) as ChatMessage;
    expect(told.body).toMatch(
      new RegExp(
        `^Our team is offline now \\(opens at .+\\)\\. We've created ticket #${ticket?.ticket_id} with this conversation; we'll reply by e-mail\\.$`,
      ),
    );

    // Asked again (another tap, another instance): still the one ticket, and said so.
    await riya.post(chatPaths.messages, { conversation_id: conversation.id, client_id: clientId(), action: 'person' });
    const count = await database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_key', 'like', `%chat:${conversation.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const again = (await history(riya, 0, conversation.id)).json().messages.at(-1) as ChatMessage;
    expect(again.body).toBe(
      `This conversation is already with our team as ticket #${ticket?.ticket_id}; we'll reply by e-mail.`,
    );

    // The ticket is in her list like any other.
    const list = await riya.get('/api/v2/search_tickets?status=all');
    expect(list.body).toContain(ticket?.ticket_id ?? 'missing');
  });

  it('hands over live to a present agent: with_agent and an event on the agents channel', async () => {
    await setIndiaLive(database.db, 'always');
    await setAgentPresence(database.db, 'agent_priya', { available: true, region: 'in' });
    const events: unknown[] = [];
    const unsubscribe = await bus.subscribe(channels.agents, (e) => events.push(e));
    try {
      const riya = await signedIn(app, accounts.customer);
      const { conversation } = await start(riya, { fresh: true });
      await riya.post(chatPaths.messages, { client_id: clientId(), action: 'person' });
      const after = (await history(riya, 0, conversation.id)).json();
      expect(after.conversation.status).toBe('with_agent');
      expect(after.messages.at(-1).body).toBe(
        "You're now connected to a member of our team. They can see this conversation.",
      );
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({
        type: 'conversation.assigned',
        conversation_id: conversation.id,
        agent_id: 'agent_priya',
        region: 'in',
      });
      const tickets = await database.db
        .selectFrom('tickets')
        .select('id')
        .where('idempotency_key', 'like', `%chat:${conversation.id}`)
        .execute();
      expect(tickets).toHaveLength(0);
      // With a person on the other side the bot stays quiet.
      const before = (await messages(riya)).length;
      await riya.post(chatPaths.messages, { client_id: clientId(), body: 'hello, are you there?' });
      expect((await messages(riya)).length).toBe(before + 1);
    } finally {
      await unsubscribe();
    }
  });

  it('lets a visitor chat by their cookie, answers in their language, and asks them to sign in for a person', async () => {
    const visitor = new TestClient(app);
    await visitor.get(apiPaths.session);
    const started = await visitor.request('POST', chatPaths.start, {}, { 'accept-language': 'fr' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().messages[0].body).toBe(
      "Bonjour, je suis l'assistant d'aide. Dites-moi en quelques mots ce dont vous avez besoin.",
    );
    const row = await database.db
      .selectFrom('chat_conversations')
      .select(['owner', 'user_id'])
      .where('id', '=', started.json().conversation.id)
      .executeTakeFirstOrThrow();
    // Keyed by a hash of the cookie: the cookie itself is not stored.
    expect(row.user_id).toBeNull();
    expect(row.owner).toMatch(/^v:/);
    expect(row.owner).not.toContain(visitor.cookies.get('ss_visitor') ?? 'missing');
    await visitor.post(chatPaths.messages, { client_id: clientId(), action: 'person' });
    const last = (await messages(visitor)).at(-1);
    expect(last?.body).toBe("Pour transmettre cette conversation à notre équipe, veuillez d'abord vous connecter.");
    expect(last?.payload.link?.href).toBe('/login?return=%2Fchat');
    const tickets = await database.db
      .selectFrom('tickets')
      .select('id')
      .where('idempotency_key', 'like', `%chat:${started.json().conversation.id}`)
      .execute();
    expect(tickets).toHaveLength(0);
  });

  it("never lets one user read or write another's conversation", async () => {
    const riya = await signedIn(app, accounts.customer);
    const { conversation } = await start(riya, { fresh: true });
    const arjun = await signedIn(app, accounts.paidMember);
    const read = await history(arjun, 0, conversation.id);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Riya');
    const write = await arjun.post(chatPaths.messages, {
      conversation_id: conversation.id,
      client_id: clientId(),
      body: 'let me in',
    });
    expect(write.statusCode).toBe(404);
    const visitor = new TestClient(app);
    await visitor.get(apiPaths.session);
    expect((await history(visitor, 0, conversation.id)).statusCode).toBe(404);
  });

  it('validates sends: size limit and unknown fields, 401 without anyone, CSRF required', async () => {
    const riya = await signedIn(app, accounts.customer);
    await start(riya, { fresh: true });
    const long = await riya.post(chatPaths.messages, { client_id: clientId(), body: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    const noCsrf = await app.inject({
      method: 'POST',
      url: chatPaths.messages,
      headers: { cookie: riya.cookieHeader },
      payload: { client_id: clientId(), body: 'hello' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const nobody = await app.inject({ method: 'GET', url: chatPaths.messages });
    expect(nobody.statusCode).toBe(401);
  });

  it("answers a plain GET of the socket path with the API's errors, comparing Origin and Host as URLs", async () => {
    const riya = await signedIn(app, accounts.customer);
    await start(riya, { fresh: true });
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: chatPaths.ws, headers: { cookie: riya.cookieHeader, ...headers } });
    expect((await get({ origin: 'https://evil.example' })).json().error.code).toBe('FORBIDDEN');
    // inject's Host is localhost:80; the browser's Origin leaves the default port out.
    const plain = await get({ origin: 'http://localhost' });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().error.code).toBe('NOT_FOUND');
  });

  it('rate-limits a conversation', async () => {
    const riya = await signedIn(app, accounts.customer);
    await start(riya, { fresh: true });
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push((await riya.post(chatPaths.messages, { client_id: clientId(), body: 'zz' })).statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('opens the conversation from the /chatbot form post with the booking, checking its csrf field', async () => {
    const riya = await signedIn(app, accounts.customer);
    const booking = await database.db
      .selectFrom('bookings')
      .select(['bookings.id', 'bookings.crn'])
      .innerJoin('users', 'users.id', 'bookings.user_id')
      .where('users.email', '=', accounts.customer)
      .limit(1)
      .executeTakeFirst();
    const form = (csrf: string) =>
      new URLSearchParams({ csrf_token: csrf, crn: booking?.crn ?? '', locale: 'fr', action: 'chat' }).toString();
    const forged = await app.inject({
      method: 'POST',
      url: chatPaths.handoff,
      headers: { cookie: riya.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form('forged'),
    });
    expect(forged.statusCode).toBe(403);
    await riya.post(chatPaths.start, { fresh: true });
    const conversation = await riya.get(chatPaths.messages);
    const res = await app.inject({
      method: 'POST',
      url: chatPaths.handoff,
      headers: { cookie: riya.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(riya.csrf),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/chat');
    const row = await database.db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('id', '=', conversation.json().conversation.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.context)).toMatchObject({ crn: booking?.crn, booking_id: booking?.id, opened_by: 'handoff' });
  });

  describe('over the WebSocket', () => {
    let base: string;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });

    const open = (cookie: string | null, origin: string | null = `http://${base}`) =>
      new Promise<{ ws: WebSocket; frames: ChatServerFrame[] }>((resolve, reject) => {
        const ws = new WebSocket(`ws://${base}${chatPaths.ws}`, {
          headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
        });
        const frames: ChatServerFrame[] = [];
        ws.on('message', (data) => frames.push(JSON.parse(String(data)) as ChatServerFrame));
        ws.once('open', () => resolve({ ws, frames }));
        ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
        ws.once('error', reject);
      });

    it('refuses a socket without a session or visitor cookie, and from another site', async () => {
      await expect(open(null)).rejects.toThrow('refused 401');
      const riya = await signedIn(app, accounts.customer);
      await start(riya, { fresh: true });
      await expect(open(riya.cookieHeader, 'https://evil.example')).rejects.toThrow('refused 403');
      await expect(open(riya.cookieHeader, null)).rejects.toThrow('refused 403');
    });

    it('delivers live, and a reconnect resumes without losing or repeating messages', async () => {
      const riya = await signedIn(app, accounts.customer);
      await start(riya, { fresh: true });
      const first = await open(riya.cookieHeader);
      await expect.poll(() => first.frames.some((f) => f.type === 'ready')).toBe(true);
      const id = clientId();
      first.ws.send(JSON.stringify({ type: 'message', client_id: id, body: 'how do refunds work' }));
      await expect
        .poll(() => first.frames.some((f) => f.type === 'message' && f.message.body === 'Did that help?'))
        .toBe(true);
      const seen = Math.max(...first.frames.flatMap((f) => (f.type === 'message' ? [f.message.seq] : [])));
      first.ws.terminate();

      // While away: a message arrives over HTTP (another tab), then the page comes back and resumes.
      await riya.post(chatPaths.messages, { client_id: clientId(), body: 'zzqx nothing matches this' });
      const second = await open(riya.cookieHeader);
      await expect.poll(() => second.frames.some((f) => f.type === 'ready')).toBe(true);
      second.ws.send(JSON.stringify({ type: 'resume', after_seq: seen }));
      // The page resends what it was not sure went through: stored once.
      second.ws.send(JSON.stringify({ type: 'message', client_id: id, body: 'how do refunds work' }));
      const all = await messages(riya);
      const expected = all.filter((m) => m.seq > seen).map((m) => m.seq);
      await expect
        .poll(() => {
          const got = second.frames.flatMap((f) => (f.type === 'message' ? [f.message.seq] : []));
          return [...new Set(got.filter((s) => s > seen))].sort((a, b) => a - b);
        })
        .toEqual(expected);
      expect(all.filter((m) => m.client_id === id)).toHaveLength(1);
      second.ws.close();
    });

    it('answers a malformed or too long frame with an error and keeps the socket', async () => {
      const riya = await signedIn(app, accounts.customer);
      await start(riya, { fresh: true });
      const s = await open(riya.cookieHeader);
      s.ws.send('not json');
      s.ws.send(JSON.stringify({ type: 'message', client_id: clientId(), body: 'y'.repeat(1001) }));
      s.ws.send(JSON.stringify({ type: 'ping' }));
      await expect.poll(() => s.frames.some((f) => f.type === 'pong')).toBe(true);
      const errors = s.frames.filter((f) => f.type === 'error');
      expect(errors.map((e) => (e.type === 'error' ? e.code : ''))).toEqual(['chatUnreadable', 'chatMessageTooLong']);
      s.ws.close();
    });
  });
});
