import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY, kbPaths, messages } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import {
  accounts,
  createTestApp,
  fixtureKb,
  signAppToken,
  type TestApp,
  TestClient,
  testDatabases,
} from './helpers.ts';

type Node = { id: string; title: string; articles: Node[] };
const titles = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.articles)]);

describe.each(testDatabases)('knowledge base [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
  });
  afterAll(async () => {
    await t.close();
  });

  const meta = async (c: TestClient, query = '') => {
    const res = await c.get(`${kbPaths.meta}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { index_name: string[]; context: string | null; data: Node[] };
  };
  const signedIn = async (email: string) => {
    const c = new TestClient(t.app);
    await c.signInAs(email);
    return c;
  };

  describe('audience rules', () => {
    it('shows a visitor the customer index without the membership category or app-only categories', async () => {
      const body = await meta(new TestClient(t.app));
      expect(body.index_name).toEqual(['customer']);
      expect(body.data.map((c) => c.title)).toEqual(['Payments and refunds']);
    });

    it('shows a paid member the membership category with both membership sections, and the Select index', async () => {
      const body = await meta(await signedIn(accounts.paidMember));
      expect(body.index_name).toEqual(['customer', 'customer_select']);
      expect(body.data[0]?.title).toBe('Select Membership');
      expect(titles(body.data)).toEqual(
        expect.arrayContaining(['Managing My Membership', 'Canceling my membership', 'Member benefits']),
      );
    });

    it('hides Managing My Membership from a trial member, and Canceling my membership when auto-renew is off', async () => {
      const all = titles((await meta(await signedIn(accounts.trialMember))).data);
      expect(all).toContain('Select Membership');
      expect(all).not.toContain('Managing My Membership');
      expect(all).not.toContain('Canceling my membership');
    });

    it('drops the membership category for an expired member', async () => {
      const body = await meta(await signedIn(accounts.expiredMember));
      expect(titles(body.data)).not.toContain('Select Membership');
    });

    it('shows hide_desktop categories only inside the app', async () => {
      const web = await meta(await signedIn(accounts.customer));
      expect(titles(web.data)).not.toContain('App only');
      const c = new TestClient(t.app);
      const token = await signAppToken({ sub: 'u_customer_in' });
      await c.post('/api/auth/app_session', { token });
      expect(titles((await meta(c)).data)).toContain('App only');
    });

    it('gives drivers their index by locale and the whitelisted category only when call requests are allowed', async () => {
      const ramesh = await signedIn(accounts.driverIn);
      const hi = (await ramesh.get(kbPaths.driverMeta)).json();
      expect(hi.index_name).toEqual(['driver_in_hi']);
      expect(titles(hi.data)).toContain('कमाई');
      const en = await meta(ramesh, '?index_name=driver_in_en');
      expect(titles(en.data)).toContain('Request a call from support');
      const vikram = await signedIn('vikram.bike@example.in');
      const bike = await meta(vikram, '?index_name=driver_in_en');
      expect(titles(bike.data)).not.toContain('Request a call from support');
      expect((await vikram.get(`${kbPaths.articles}?id=61`)).statusCode).toBe(404);
      expect((await (await signedIn(accounts.customer)).get(kbPaths.driverMeta)).statusCode).toBe(403);
    });

    it('refuses articles the viewer may not see with the spec 404 text', async () => {
      const visitor = new TestClient(t.app);
      for (const id of ['111', '151', '31', '999999']) {
        const res = await visitor.get(`${kbPaths.articles}?id=${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error.message).toBe(messages.articleNotFound);
      }
      expect((await (await signedIn(accounts.paidMember)).get(`${kbPaths.articles}?id=111`)).statusCode).toBe(200);
    });
  });

  it('lists the categories of a booking context, and chooses the context from the user’s own booking', async () => {
    const body = await meta(new TestClient(t.app), '?context=rides_Cancelled_Charged');
    expect(body.data.map((c) => c.title)).toEqual(['Cancellation fee charged']);
    const riya = await signedIn(accounts.customer);
    const charged = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'cancelled')
      .where('fare', '>', 0)
      .executeTakeFirstOrThrow();
    expect((await meta(riya, `?booking_id=${charged.id}`)).context).toBe('rides_Cancelled_Charged');
    const someoneElses = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_member_paid')
      .executeTakeFirstOrThrow();
    const res = await riya.get(`${kbPaths.meta}?booking_id=${someoneElses.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.bookingNotFound);
  });

  it('answers an article with children, ancestors, related, labels and embedded JSON, sanitised', async () => {
    const c = new TestClient(t.app);
    const cat = (await c.get(`${kbPaths.articles}?id=2`)).json().data;
    expect(cat.articles.map((a: Node) => a.title)).toEqual([
      'How refunds work',
      'Refund for a cancelled ride',
      'Payment methods',
      'Hostile formatting test',
      'The bill of my ride looks wrong',
    ]);
    const refund = (await c.get(`${kbPaths.articles}?id=22`)).json().data;
    expect(refund).toMatchObject({
      labels: { one_touch: true, call_type: 'refund' },
      label_names: ['neft_refund_option'],
    });
    expect(refund.embedded['refund-initiated']).toEqual({
      heading: 'Refund initiated',
      message: 'Your refund is on its way.',
    });
    expect(refund.ancestors.map((a: Node) => a.id)).toEqual(['2']);
    const hostile = (await c.get(`${kbPaths.articles}?id=24`)).json().data;
    expect(hostile.body).not.toMatch(/<script|onerror|javascript:/i);
    expect(hostile.body).toContain('href="https://example.org/help"');
    expect(hostile.embedded.Csat).toEqual({ heading: 'Rate us', options: [{ key: 'slow', text: 'Too slow' }] });
    // Related articles the viewer may not open (a paid-members article) are left out.
    const dispute = (await c.get(`${kbPaths.articles}?id=41`)).json().data;
    expect(dispute.related.map((a: Node) => a.id)).toEqual(['21']);
    expect((await c.get(`${kbPaths.related('customer')}?id=41`)).json().data.map((a: Node) => a.id)).toEqual(['21']);
    expect((await c.get(`${kbPaths.articles}?id=22&index_name=driver_in_en`)).statusCode).toBe(404);
  });

  describe('search', () => {
    const search = (c: TestClient, q: string, type = 'customer') =>
      c.get(`${kbPaths.search(type)}?query=${encodeURIComponent(q)}`);
    const ids = async (c: TestClient, q: string, type = 'customer') => {
      const res = await search(c, q, type);
      return res.statusCode === 200 ? (res.json() as { id: string }[]).map((r) => r.id) : [];
    };

    it.each([
      ['exact word, title matches first', 'refund', ['21', '22']],
      ['one typo in a word of five letters or more', 'refnd', ['22']],
      ['a swapped pair of letters', 'rfeund', ['22']],
      ['a typo that is one letter short of a plural', 'refunds', ['21', '22']],
      ['prefix of the word being typed', 'how refu', ['21']],
      ['every word must match', 'refund cancelled', ['22']],
    ])('%s: %s', async (_name, q, expected) => {
      const found = await ids(new TestClient(t.app), q);
      // The best matches, in either order (ranking between equally good titles is the database's).
      expect(found.slice(0, expected.length).sort()).toEqual(expected);
    });

    it('ranks a title match above a body-only match', async () => {
      const found = await ids(new TestClient(t.app), 'refund');
      expect(found.indexOf('21')).toBeLessThan(found.indexOf('23'));
      expect(found).toContain('23');
    });

    it('does not correct short words', async () => {
      expect(await ids(new TestClient(t.app), 'cahs')).toEqual([]);
    });

    it('finds Hindi text, whole words and prefixes', async () => {
      const ramesh = await signedIn(accounts.driverIn);
      expect(await ids(ramesh, 'भुगतान', 'driver')).toEqual(['71']);
      expect(await ids(ramesh, 'साप्ताहि', 'driver')).toEqual(['71']);
    });

    it('answers no match with the spec error and records the query for support staff', async () => {
      const res = await search(new TestClient(t.app), 'teleportation');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(messages.noArticlesFound);
      const rows = await t.database.db
        .selectFrom('kb_zero_result_searches')
        .selectAll()
        .where('query', '=', 'teleportation')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.index_names).toBe('customer');
    });

    it('never returns articles hidden from the viewer', async () => {
      expect(await ids(new TestClient(t.app), 'membership')).toEqual([]);
      expect(await ids(await signedIn(accounts.paidMember), 'membership')).toEqual(
        expect.arrayContaining(['111', '121']),
      );
      // Each kind of viewer has its own answer of a kept ranking: the paid member's never reaches a visitor, nor a
      // trial member (same indexes, so the same ranking) the paid members' section.
      expect(await ids(new TestClient(t.app), 'membership')).toEqual([]);
      expect(await ids(await signedIn(accounts.trialMember), 'membership')).not.toContain('111');
    });

    it('needs at least 3 characters', async () => {
      const res = await search(new TestClient(t.app), 're');
      expect(res.statusCode).toBe(400);
    });
  });

  it('stores one helpful vote per person per article', async () => {
    const c = await signedIn(accounts.customer);
    expect((await c.post(kbPaths.feedback, { article_id: '21', helpful: true })).statusCode).toBe(200);
    expect((await c.post(kbPaths.feedback, { article_id: '21', helpful: false })).statusCode).toBe(200);
    const votes = await t.database.db
      .selectFrom('article_feedback')
      .selectAll()
      .where('article_id', '=', '21')
      .execute();
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ helpful: 0, user_id: 'u_customer_in' });
    expect((await c.post(kbPaths.feedback, { article_id: '404404', helpful: true })).statusCode).toBe(404);
  });

  it(`counts ${KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY} visitors' votes per article and address a day; more are answered but have no effect`, async () => {
    const visitorVotes = () =>
      t.database.db
        .selectFrom('article_feedback')
        .select(['voter', 'helpful'])
        .where('article_id', '=', '22')
        .where('user_id', 'is', null)
        .orderBy('voter')
        .execute();
    // Each is the same person with the cookie dropped: a new visitor, the same address.
    const newVisitor = async () => {
      const c = new TestClient(t.app);
      await c.get('/api/auth/session');
      return c;
    };
    const crowd = await Promise.all(Array.from({ length: 12 }, newVisitor));
    const answers = await Promise.all(crowd.map((c) => c.post(kbPaths.feedback, { article_id: '22', helpful: true })));
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    expect(answers.every((a) => a.json().status === 'SUCCESS')).toBe(true);
    const counted = await visitorVotes();
    expect(counted).toHaveLength(KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY);

    const late = await newVisitor();
    expect((await late.post(kbPaths.feedback, { article_id: '22', helpful: false })).json()).toEqual({
      status: 'SUCCESS',
    });
    expect(await visitorVotes()).toEqual(counted);

    // A counted visitor may still change their vote; another article has its own count.
    const voters = new Set(counted.map((v) => v.voter));
    let changed = 0;
    for (const c of crowd) {
      await c.post(kbPaths.feedback, { article_id: '22', helpful: false });
      expect((await c.post(kbPaths.feedback, { article_id: '21', helpful: true })).statusCode).toBe(200);
    }
    for (const v of await visitorVotes()) {
      if (voters.has(v.voter) && v.helpful === 0) changed += 1;
    }
    expect(changed).toBe(KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY);
    const otherArticle = await t.database.db
      .selectFrom('article_feedback')
      .select('voter')
      .where('article_id', '=', '21')
      .where('user_id', 'is', null)
      .execute();
    expect(otherArticle).toHaveLength(KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY);

    // Signed-in users have one vote per account and are not capped by address.
    const signedInVoter = await signedIn(accounts.paidMember);
    await signedInVoter.post(kbPaths.feedback, { article_id: '22', helpful: true });
    const theirs = await t.database.db
      .selectFrom('article_feedback')
      .select('helpful')
      .where('article_id', '=', '22')
      .where('user_id', '=', 'u_member_paid')
      .execute();
    expect(theirs).toEqual([{ helpful: 1 }]);
  });
});

describe.each(testDatabases)('knowledge-base import [%s]', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-kb-'));
    fs.cpSync(fixtureKb, dir, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const run = () => importKnowledgeBase(t.database.db, dir);
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports, then changes nothing on a second run, then reports an edit and a removal', async () => {
    const first = await run();
    expect(first.ok && first.indexes.find((r) => r.index === 'customer')).toMatchObject({
      added: 15,
      updated: 0,
      removed: 0,
    });
    const second = await run();
    expect(second.ok && second.indexes.every((r) => r.added + r.updated + r.removed === 0)).toBe(true);
    // Read once before the edit, so a cached copy would show if the cache outlived the import.
    const article23 = async () => (await new TestClient(t.app).get(`${kbPaths.articles}?id=23`)).json().data;
    expect((await article23()).title).toBe('Payment methods');
    const file = path.join(dir, 'customer', '23.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Payment methods', 'title: Ways to pay'));
    fs.rmSync(path.join(dir, 'customer', '31.md'));
    const third = await run();
    expect(third.ok && third.indexes.find((r) => r.index === 'customer')).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 13,
      removed: 1,
    });
    expect((await article23()).title).toBe('Ways to pay');
    const res = await new TestClient(t.app).get(`${kbPaths.search('customer')}?query=ways%20to%20pay`);
    expect(res.json()[0].id).toBe('23');
  });

  it.each([
    ['broken YAML', 'id: "90"\nindex: customer\ntype: [article', /not valid YAML/],
    ['unknown key', 'id: "90"\nindex: customer\ntype: category\ntitle: X\ncolour: red', /colour|Unrecognized/i],
    [
      'a label outside the spec',
      'id: "90"\nindex: customer\ntype: category\ntitle: X\nlabels: { one_tuch: true }',
      /labels must be among/,
    ],
    [
      'a missing parent',
      'id: "90"\nindex: customer\ntype: article\nparent: "777"\ntitle: X',
      /parent 777 does not exist/,
    ],
    ['a duplicate id', 'id: "21"\nindex: customer\ntype: category\ntitle: X', /id 21 is already used/],
  ])('rejects %s with the file and reason, importing nothing', async (_name, frontMatter, reason) => {
    const before = await count();
    const bad = path.join(dir, 'customer', '90-bad.md');
    fs.writeFileSync(
      bad,
      `---\n${frontMatter}\n---\nA body that is long enough to be accepted as an article body here.\n`,
    );
    fs.writeFileSync(
      path.join(dir, 'customer', '91-new.md'),
      '---\nid: "91"\nindex: customer\ntype: category\ntitle: New category\n---\nNew.\n',
    );
    try {
      const result = await run();
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems.some((p) => p.file.endsWith('90-bad.md') && reason.test(p.reason))).toBe(true);
      }
      expect(await count()).toBe(before);
    } finally {
      fs.rmSync(bad);
      fs.rmSync(path.join(dir, 'customer', '91-new.md'));
    }
  });
});
