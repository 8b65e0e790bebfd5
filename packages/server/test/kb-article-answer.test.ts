import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { kbArticleResponseSchema, kbPaths, LANGUAGE_COOKIE } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { compile } from '../src/plugins/serializer.ts';
import {
  accounts,
  createTestApp,
  fixtureKb,
  signAppToken,
  signedIn,
  type TestApp,
  TestClient,
  testDatabases,
} from './helpers.ts';

// The article fetch's answers are written once per article, language and kind of viewer and kept as bytes
// (modules/kb/article-answer.ts). These check that what is sent is what the route's serialiser writes for that
// viewer, every time, and that the access rules and the helpful counts stay per request.

const writeAnswer = compile(kbArticleResponseSchema) as (data: unknown) => string;

/** The fixture knowledge base with a Hindi translation of article 23 and of category 2 (as kb-translations.test.ts). */
function content(): { root: string; kb: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-kb-answer-'));
  const kb = path.join(root, 'kb');
  fs.cpSync(fixtureKb, kb, { recursive: true });
  const hi = path.join(root, 'kb-i18n', 'hi', 'customer');
  fs.mkdirSync(hi, { recursive: true });
  fs.writeFileSync(
    path.join(hi, '23.md'),
    '---\nid: "23"\ntitle: भुगतान के तरीके\n---\nआप नकद, कार्ड, UPI या वॉलेट से भुगतान कर सकते हैं। असफल कार्ड भुगतान से दो बार पैसा नहीं कटता।\n',
  );
  fs.writeFileSync(path.join(hi, '2.md'), '---\nid: "2"\ntitle: भुगतान और रिफ़ंड\n---\nभुगतान, वॉलेट और रिफ़ंड।\n');
  return { root, kb };
}

const ids = ['1', '11', '111', '12', '121', '2', '21', '22', '23', '24', '25', '3', '31', '4', '41', '150', '151', '5'];
const queries = (id: string) => [
  `?id=${id}`,
  `?id=${id}&related=false`,
  `?id=${id}&related=true&context=x`,
  `?id=${id}&index_name=customer`,
  `?id=${id}&index_name=customer_select`,
  `?id=${id}&index_name=customer_select&index_name=customer`,
];

describe.each(testDatabases)('article answers written once [%s]', (dialect) => {
  let t: TestApp;
  let dir: ReturnType<typeof content>;
  beforeAll(async () => {
    dir = content();
    t = await createTestApp(dialect, {}, { kb: dir.kb });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir.root, { recursive: true, force: true });
  });

  const viewers = async (): Promise<[string, TestClient][]> => {
    const hindiVisitor = new TestClient(t.app);
    hindiVisitor.cookies.set(LANGUAGE_COOKIE, 'hi');
    const inApp = new TestClient(t.app);
    await inApp.post('/api/auth/app_session', { token: await signAppToken({ sub: 'u_customer_in' }) });
    return [
      ['visitor', new TestClient(t.app)],
      ['hindi visitor', hindiVisitor],
      ['customer', await signedIn(t.app, accounts.customer)],
      ['customer in the app', inApp],
      ['paid member', await signedIn(t.app, accounts.paidMember)],
      ['trial member', await signedIn(t.app, accounts.trialMember)],
      ['driver', await signedIn(t.app, accounts.driverIn)],
    ];
  };

  it("sends every viewer the serialiser's writing of its own answer, the same bytes whether kept or not", async () => {
    const all = await viewers();
    // Each viewer in turn, then all again in the reverse order: an answer kept for one kind is never another's.
    const seen = new Map<string, { status: number; body: string }>();
    for (const [name, c] of [...all, ...[...all].reverse()]) {
      for (const id of ids) {
        for (const q of queries(id)) {
          const res = await c.get(`${kbPaths.articles}${q}`);
          const key = `${name} ${q}`;
          const before = seen.get(key);
          if (before) {
            expect({ key, status: res.statusCode, body: res.body }).toEqual({ key, ...before });
            continue;
          }
          seen.set(key, { status: res.statusCode, body: res.body });
          if (res.statusCode !== 200) {
            expect(res.statusCode, `${key}: ${res.body}`).toBe(404);
            continue;
          }
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
          // What the route's serialiser writes for this answer, byte for byte.
          expect(res.body, key).toBe(writeAnswer(kbArticleResponseSchema.parse(JSON.parse(res.body))));
        }
      }
    }
    const body = (name: string, q: string) => seen.get(`${name} ${q}`)?.body ?? '';
    const data = (name: string, q: string) => kbArticleResponseSchema.parse(JSON.parse(body(name, q))).data;
    // The audience rules per kind of viewer, whoever asked first.
    expect(seen.get('visitor ?id=111')?.status).toBe(404);
    expect(seen.get('paid member ?id=111')?.status).toBe(200);
    expect(seen.get('trial member ?id=111')?.status).toBe(404);
    expect(data('paid member', '?id=1').articles.map((a) => a.id)).toEqual(['11', '12']);
    // 'Canceling my membership' is not for a trial member without auto-renew (contract kb-audience.ts).
    expect(data('trial member', '?id=1').articles.map((a) => a.id)).toEqual([]);
    expect(data('visitor', '?id=41').related.map((a) => a.id)).toEqual(['21']);
    expect(data('paid member', '?id=41').related.map((a) => a.id)).toEqual(['21', '111']);
    expect(data('paid member', '?id=41&related=false').related).toEqual([]);
    expect(seen.get('customer ?id=31')?.status).toBe(404);
    expect(seen.get('customer in the app ?id=31')?.status).toBe(200);
    // The language.
    expect(data('hindi visitor', '?id=23').title).toBe('भुगतान के तरीके');
    expect(data('visitor', '?id=23').title).toBe('Payment methods');
    expect(data('hindi visitor', '?id=21').ancestors[0]?.title).toBe('भुगतान और रिफ़ंड');
    // The index filter, per request: the same article kept for the kind, refused when the filter leaves it out.
    expect(body('visitor', '?id=21&index_name=customer')).toBe(body('visitor', '?id=21'));
    expect(seen.get('visitor ?id=21&index_name=customer_select')?.status).toBe(404);
    expect(seen.get('visitor ?id=150')?.status).toBe(404);
    expect(seen.get('paid member ?id=150')?.status).toBe(200);
    expect(seen.get('paid member ?id=150&index_name=customer')?.status).toBe(404);
  });

  it('refuses a kept article to a request whose index filter leaves it out, and a bad query with 400', async () => {
    const c = new TestClient(t.app);
    expect((await c.get(`${kbPaths.articles}?id=22`)).statusCode).toBe(200);
    expect((await c.get(`${kbPaths.articles}?id=22`)).statusCode).toBe(200);
    expect((await c.get(`${kbPaths.articles}?id=22&index_name=driver_in_en`)).statusCode).toBe(404);
    expect((await c.get(`${kbPaths.articles}?id=22&index_name=customer_select`)).statusCode).toBe(404);
    expect((await c.get(`${kbPaths.articles}?id=22&related=maybe`)).statusCode).toBe(400);
    expect((await c.get(`${kbPaths.articles}?id=../22`)).statusCode).toBe(400);
    expect((await c.get(`${kbPaths.articles}`)).statusCode).toBe(400);
  });

  it('writes the helpful counts of the moment into a kept answer, a vote at once', async () => {
    const visitor = new TestClient(t.app);
    const get = async () => (await visitor.get(`${kbPaths.articles}?id=25`)).body;
    const first = await get();
    expect(await get()).toBe(first);
    const before = kbArticleResponseSchema.parse(JSON.parse(first)).data.feedback;
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.post(kbPaths.feedback, { article_id: '25', helpful: true })).statusCode).toBe(200);
    const after = await get();
    const counts = { helpful: before.helpful + 1, total: before.total + 1 };
    expect(kbArticleResponseSchema.parse(JSON.parse(after)).data.feedback).toEqual(counts);
    // Only the counts changed, and the answer is still the serialiser's writing.
    expect(after.replace(/"feedback":\{[^}]*\}/, '')).toBe(first.replace(/"feedback":\{[^}]*\}/, ''));
    expect(after).toBe(writeAnswer(kbArticleResponseSchema.parse(JSON.parse(after))));
    // A changed vote too.
    expect((await riya.post(kbPaths.feedback, { article_id: '25', helpful: false })).statusCode).toBe(200);
    expect(kbArticleResponseSchema.parse(JSON.parse(await get())).data.feedback).toEqual({
      helpful: before.helpful,
      total: counts.total,
    });
  });

  it('sends the kept answer gzip-compressed to a client that accepts gzip, the same JSON, the counts of the moment', async () => {
    const visitor = new TestClient(t.app);
    const gzipped = () =>
      visitor.request('GET', `${kbPaths.articles}?id=24`, undefined, { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await visitor.get(`${kbPaths.articles}?id=24`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const packed = await gzipped();
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toContain('accept-encoding');
    expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zlib.gunzipSync(packed.rawPayload).toString()).toBe(plain.body);
    // A vote shows in the compressed answer at once too.
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.post(kbPaths.feedback, { article_id: '24', helpful: true })).statusCode).toBe(200);
    const after = kbArticleResponseSchema.parse(JSON.parse(zlib.gunzipSync((await gzipped()).rawPayload).toString()));
    const before = kbArticleResponseSchema.parse(plain.json()).data.feedback;
    expect(after.data.feedback).toEqual({ helpful: before.helpful + 1, total: before.total + 1 });
    expect((await visitor.get(`${kbPaths.articles}?id=24`)).json()).toEqual(after);
  });

  it('answers the new content at once after an import on this instance (a new knowledge-base version)', async () => {
    const visitor = new TestClient(t.app);
    const title = async () =>
      kbArticleResponseSchema.parse((await visitor.get(`${kbPaths.articles}?id=22`)).json()).data.title;
    expect(await title()).toBe('Refund for a cancelled ride');
    const file = path.join(dir.kb, 'customer', '22.md');
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace('title: Refund for a cancelled ride', 'title: Refunds after a cancellation'),
    );
    const result = await importKnowledgeBase(t.database.db, dir.kb);
    expect(result.ok).toBe(true);
    expect(await title()).toBe('Refunds after a cancellation');
  });
});
