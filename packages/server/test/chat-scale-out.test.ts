import type { AddressInfo } from 'node:net';
import { type ChatServerFrame, chatPaths } from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { channels, redisBus } from '../src/lib/bus.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { accounts, fixtureKb, openTestDatabase, signedIn, type TestDatabase, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Opens a chat socket on one instance as the person with these cookies. */
function openSocket(app: FastifyInstance, cookie: string) {
  const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return new Promise<{ ws: WebSocket; frames: ChatServerFrame[] }>((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}${chatPaths.ws}`, { headers: { cookie, origin: `http://${host}` } });
    const frames: ChatServerFrame[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as ChatServerFrame));
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

// Two instances over one database and one Redis: a person's sockets on either instance see the same conversation.
describe.skipIf(!redisUrl).each(testDatabases)('chat across instances through Redis [%s]', (dialect) => {
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
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.dispose();
  });

  it('delivers what a client on instance 1 sends to a client on instance 2, with the bot’s answer', async () => {
    const riya = await signedIn(a, accounts.customer);
    const started = await riya.post(chatPaths.start, { fresh: true });
    expect(started.statusCode, started.body).toBe(200);
    const onA = await openSocket(a, riya.cookieHeader);
    const onB = await openSocket(b, riya.cookieHeader);
    await expect
      .poll(() => onA.frames.some((f) => f.type === 'ready') && onB.frames.some((f) => f.type === 'ready'))
      .toBe(true);

    onA.ws.send(JSON.stringify({ type: 'message', client_id: 'scale-out-1', body: 'how do refunds work' }));
    await expect
      .poll(() => onB.frames.some((f) => f.type === 'message' && f.message.client_id === 'scale-out-1'))
      .toBe(true);
    await expect
      .poll(() => onB.frames.some((f) => f.type === 'message' && f.message.body === 'Did that help?'))
      .toBe(true);
    const card = onB.frames.flatMap((f) => (f.type === 'message' ? (f.message.payload.cards ?? []) : []))[0];
    expect(card?.title).toBe('How refunds work');
    // Instance 2 delivered each message once, in the order of its seq.
    const seqs = onB.frames.flatMap((f) => (f.type === 'message' ? [f.message.seq] : []));
    expect(seqs).toEqual([...new Set(seqs)].sort((x, y) => x - y));
    onA.ws.close();
    onB.ws.close();
  });
});

describe.skipIf(!redisUrl)('the Redis bus', () => {
  it('delivers a message published by one bus to the subscribers of another, until they unsubscribe', async () => {
    const log = pino({ level: 'silent' });
    const one = redisBus(redisUrl as string, log);
    const two = redisBus(redisUrl as string, log);
    try {
      const got: unknown[] = [];
      const channel = channels.conversation(`bus-test-${Date.now()}`);
      const unsubscribe = await two.subscribe(channel, (m) => got.push(m));
      await one.publish(channel, { type: 'message', n: 1 });
      await expect.poll(() => got).toEqual([{ type: 'message', n: 1 }]);
      await unsubscribe();
      await one.publish(channel, { type: 'message', n: 2 });
      await one.publish(channels.conversation('other'), { type: 'message', n: 3 });
      // A published marker on a channel still subscribed proves later messages would have arrived by now.
      const marker: unknown[] = [];
      const stop = await two.subscribe(`${channel}:marker`, (m) => marker.push(m));
      await one.publish(`${channel}:marker`, 'done');
      await expect.poll(() => marker.length).toBe(1);
      await stop();
      expect(got).toEqual([{ type: 'message', n: 1 }]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
