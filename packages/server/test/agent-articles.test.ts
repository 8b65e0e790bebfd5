import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  agentArticlePath,
  agentArticlePaths,
  apiPaths,
  CSRF_HEADER,
  kbArticleResponseSchema,
  kbPaths,
  messages,
} from '@selfserve/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { exportKnowledgeBase } from '../src/modules/kb/export.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { accounts, createTestApp, fixtureKb, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

/** PUT and DELETE as the web app sends them (the test client speaks GET and POST). */
async function send(t: TestApp, c: TestClient, method: 'PUT' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: c.cookieHeader, [CSRF_HEADER]: c.csrf },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const readerTitle = async (app: TestApp['app'], id: string) => {
  const res = await new TestClient(app).get(`${kbPaths.articles}?id=${id}`);
  return res.statusCode === 200 ? kbArticleResponseSchema.parse(res.json()).data.title : res.statusCode;
};

describe.each(testDatabases)('article authoring in the agent console [%s]', (dialect) => {
  let t: TestApp;
  let folder: string;
  let agent: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    // A copy of the fixture content, so the export can write to it.
    folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-authoring-')), 'kb');
    fs.cpSync(fixtureKb, folder, { recursive: true });
    t = await createTestApp(dialect, { kbContentDir: folder }, { kb: folder });
    agent = await signedIn(t.app, accounts.agentIn);
    admin = await signedIn(t.app, accounts.admin);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it('is for staff only: 401 for a visitor, 403 for a rider, publishing for admins', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    expect((await visitor.get(agentArticlePaths.list)).statusCode).toBe(401);
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.get(agentArticlePaths.list)).statusCode).toBe(403);
    expect((await riya.get(agentArticlePath(agentArticlePaths.one, '23'))).statusCode).toBe(403);
    const agentPublish = await agent.post(agentArticlePath(agentArticlePaths.publish, '23'));
    expect(agentPublish.statusCode).toBe(403);
  });

  it('finds articles by title words or id', async () => {
    const byWords = (await agent.get(`${agentArticlePaths.list}?q=payment`)).json();
    expect(byWords.articles.map((a: { id: string }) => a.id)).toContain('23');
    const byId = (await agent.get(`${agentArticlePaths.list}?q=23`)).json();
    expect(byId.articles).toEqual([expect.objectContaining({ id: '23', status: 'published', has_draft: false })]);
  });

  it('keeps a draft away from readers until an admin publishes it', async () => {
    const url = agentArticlePath(agentArticlePaths.draft, '23');
    const before = await readerTitle(t.app, '23');
    const one = (await agent.get(agentArticlePath(agentArticlePaths.one, '23'))).json();
    const english = one.locales.find((l: { locale: string }) => l.locale === 'en');
    const save = await send(t, agent, 'PUT', url, {
      title: 'Ways to pay for your ride',
      body: `${english.published.body}\n\nNew: pay with a **gift card**.`,
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await readerTitle(t.app, '23')).toBe(before);
    const edited = (await agent.get(agentArticlePath(agentArticlePaths.one, '23'))).json();
    expect(edited.locales.find((l: { locale: string }) => l.locale === 'en').draft.title).toBe(
      'Ways to pay for your ride',
    );
    expect((await agent.get(`${agentArticlePaths.list}?changed=true`)).json().articles).toEqual([
      expect.objectContaining({ id: '23', has_draft: true }),
    ]);

    const publish = await admin.post(agentArticlePath(agentArticlePaths.publish, '23'));
    expect(publish.statusCode, publish.body).toBe(200);
    expect(await readerTitle(t.app, '23')).toBe('Ways to pay for your ride');
    const search = await new TestClient(t.app).get(`${kbPaths.search('customer')}?query=gift%20card`);
    expect(JSON.stringify(search.json())).toContain('Ways to pay for your ride');
    // Nothing left to publish.
    const again = await admin.post(agentArticlePath(agentArticlePaths.publish, '23'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.articleNothingToPublish);
    const trail = (await admin.get(agentArticlePath(agentArticlePaths.one, '23'))).json().trail;
    expect(trail.map((e: { action: string }) => e.action).slice(0, 2)).toEqual([
      'article_publish',
      'article_save_draft',
    ]);
    expect(trail[0].actor).toBe('Meghna Kapoor');
  });

  it('checks a draft with the importer’s rules and sanitises what readers get', async () => {
    const url = agentArticlePath(agentArticlePaths.draft, '21');
    const short = await send(t, agent, 'PUT', url, { title: 'Too short', body: 'Tiny.' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/^This article cannot be saved: an article needs a body of at least 40/);
    const badTag = await send(t, agent, 'PUT', url, {
      title: 'Tagged',
      body: 'A body that is long enough to be an article body for the reader.',
      tags: ['no_such_tag'],
    });
    expect(badTag.statusCode).toBe(400);
    const hostile = 'A body that is long enough to be an article <script>alert(1)</script><img src=x onerror=alert(2)>';
    expect((await send(t, agent, 'PUT', url, { title: 'Safe', body: hostile })).statusCode).toBe(200);
    const preview = (await agent.post(agentArticlePaths.preview, { body: hostile })).json().html as string;
    expect(preview).toContain('long enough');
    expect(preview).not.toMatch(/<script|onerror/);
    expect((await admin.post(agentArticlePath(agentArticlePaths.publish, '21'))).statusCode).toBe(200);
    const res = await new TestClient(t.app).get(`${kbPaths.articles}?id=21`);
    expect(res.json().data.body).not.toMatch(/<script|onerror/);
  });

  it('saves and publishes a translation, and a new article under a category', async () => {
    const hindi = await send(t, agent, 'PUT', agentArticlePath(agentArticlePaths.draft, '23'), {
      locale: 'hi',
      title: 'भुगतान के तरीके',
      body: 'आप नकद, कार्ड, UPI या वॉलेट से भुगतान कर सकते हैं। असफल भुगतान का पैसा हम अपने आप लौटा देते हैं।',
    });
    expect(hindi.statusCode, hindi.body).toBe(200);
    const created = await agent.post(agentArticlePaths.list, {
      parent: '2',
      title: 'Paying with a gift card',
      body: 'Add a gift card in the wallet, then choose it as the payment method before you book.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(Number(id)).toBeGreaterThan(152);
    expect(await readerTitle(t.app, id)).toBe(404);
    expect((await agent.get(`${agentArticlePaths.list}?status=draft`)).json().articles).toEqual([
      expect.objectContaining({ id, status: 'draft' }),
    ]);
    expect((await admin.post(agentArticlePath(agentArticlePaths.publish, id))).statusCode).toBe(200);
    expect((await admin.post(agentArticlePath(agentArticlePaths.publish, '23'))).statusCode).toBe(200);
    expect(await readerTitle(t.app, id)).toBe('Paying with a gift card');
    const hi = new TestClient(t.app);
    hi.cookies.set('ss_lang', 'hi');
    expect((await hi.get(`${kbPaths.articles}?id=23`)).json().data.title).toBe('भुगतान के तरीके');
  });

  it('unpublishes (readers get not found) and publishes again', async () => {
    expect((await admin.post(agentArticlePath(agentArticlePaths.unpublish, '23'))).statusCode).toBe(200);
    expect(await readerTitle(t.app, '23')).toBe(404);
    expect((await agent.get(`${agentArticlePaths.list}?status=unpublished`)).json().articles).toEqual([
      expect.objectContaining({ id: '23', status: 'unpublished' }),
    ]);
    expect((await admin.post(agentArticlePath(agentArticlePaths.publish, '23'))).statusCode).toBe(200);
    expect(await readerTitle(t.app, '23')).toBe('Ways to pay for your ride');
  });

  it('exports what was published back to the content files, which import again unchanged', async () => {
    const files = (await admin.get(agentArticlePath(agentArticlePaths.exportFiles, '23'))).json().files;
    expect(files.map((f: { path: string }) => f.path).sort()).toEqual(
      ['kb-i18n/hi/customer/23-ways-to-pay-for-your-ride.md', 'kb/customer/23.md'].sort(),
    );
    const result = await exportKnowledgeBase(t.database.db, folder);
    expect(result.written.map((f) => path.relative(folder, f))).toEqual(
      expect.arrayContaining(['customer/23.md', 'customer/21.md']),
    );
    expect(fs.readFileSync(path.join(folder, 'customer', '23.md'), 'utf8')).toContain(
      'title: Ways to pay for your ride',
    );
    // The exported folder is what the database holds: importing it changes nothing.
    const reimport = await importKnowledgeBase(t.database.db, folder);
    expect(reimport.ok).toBe(true);
    if (reimport.ok) {
      const customer = reimport.indexes.find((r) => r.index === 'customer');
      expect(customer).toMatchObject({ added: 0, updated: 0, removed: 0 });
    }
  });
});

describe.each(testDatabases)('a published article on another instance [%s]', (dialect) => {
  it('is seen by a second server on the same database within a second', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-two-'));
    const url = process.env.TEST_DATABASE_URL;
    const schema = `t_auth_${Math.random().toString(16).slice(2, 10)}`;
    const options =
      dialect === 'postgres' && url
        ? { databaseUrl: url, schema, poolSize: 2 }
        : { sqliteFile: path.join(dir, 'kb.db') };
    if ('schema' in options) {
      const first = openDatabase({ databaseUrl: url as string, poolSize: 1 });
      await sql`create schema ${sql.id(schema)}`.execute(first.db);
      await first.close();
    }
    const one = openDatabase(options);
    const two = openDatabase(options);
    try {
      await migrateToLatest(one.db, 'schema' in options ? schema : undefined);
      const { seedDemoData } = await import('../src/db/seed/index.ts');
      await seedDemoData(one.db);
      await importKnowledgeBase(one.db, fixtureKb);
      const appOne = await buildApp(testConfig(), one);
      const appTwo = await buildApp(testConfig(), two);
      try {
        expect(await readerTitle(appTwo, '23')).toBe('Payment methods');
        const admin = await signedIn(appOne, accounts.admin);
        const save = await appOne.inject({
          method: 'PUT',
          url: agentArticlePath(agentArticlePaths.draft, '23'),
          headers: { cookie: admin.cookieHeader, [CSRF_HEADER]: admin.csrf },
          payload: {
            title: 'Payment methods and wallets',
            body: 'You can pay with cash, card, UPI or the in-app wallet on every ride.',
          },
        });
        expect(save.statusCode, save.body).toBe(200);
        expect((await admin.post(agentArticlePath(agentArticlePaths.publish, '23'))).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 1100));
        expect(await readerTitle(appTwo, '23')).toBe('Payment methods and wallets');
      } finally {
        await appOne.close();
        await appTwo.close();
      }
    } finally {
      await one.close();
      await two.close();
      if ('schema' in options) {
        const last = openDatabase({ databaseUrl: url as string, poolSize: 1 });
        await sql`drop schema ${sql.id(schema)} cascade`.execute(last.db);
        await last.close();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
