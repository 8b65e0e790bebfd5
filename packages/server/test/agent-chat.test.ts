import type { AddressInfo } from 'node:net';
import {
  type AgentServerFrame,
  agentChatPath,
  agentChatPaths,
  agentSettingsPaths,
  type ChatMessage,
  type ChatServerFrame,
  chatAvailabilityPaths,
  chatPaths,
  DEFAULT_CHAT_CONFIG,
  EVERY_DAY,
} from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { updateChatConfig } from '../src/modules/chat/availability.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import {
  accounts,
  fixtureKb,
  openTestDatabase,
  signedIn,
  type TestClient,
  type TestDatabase,
  testDatabases,
} from './helpers.ts';
import { testConfig } from './test-config.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const oliver = 'oliver.smith@example.co.uk';
let seq = 0;
const clientId = () => `agentchat-${Date.now()}-${++seq}`;

/** A PUT as the browser sends it (TestClient speaks GET and POST). */
async function put(app: FastifyInstance, c: TestClient, url: string, body: unknown) {
  return app.inject({
    method: 'PUT',
    url,
    headers: { cookie: c.cookieHeader, 'x-csrf-token': c.csrf },
    payload: body as object,
  });
}

/** The UK's live hours: all day every day ('always') or none. */
async function setGbLive(db: TestDatabase['db'], live: 'always' | 'never') {
  await updateChatConfig(db, {
    regions: {
      gb: {
        ...DEFAULT_CHAT_CONFIG.gb,
        bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
        live_hours: live === 'always' ? [{ days: EVERY_DAY, open: '00:00', close: '24:00' }] : [],
      },
    },
    updated_by: 'agent chat test',
  });
}

function hostOf(app: FastifyInstance) {
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function openSocket<F>(app: FastifyInstance, path: string, cookie: string) {
  const host = hostOf(app);
  return new Promise<{ ws: WebSocket; frames: F[] }>((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}${path}`, { headers: { cookie, origin: `http://${host}` } });
    const frames: F[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as F));
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('unexpected-response', (req, res) => {
      // Refused: the upgrade request is ours to end, or it keeps the server from closing.
      req.destroy();
      reject(new Error(`refused ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
}

/** Oliver asks the bot for a person; the answer is his conversation's id. */
async function escalate(rider: TestClient): Promise<string> {
  const started = await rider.post(chatPaths.start, { fresh: true });
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().conversation.id as string;
  await rider.post(chatPaths.messages, { client_id: clientId(), body: 'my driver was rude to me' });
  const res = await rider.post(chatPaths.messages, { client_id: clientId(), action: 'person' });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe.each(testDatabases)('agent live chat [%s]', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    const kb = await importKnowledgeBase(database.db, fixtureKb);
    if (!kb.ok) throw new Error('fixture KB did not import');
    app = await buildApp(testConfig(), database);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('chat_agent_presence').execute();
    await database.db
      .updateTable('chat_conversations')
      .set({ status: 'closed' })
      .where('status', 'in', ['bot', 'waiting', 'with_agent'])
      .execute();
    await setGbLive(database.db, 'always');
  });

  it('refuses riders (403) and visitors (401) on every agent chat and settings call, before reading input', async () => {
    const rider = await signedIn(app, oliver);
    const calls: [string, string][] = [
      ['GET', agentChatPaths.presence],
      ['PUT', agentChatPaths.presence],
      ['GET', agentChatPaths.chats],
      ['GET', agentChatPath(agentChatPaths.chat, 'x')],
      ['GET', agentChatPaths.agents],
      ['POST', agentChatPath(agentChatPaths.messages, 'x')],
      ['POST', agentChatPath(agentChatPaths.take, 'x')],
      ['POST', agentChatPath(agentChatPaths.transfer, 'x')],
      ['POST', agentChatPath(agentChatPaths.end, 'x')],
      ['GET', agentChatPaths.ws],
      ['GET', agentSettingsPaths.switches],
      ['PUT', agentSettingsPaths.switches],
      ['GET', agentSettingsPaths.callUs],
      ['PUT', agentSettingsPaths.callUsLine.replace(':id', 'call_gb_customer')],
    ];
    for (const [method, url] of calls) {
      const asRider = await app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: rider.cookieHeader, 'x-csrf-token': rider.csrf },
        payload: method === 'GET' ? undefined : { nonsense: true },
      });
      expect(asRider.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await app.inject({ method: method as 'GET', url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    // An agent is not an admin: the settings are refused too.
    const emma = await signedIn(app, accounts.agentGb);
    expect((await emma.get(agentSettingsPaths.switches)).statusCode).toBe(403);
    // Nor may a rider's session use the chat's configuration call.
    expect((await rider.get(chatAvailabilityPaths.config)).statusCode).not.toBe(200);
  });

  it('offers a person only while an agent of the region is available within the live hours', async () => {
    const rider = await signedIn(app, oliver);
    const live = async () => (await rider.get(chatAvailabilityPaths.availability)).json().live as boolean;
    expect(await live()).toBe(false);

    const emma = await signedIn(app, accounts.agentGb);
    const on = await put(app, emma, agentChatPaths.presence, { available: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ available: true, region: 'gb' });
    expect(await live()).toBe(true);

    // An India agent does not make the UK live.
    await put(app, emma, agentChatPaths.presence, { available: false });
    const anita = await signedIn(app, accounts.agentIn);
    await put(app, anita, agentChatPaths.presence, { available: true });
    expect(await live()).toBe(false);

    // Outside the live hours an available agent changes nothing.
    await put(app, emma, agentChatPaths.presence, { available: true });
    await setGbLive(database.db, 'never');
    expect(await live()).toBe(false);
    await setGbLive(database.db, 'always');

    // A console that stopped its heartbeat more than two minutes ago is gone.
    await database.db
      .updateTable('chat_agent_presence')
      .set({ last_seen_at: new Date(Date.now() - 3 * 60_000).toISOString() })
      .execute();
    expect(await live()).toBe(false);

    // Without an agent the hand-off is a ticket, as before.
    const id = await escalate(rider);
    const after = (await rider.get(`${chatPaths.messages}?conversation_id=${id}`)).json();
    expect(after.conversation.status).toBe('ticketed');
    const bad = await put(app, emma, agentChatPaths.presence, { available: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('brings the escalated chat to the UK agent live with its transcript and context; not to India', async () => {
    const emma = await signedIn(app, accounts.agentGb);
    await put(app, emma, agentChatPaths.presence, { available: true });
    const consoleSocket = await openSocket<AgentServerFrame>(app, agentChatPaths.ws, emma.cookieHeader);
    await expect.poll(() => consoleSocket.frames.some((f) => f.type === 'ready')).toBe(true);

    const rider = await signedIn(app, oliver);
    const id = await escalate(rider);
    await expect
      .poll(() => consoleSocket.frames.some((f) => f.type === 'inbox' && f.conversation_id === id))
      .toBe(true);

    const list = (await emma.get(agentChatPaths.chats)).json();
    expect(list.chats[0]).toMatchObject({
      id,
      status: 'with_agent',
      mine: true,
      user_name: 'Oliver Smith',
      country: 'GB',
    });
    const detail = await emma.get(agentChatPath(agentChatPaths.chat, id));
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.context.user).toMatchObject({ name: 'Oliver Smith', email: oliver, country_code: 'GB' });
    // The bot's transcript comes with it.
    const authors = (body.messages as ChatMessage[]).map((m) => m.author);
    expect(authors).toContain('bot');
    expect((body.messages as ChatMessage[]).some((m) => m.body === 'my driver was rude to me')).toBe(true);

    // India's queue never sees it: not listed, 404 on every call.
    const anita = await signedIn(app, accounts.agentIn);
    expect((await anita.get(agentChatPaths.chats)).json().chats.map((c: { id: string }) => c.id)).not.toContain(id);
    for (const path of [agentChatPaths.take, agentChatPaths.end]) {
      const res = await anita.post(agentChatPath(path, id), path === agentChatPaths.end ? { follow_up: false } : {});
      expect(res.statusCode).toBe(404);
    }
    expect((await anita.get(agentChatPath(agentChatPaths.chat, id))).statusCode).toBe(404);
    const admin = await signedIn(app, accounts.admin);
    expect((await admin.get(agentChatPath(agentChatPaths.chat, id))).statusCode).toBe(200);

    // The rider's socket gets the agent's words and typing without asking.
    const riderSocket = await openSocket<ChatServerFrame>(
      app,
      `${chatPaths.ws}?conversation_id=${id}`,
      rider.cookieHeader,
    );
    await expect.poll(() => riderSocket.frames.some((f) => f.type === 'ready')).toBe(true);
    consoleSocket.ws.send(JSON.stringify({ type: 'watch', conversation_id: id }));
    consoleSocket.ws.send(JSON.stringify({ type: 'typing', conversation_id: id }));
    await expect.poll(() => riderSocket.frames.some((f) => f.type === 'typing' && f.author === 'agent')).toBe(true);
    const sent = await emma.post(agentChatPath(agentChatPaths.messages, id), {
      client_id: clientId(),
      body: 'Hello Oliver, I am sorry to hear that. Which ride was it?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect
      .poll(() =>
        riderSocket.frames.some(
          (f) => f.type === 'message' && f.message.author === 'agent' && f.message.body.startsWith('Hello Oliver'),
        ),
      )
      .toBe(true);
    // And the rider's answer reaches the console live.
    riderSocket.ws.send(JSON.stringify({ type: 'message', client_id: clientId(), body: 'The one this morning' }));
    await expect
      .poll(() =>
        consoleSocket.frames.some(
          (f) => f.type === 'message' && f.conversation_id === id && f.message.body === 'The one this morning',
        ),
      )
      .toBe(true);
    // India's agent cannot follow it on the socket either.
    const anitaSocket = await openSocket<AgentServerFrame>(app, agentChatPaths.ws, anita.cookieHeader);
    await expect.poll(() => anitaSocket.frames.some((f) => f.type === 'ready')).toBe(true);
    anitaSocket.ws.send(JSON.stringify({ type: 'watch', conversation_id: id }));
    await expect.poll(() => anitaSocket.frames.some((f) => f.type === 'error')).toBe(true);
    for (const s of [consoleSocket, riderSocket, anitaSocket]) s.ws.close();
  });

  it('transfers to another available agent of the queue, then ends with one follow-up ticket; all audited', async () => {
    const emma = await signedIn(app, accounts.agentGb);
    await put(app, emma, agentChatPaths.presence, { available: true });
    const rider = await signedIn(app, oliver);
    const id = await escalate(rider);
    const admin = await signedIn(app, accounts.admin);
    const anita = await signedIn(app, accounts.agentIn);
    await put(app, anita, agentChatPaths.presence, { available: true });

    // Not available yet: the admin cannot receive it; India's agent never can.
    expect((await emma.post(agentChatPath(agentChatPaths.transfer, id), { agent_id: 'u_admin' })).statusCode).toBe(404);
    const anitaId = (await anita.get('/api/agent/v1/me')).json().id as string;
    expect((await emma.post(agentChatPath(agentChatPaths.transfer, id), { agent_id: anitaId })).statusCode).toBe(404);

    await put(app, admin, agentChatPaths.presence, { available: true });
    const adminId = (await admin.get('/api/agent/v1/me')).json().id as string;
    const targets = (await emma.get(`${agentChatPaths.agents}?id=${id}`))
      .json()
      .agents.map((a: { id: string }) => a.id);
    expect(targets).toEqual([adminId]);
    const moved = await emma.post(agentChatPath(agentChatPaths.transfer, id), { agent_id: adminId });
    expect(moved.statusCode, moved.body).toBe(200);
    // Emma no longer holds it: she cannot write in it.
    const late = await emma.post(agentChatPath(agentChatPaths.messages, id), { client_id: clientId(), body: 'hi' });
    expect(late.statusCode).toBe(409);
    const history = (await rider.get(`${chatPaths.messages}?conversation_id=${id}`)).json();
    expect(history.messages.at(-1)).toMatchObject({ author: 'system' });
    expect(history.messages.at(-1).body).toContain('Meghna');

    // Emma takes it back (take), then ends it with follow-up: one ticket with the transcript, once.
    expect((await emma.post(agentChatPath(agentChatPaths.take, id), {})).statusCode).toBe(200);
    await emma.post(agentChatPath(agentChatPaths.messages, id), {
      client_id: clientId(),
      body: 'We will look into it.',
    });
    const ended = await emma.post(agentChatPath(agentChatPaths.end, id), { follow_up: true });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().conversation.status).toBe('ticketed');
    const ticketId = ended.json().conversation.ticket_id as string;
    const again = await emma.post(agentChatPath(agentChatPaths.end, id), { follow_up: true });
    expect(again.statusCode).toBe(409);
    const tickets = await database.db
      .selectFrom('tickets')
      .selectAll()
      .where('idempotency_key', 'like', `%chat:${id}`)
      .execute();
    expect(tickets).toHaveLength(1);
    expect(JSON.stringify(tickets[0])).toContain(ticketId);
    expect(JSON.stringify(tickets[0])).toContain('We will look into it.');
    expect(JSON.stringify(tickets[0])).toContain('my driver was rude to me');
    // The rider is told, and can no longer write.
    const told = (await rider.get(`${chatPaths.messages}?conversation_id=${id}`)).json();
    expect(told.conversation.status).toBe('ticketed');
    expect(told.messages.at(-1).body).toContain(ticketId);
    expect((await rider.post(chatPaths.messages, { client_id: clientId(), body: 'hello?' })).statusCode).toBe(404);

    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'chat')
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();
    expect(trail.map((t) => t.action)).toEqual(['chat_transfer', 'chat_take', 'chat_end']);
  });

  it('ends without follow-up: closed, no ticket', async () => {
    const emma = await signedIn(app, accounts.agentGb);
    await put(app, emma, agentChatPaths.presence, { available: true });
    const rider = await signedIn(app, oliver);
    const id = await escalate(rider);
    const ended = await emma.post(agentChatPath(agentChatPaths.end, id), { follow_up: false });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().conversation).toMatchObject({ status: 'closed', ticket_id: null });
    const tickets = await database.db
      .selectFrom('tickets')
      .select('id')
      .where('idempotency_key', 'like', `%chat:${id}`)
      .execute();
    expect(tickets).toHaveLength(0);
    expect((await emma.post(agentChatPath(agentChatPaths.end, id), { follow_up: 'maybe' })).statusCode).toBe(400);
  });
});

// Two instances over one database and one Redis: the agent on instance 1, the rider's socket on instance 2.
describe.skipIf(!redisUrl).each(testDatabases)('agent live chat across instances through Redis [%s]', (dialect) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    const kb = await importKnowledgeBase(database.db, fixtureKb);
    if (!kb.ok) throw new Error('fixture KB did not import');
    a = await buildApp(testConfig({ redisUrl }), database);
    b = await buildApp(testConfig({ redisUrl }), database);
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    await setGbLive(database.db, 'always');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.dispose();
  });

  it("delivers the agent's message to the rider's socket on the other instance, and the rider's to the console", async () => {
    const emma = await signedIn(a, accounts.agentGb);
    await put(a, emma, agentChatPaths.presence, { available: true });
    const consoleSocket = await openSocket<AgentServerFrame>(a, agentChatPaths.ws, emma.cookieHeader);
    await expect.poll(() => consoleSocket.frames.some((f) => f.type === 'ready')).toBe(true);
    const rider = await signedIn(b, oliver);
    const id = await escalate(rider);
    // The hand-off happened on instance 2; the console on instance 1 hears of it.
    await expect
      .poll(() => consoleSocket.frames.some((f) => f.type === 'inbox' && f.conversation_id === id))
      .toBe(true);
    consoleSocket.ws.send(JSON.stringify({ type: 'watch', conversation_id: id }));
    const riderSocket = await openSocket<ChatServerFrame>(
      b,
      `${chatPaths.ws}?conversation_id=${id}`,
      rider.cookieHeader,
    );
    await expect.poll(() => riderSocket.frames.some((f) => f.type === 'ready')).toBe(true);
    const sent = await emma.post(agentChatPath(agentChatPaths.messages, id), {
      client_id: clientId(),
      body: 'Hi from instance one',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect
      .poll(() => riderSocket.frames.some((f) => f.type === 'message' && f.message.body === 'Hi from instance one'))
      .toBe(true);
    riderSocket.ws.send(JSON.stringify({ type: 'message', client_id: clientId(), body: 'Hi from instance two' }));
    await expect
      .poll(() => consoleSocket.frames.some((f) => f.type === 'message' && f.message.body === 'Hi from instance two'))
      .toBe(true);
    consoleSocket.ws.close();
    riderSocket.ws.close();
  });
});
