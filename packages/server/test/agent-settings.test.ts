import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentSettingsPaths, apiPaths, chatAvailabilityPaths, DEFAULT_CHAT_CONFIG } from '@selfserve/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, type DialectName, migrateToLatest, openDatabase } from '../src/db/database.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { accounts, signedIn, type TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

/** Two handles on one database, as two instances have (each its own connections and its own per-process reads). */
async function twoHandles(
  dialect: DialectName,
): Promise<{ one: DatabaseHandle; two: DatabaseHandle; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-'));
    const file = path.join(dir, 'selfserve.db');
    const one = openDatabase({ sqliteFile: file });
    await migrateToLatest(one.db);
    await seedDemoData(one.db);
    const two = openDatabase({ sqliteFile: file });
    return {
      one,
      two,
      async dispose() {
        await one.close();
        await two.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query('create extension if not exists pg_trgm schema public').catch(() => {});
  await admin.end();
  const one = openDatabase({ databaseUrl: url, schema, poolSize: 3 });
  await migrateToLatest(one.db, schema);
  await seedDemoData(one.db);
  const two = openDatabase({ databaseUrl: url, schema, poolSize: 3 });
  return {
    one,
    two,
    async dispose() {
      await one.close();
      await two.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

async function put(app: FastifyInstance, c: TestClient, url: string, body: unknown, csrf = true) {
  return app.inject({
    method: 'PUT',
    url,
    headers: { cookie: c.cookieHeader, ...(csrf ? { 'x-csrf-token': c.csrf } : {}) },
    payload: body as object,
  });
}

describe.each(testDatabases)('settings pages [%s]', (dialect) => {
  let handles: Awaited<ReturnType<typeof twoHandles>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    handles = await twoHandles(dialect);
    // Instance 2 was started with HIDE_CALL_US: the admin's setting overrides each instance's environment alike.
    a = await buildApp(testConfig(), handles.one);
    const base = testConfig();
    b = await buildApp({ ...base, switches: { ...base.switches, callUs: false } }, handles.two);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await handles.dispose();
  });

  it('sets the master switches at run time: audited, and seen by the other instance within a second', async () => {
    const admin = await signedIn(a, accounts.admin);
    const before = await admin.get(agentSettingsPaths.switches);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      switches: { write_to_us: true, call_us: true, chat: true },
      source: 'env',
      updated_at: null,
    });
    const rider = await signedIn(b, 'oliver.smith@example.co.uk');
    expect((await rider.get(apiPaths.session)).json().switches).toEqual({
      write_to_us: true,
      call_us: false,
      chat: true,
    });

    // Refused: a missing switch, a string, an unknown key, no CSRF token.
    for (const bad of [
      { chat: false },
      { write_to_us: true, call_us: true, chat: 'no' },
      { write_to_us: true, call_us: true, chat: true, x: 1 },
    ]) {
      expect((await put(a, admin, agentSettingsPaths.switches, bad)).statusCode).toBe(400);
    }
    const next = { write_to_us: false, call_us: true, chat: false };
    expect((await put(a, admin, agentSettingsPaths.switches, next, false)).statusCode).toBe(403);

    const saved = await put(a, admin, agentSettingsPaths.switches, next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ switches: next, source: 'admin' });
    // This instance at once.
    expect((await admin.get(apiPaths.session)).json().switches).toEqual(next);
    // The other within a second (its own reads of the database), and its chat availability with it.
    const started = Date.now();
    await expect
      .poll(async () => (await rider.get(apiPaths.session)).json().switches, { timeout: 3000, interval: 100 })
      .toEqual(next);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await rider.get(chatAvailabilityPaths.availability)).json().chat).toBe(false);

    const trail = await handles.one.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'switches_update')
      .execute();
    expect(trail).toHaveLength(1);
    expect(JSON.parse(trail[0]?.detail ?? '{}')).toMatchObject({ after: next });

    // Back on: riders see chat again.
    const on = { write_to_us: true, call_us: true, chat: true };
    expect((await put(a, admin, agentSettingsPaths.switches, on)).statusCode).toBe(200);
    await expect
      .poll(async () => (await rider.get(apiPaths.session)).json().switches, { timeout: 3000, interval: 100 })
      .toEqual(on);
  });

  it('edits a call-us number: validated, audited, used by the call-us answer', async () => {
    const admin = await signedIn(a, accounts.admin);
    const lines = (await admin.get(agentSettingsPaths.callUs)).json().lines as { id: string; number: string }[];
    expect(lines.find((l) => l.id === 'call_gb_london_customer')?.number).toBe('+442079460350');
    const url = agentSettingsPaths.callUsLine.replace(':id', 'call_gb_london_customer');
    for (const bad of [{ number: '020 7946 0321' }, { number: '+44' }, { number: '+442079460321', extra: 1 }]) {
      expect((await put(a, admin, url, bad)).statusCode).toBe(400);
    }
    expect(
      (await put(a, admin, agentSettingsPaths.callUsLine.replace(':id', 'nope'), { number: '+442079460999' }))
        .statusCode,
    ).toBe(404);
    const saved = await put(a, admin, url, { number: '+442079460999' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().line).toMatchObject({
      id: 'call_gb_london_customer',
      country_code: 'GB',
      number: '+442079460999',
    });
    const oliver = await signedIn(a, 'oliver.smith@example.co.uk');
    const callUs = await oliver.post('/api/callus/get_call_us_number', {});
    expect(callUs.body).toContain('442079460999');
    const trail = await handles.one.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'call_us_number_update')
      .execute();
    expect(trail.map((t) => JSON.parse(t.detail))).toEqual([{ before: '+442079460350', after: '+442079460999' }]);
  });

  it("lets an admin's session read and change the chat's hours (CSRF, audited); agents and riders cannot", async () => {
    const admin = await signedIn(a, accounts.admin);
    const got = await admin.get(chatAvailabilityPaths.config);
    expect(got.statusCode, got.body).toBe(200);
    const gb = { ...DEFAULT_CHAT_CONFIG.gb, live_hours: [{ days: ['mon'], open: '10:00', close: '12:00' }] };
    expect((await put(a, admin, chatAvailabilityPaths.config, { regions: { gb } }, false)).statusCode).toBe(403);
    const bad = await put(a, admin, chatAvailabilityPaths.config, {
      regions: { gb: { ...gb, time_zone: 'Mars/Base' } },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await put(a, admin, chatAvailabilityPaths.config, { regions: { gb } });
    expect(saved.statusCode, saved.body).toBe(200);
    const region = saved.json().regions.find((r: { region: string }) => r.region === 'gb');
    expect(region).toMatchObject({ config: { live_hours: gb.live_hours }, updated_by: accounts.admin });
    const trail = await handles.one.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'chat_config_update')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]?.target_id).toBe('chat_availability');

    const agent = await signedIn(a, accounts.agentGb);
    expect((await agent.get(chatAvailabilityPaths.config)).statusCode).toBe(404);
    const rider = await signedIn(a, accounts.customer);
    expect((await put(a, rider, chatAvailabilityPaths.config, { regions: { gb } })).statusCode).toBe(404);
  });
});

describe('the chat config call with ADMIN_API_TOKEN', () => {
  it('still answers the bearer token, and refuses an agent session with 403 when the token way exists', async () => {
    const handles = await twoHandles('sqlite');
    const app = await buildApp(testConfig({ adminApiToken: 'operator-token-operator-token' }), handles.one);
    try {
      const ok = await app.inject({
        method: 'GET',
        url: chatAvailabilityPaths.config,
        headers: { authorization: 'Bearer operator-token-operator-token' },
      });
      expect(ok.statusCode).toBe(200);
      const agent = await signedIn(app, accounts.agentGb);
      expect((await agent.get(chatAvailabilityPaths.config)).statusCode).toBe(403);
      const rider = await signedIn(app, accounts.customer);
      expect((await rider.get(chatAvailabilityPaths.config)).statusCode).toBe(401);
    } finally {
      await app.close();
      await handles.dispose();
    }
  });
});
