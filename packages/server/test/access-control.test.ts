import crypto from 'node:crypto';
import {
  apiPaths,
  CSRF_HEADER,
  chatPaths,
  FILETYPE_HEADER,
  labPaths,
  messages,
  ticketPaths,
  uploadPaths,
} from '@selfserve/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTicketCursor } from '../src/modules/tickets/service.ts';
import { type Operation, operationsOf, seededRandom, validValue } from './fuzz/generate.ts';
import { accounts, createTestApp, fixtureKb, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';

/**
 * The access-control suite (issue 20 item 3, docs/security.md): every id-taking parameter of every operation of the
 * OpenAPI document is found by its name (or the table below), and a signed-in rider and a driver each send another
 * person's real id in it. No answer may carry that person's data, and nothing of theirs may change. Then: every route
 * that wants a signed-in person answers 401 to an anonymous caller whatever the input, and every staff route 403 to
 * a rider — walked over the route table, so routes added later are covered too.
 */

/** What kind of thing an id parameter names: owned by someone (tried with another's), or not owned (and why). */
type Owned =
  | 'booking'
  | 'order'
  | 'ticket'
  | 'document'
  | 'lostItem'
  | 'driverCall'
  | 'conversation'
  | 'subscription'
  | 'ticketCursor';
type Kind = Owned | { notOwned: string };

const catalogue = { notOwned: 'a public catalogue id (articles, issues, options, indexes): the same for everyone' };
const selfProving = { notOwned: 'a secret that proves itself (signed token or one-time code); tried in its own tests' };
const provider = { notOwned: "a telephony provider's callback: no person calls it (403 without the shared secret)" };

/** Parameter names that look like ids (the test below fails on one this file does not classify). */
const ID_LIKE =
  /(?:^|_)ids?$|[a-z](?:Id|ID)s?$|^(?:id|crn|osn|ref_no|ref_id|token|code|digits|cursor|page_key|next_page|user)$|Images$/;

/** By name; the operation-specific table below wins. */
const BY_NAME: Record<string, Kind> = {
  booking_id: 'booking',
  crn: 'booking',
  ref_no: 'booking',
  osn: 'booking',
  order_id: 'order',
  orderID: 'order',
  ref_id: 'ticket',
  uploaded_image_ids: 'document',
  uploadedImages: 'document',
  conversation_id: 'conversation',
  // top-level in the one-touch body (no flow reads it there); the invoice flow's params.subscription_id is checked
  // against the signed-in member in coupon-subscription.test.ts ("another's subscription: 404")
  subscription_id: 'subscription',
  call_id: 'driverCall',
  request_id: 'lostItem',
  ticket_id: 'ticket',
  cursor: 'ticketCursor',
  article_id: catalogue,
  issue_id: catalogue,
  option_id: catalogue,
  custom_id: { notOwned: "the one-touch form's own custom field id (guided-flows.md), not a stored object" },
  versionId: { notOwned: "the app's version, a monitoring field" },
  token: selfProving,
  code: selfProving,
  // The call-us code is a secret given only to its owner (callus.test.ts); nobody gets one for another's ride
  // (get_call_us_number and call_us_token with another's booking or CRN: 404 in the suite below).
  digits: provider,
  page_key: { notOwned: "a page of the caller's own list: the list is read by the signed-in user" },
  next_page: { notOwned: "a page of the caller's own list: the list is read by the signed-in user" },
  user: { notOwned: 'ignored: the ticket is always the signed-in user’s (tickets.test.ts)' },
  client_id: { notOwned: "the sender's own de-duplication key, looked up within the conversation only" },
};

/** Staff work on everyone's tickets, chats and articles by their role; riders and drivers get 403 (test below). */
const STAFF: Kind = { notOwned: 'a staff route (agent console): any object by role; 403 to riders and drivers' };
const STAFF_PREFIX = '/api/agent/';

/** `METHOD path name` → kind, where the name alone does not say it. */
const BY_OPERATION: Record<string, Kind> = {
  'GET /api/bookings/v2/details id': 'booking',
  'GET /api/bookings/v3/ride_detail id': 'booking',
  'GET /api/bookings/v3/invoice id': 'booking',
  'GET /api/v1/documents/{id} id': 'document',
  'GET /api/kb/v3/articles id': catalogue,
  'GET /api/kb/v3/related_article/{index}/articles id': catalogue,
  'GET /api/kb/v1/related_article/{index}/articles id': catalogue,
  'GET /api/kb/v3/article_feedback article_id': catalogue,
};

/** Field values an operation needs to reach its ownership check (from the module tests). */
const REALISTIC: Record<string, Record<string, unknown>> = {
  'POST /api/bookings/v1/submit': { article_id: '25', call_type: 'fare_dispute' },
  'POST /api/bookings/v2/submit': { article_id: '25', call_type: 'fare_dispute' },
  'POST /api/bookings/v3/submit': { article_id: '25', call_type: 'fare_dispute' },
};

interface IdParam {
  op: Operation;
  where: 'path' | 'query' | 'body';
  name: string;
  kind: Kind | undefined;
}

const opKey = (op: Operation) => `${op.method} ${op.path}`;

function idParams(ops: Operation[], providerRoutes: Set<string>): IdParam[] {
  const out: IdParam[] = [];
  for (const op of ops) {
    const names: { where: IdParam['where']; name: string }[] = [
      ...op.params.filter((p) => p.in === 'path' || p.in === 'query').map((p) => ({ where: p.in, name: p.name })),
      ...Object.keys(op.body?.properties ?? {}).map((name) => ({ where: 'body' as const, name })),
    ] as { where: IdParam['where']; name: string }[];
    for (const { where, name } of names) {
      if (!ID_LIKE.test(name)) continue;
      const kind = providerRoutes.has(`${op.method} ${op.path}`)
        ? provider
        : op.path.startsWith(STAFF_PREFIX)
          ? STAFF
          : (BY_OPERATION[`${opKey(op)} ${name}`] ?? BY_NAME[name]);
      out.push({ op, where, name, kind });
    }
  }
  return out;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWISXFX+H4SZGKAAAAAA//+Q0crEAAAABklEQVQDADjcBGew1EaLAAAAAElFTkSuQmCC',
  'base64',
);

function multipartFile(data: Buffer) {
  const boundary = `----acl${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One person's things, as ids per kind, and the strings only their data contains. */
interface Person {
  name: string;
  userId: string;
  client: TestClient;
  ids: Partial<Record<Owned, string[]>>;
  markers: string[];
}

describe.each(testDatabases)('access control: nobody reaches another person’s things [%s]', (dialect) => {
  let t: TestApp;
  let ops: Operation[];
  let params: IdParam[];
  /** the attackers (a rider and a driver) and their victims (another rider and another driver) */
  let riya: Person;
  let ramesh: Person;
  let arjun: Person;
  let jack: Person;

  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      { ticketRateLimit: { perUser: 1_000_000, perIp: 1_000_000 }, searchRateLimit: 1_000_000 },
      { kb: fixtureKb },
    );
    const doc = (await t.app.inject({ method: 'GET', url: `${apiPaths.docs}/json` })).json();
    ops = operationsOf(doc);
    const providerRoutes = new Set(
      t.app.accessTable
        .filter((r) => r.access === 'provider')
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    params = idParams(ops, providerRoutes);
    const db = t.database.db;

    async function person(email: string): Promise<Person> {
      const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      const bookings = await db
        .selectFrom('bookings')
        .select(['id', 'crn'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .limit(3)
        .execute();
      const orders = await db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
      const tickets = await db
        .selectFrom('tickets')
        .select(['id', 'ticket_id'])
        .where('user_id', '=', user.id)
        .execute();
      const subs = await db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id).execute();
      return {
        name: user.name,
        userId: user.id,
        client: await signedIn(t.app, email),
        ids: {
          booking: bookings.flatMap((b) => [b.id, b.crn]),
          order: orders.map((o) => o.id),
          ticket: tickets.flatMap((k) => [k.id, k.ticket_id]),
          subscription: subs.map((s) => s.id),
        },
        // ids as JSON strings: a seven-digit ticket number could otherwise match inside some other number
        markers: [
          user.email,
          user.name,
          user.mobile,
          ...bookings.flatMap((b) => [b.id, b.crn]),
          ...tickets.flatMap((k) => [`"${k.id}"`, `"${k.ticket_id}"`]),
        ],
      };
    }
    riya = await person(accounts.customer);
    ramesh = await person(accounts.driverIn);
    arjun = await person(accounts.paidMember);
    jack = await person(accounts.driverAu);

    // Things the victims make through the API, each with a text only it contains.
    for (const p of [riya, arjun]) {
      const secret = `private-${p.userId}-${crypto.randomBytes(4).toString('hex')}`;
      p.markers.push(secret);
      const ticket = await p.client.post(ticketPaths.create, {
        query: `${secret} my driver took a long route and overcharged me`,
        booking_id: p.ids.booking?.[0],
        issue_id: '21',
      });
      if (ticket.statusCode === 200) {
        const row = await db
          .selectFrom('tickets')
          .select(['id', 'ticket_id'])
          .where('user_id', '=', p.userId)
          .where('query', 'like', `${secret}%`)
          .executeTakeFirst();
        if (row) p.ids.ticket?.push(row.id, row.ticket_id);
      }
      const chat = await p.client.post(chatPaths.start, { fresh: true });
      if (chat.statusCode === 200) {
        const id = chat.json().conversation.id as string;
        p.ids.conversation = [id];
        await p.client.post(chatPaths.messages, { client_id: crypto.randomUUID(), body: `${secret} chat` });
      }
      const { body, contentType } = multipartFile(PNG);
      const upload = await p.client.post(uploadPaths.documents, body, {
        'content-type': contentType,
        [FILETYPE_HEADER]: 'image',
      });
      if (upload.statusCode === 200) p.ids.document = [upload.json().id.document_id];
      // A lost item needs a recent completed ride: the seed's dates are fixed, so one is made recent.
      const ride = await db
        .selectFrom('bookings')
        .select(['id'])
        .where('user_id', '=', p.userId)
        .where('status', '=', 'completed')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (ride) {
        await db
          .updateTable('bookings')
          .set({
            date_entered_timestamp: Date.now() - 3600_000,
            stop_at: new Date(Date.now() - 1800_000).toISOString(),
          })
          .where('id', '=', ride.id)
          .execute();
        const lab = await p.client.post(labPaths.customerConfirm, {
          booking_id: ride.id,
          item_name: 'Phone',
          item_color: 'Black',
          item_description: `${secret} a black phone in a blue case`,
        });
        expect(lab.statusCode, lab.body).toBe(200);
        const row = await db
          .selectFrom('lab_requests')
          .select('id')
          .where('booking_id', '=', ride.id)
          .executeTakeFirst();
        if (row) p.ids.lostItem = [row.id];
        // The simulated driver call moves the request on by itself: wait until it rests, so that no change later is
        // mistaken for an attacker's.
        for (let i = 0; i < 40; i++) {
          const now = await db
            .selectFrom('lab_requests')
            .select('state')
            .where('booking_id', '=', ride.id)
            .executeTakeFirst();
          if (!now || !['calling_driver', 'awaiting_driver'].includes(now.state)) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const call = await p.client.post('/api/driver_details/call_driver', { booking_id: ride.id });
        if (call.statusCode === 200 && call.json().call_id) p.ids.driverCall = [call.json().call_id];
        for (let i = 0; i < 40; i++) {
          const calling = await db
            .selectFrom('driver_calls')
            .select('id')
            .where('state', '=', 'calling')
            .executeTakeFirst();
          if (!calling) break;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      // A page link of their ticket list, as the list would give it past one of their tickets (a page holds 100,
      // more than anyone here has).
      const newest = await db
        .selectFrom('tickets')
        .select(['created_at', 'ticket_id'])
        .where('user_id', '=', p.userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (newest)
        p.ids.ticketCursor = [encodeTicketCursor({ createdAt: newest.created_at, ticketId: newest.ticket_id })];
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('classifies every id-like parameter of every operation', () => {
    const unclassified = params.filter((p) => p.kind === undefined).map((p) => `${opKey(p.op)} ${p.where} ${p.name}`);
    expect(unclassified, 'add these to BY_NAME or BY_OPERATION in access-control.test.ts').toEqual([]);
    expect(params.length).toBeGreaterThan(50);
  });

  /** Columns that name a person or one of their things: a row with a victim's id in one is the victim's. */
  const OWNING_COLUMNS = [
    'id',
    'user_id',
    'booking_id',
    'crn',
    'ticket_id',
    'conversation_id',
    'order_id',
    'request_id',
    'document_id',
    'subscription_id',
  ];
  let tables: { name: string; columns: string[] }[] | undefined;

  /** Every row of every table that names one of the victims' ids, as text (a change in it is a change of theirs). */
  async function victimRows(victims: Person[]): Promise<Map<string, string>> {
    const ids = victims.flatMap((v) => [v.userId, ...Object.values(v.ids).flat()]).filter(Boolean) as string[];
    tables ??= (await t.database.db.introspection.getTables())
      .filter((table) => !/^kysely_|^sessions$|^track_events$|^monitoring_events$/.test(table.name))
      .map((table) => ({
        name: table.name,
        columns: table.columns.map((c) => c.name).filter((c) => OWNING_COLUMNS.includes(c)),
      }))
      .filter((table) => table.columns.length > 0);
    const rows = new Map<string, string>();
    for (const table of tables) {
      const found = await t.database.db
        .selectFrom(table.name as 'users')
        .selectAll()
        .where((eb) => eb.or(table.columns.map((c) => eb(c as 'id', 'in', ids))))
        .execute();
      for (const row of found) {
        const text = JSON.stringify(row);
        rows.set(`${table.name}:${text}`, text);
      }
    }
    return rows;
  }

  /** A request of the operation with the id parameter set, the rest filled as its schema wants. */
  function requestFor(p: IdParam & { kind: Owned }, value: string, attacker: Person): InjectOptions {
    const random = seededRandom(7);
    const path = p.op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(
        name === p.name ? value : String(validValue({ type: 'string', pattern: '^[a-z0-9_]{2,40}$' }, random)),
      ),
    );
    const query = new URLSearchParams();
    for (const q of p.op.params.filter((x) => x.in === 'query')) {
      if (q.name === p.name) query.set(q.name, value);
      else if (q.required) query.set(q.name, String(validValue(q.schema, random)));
    }
    let body: Record<string, unknown> | undefined;
    if (p.op.method !== 'GET') {
      // The required fields only (an optional one filled at random fails a request for its own reason), and the
      // values a flow needs to get as far as the ownership check (a one-touch article of the fixture KB).
      const required = new Set(p.op.body?.required ?? []);
      const props = Object.entries(p.op.body?.properties ?? {}).filter(([k]) => required.has(k));
      body = p.op.body
        ? (validValue({ ...p.op.body, properties: Object.fromEntries(props) }, random) as Record<string, unknown>)
        : {};
      Object.assign(body, REALISTIC[opKey(p.op)] ?? {});
      for (const key of Object.keys(body)) {
        // Only the id under test names a thing: other optional id fields would fail the request for their own reason.
        if (ID_LIKE.test(key) && key !== p.name && !p.op.body?.required?.includes(key)) delete body[key];
        else if (/email/.test(key)) body[key] = attacker.client === riya.client ? accounts.customer : accounts.driverIn;
      }
      // A complaint's text, where the operation takes one (some flows want 20 characters or more).
      for (const key of ['query', 'message', 'comment', 'description']) {
        if (p.op.body?.properties?.[key])
          body[key] = 'My driver took a much longer route and charged me more than the estimate.';
      }
      // Another kind of id (an upload, a subscription) is tried on the attacker's own ride, so the request gets as far
      // as attaching it.
      const ownRide = attacker.ids.booking?.[0];
      if (p.kind !== 'booking' && ownRide && p.op.body?.properties?.booking_id) body.booking_id = ownRide;
      if (p.where === 'body') {
        const schema = p.op.body?.properties?.[p.name];
        const isArray = schema?.type === 'array' || [schema?.type].flat().includes('array');
        body[p.name] = isArray ? [value] : value;
      }
    }
    const qs = query.toString();
    return {
      method: p.op.method as InjectOptions['method'],
      url: qs ? `${path}?${qs}` : path,
      headers: {
        cookie: attacker.client.cookieHeader,
        [CSRF_HEADER]: attacker.client.csrf,
      },
      ...(body === undefined ? {} : { payload: body }),
    };
  }

  it('would see a leak: a person’s own ride, asked for by id, shows their markers', async () => {
    const own = riya.ids.booking?.[0] as string;
    const res = await riya.client.get(`/api/bookings/v2/details?id=${own}`);
    expect(res.statusCode).toBe(200);
    expect(riya.markers.filter((m) => m !== own && res.body.includes(m)).length).toBeGreaterThan(0);
  });

  it("sends another person's real id in every id parameter: no data of theirs comes back, nothing of theirs changes", {
    timeout: 600_000,
  }, async () => {
    const owned = params.flatMap((p) => (typeof p.kind === 'string' ? [{ ...p, kind: p.kind }] : []));
    const lines: string[] = [];
    const leaks: string[] = [];
    let sent = 0;
    const outboxBefore = async () => (await t.database.db.selectFrom('outbox').select('id').execute()).map((r) => r.id);
    for (const p of owned) {
      const results: string[] = [];
      const before = await victimRows([arjun, jack]);
      const mailed = new Set(await outboxBefore());
      for (const [attacker, victims] of [
        [riya, [arjun, jack]],
        [ramesh, [jack, arjun]],
      ] as const) {
        // The attacker's own ids first (an id and, for rides, a CRN): how far a request gets when the id is theirs.
        const ownStatuses: number[] = [];
        for (const own of attacker.ids[p.kind]?.slice(0, 2) ?? []) {
          const control = await t.app.inject(requestFor(p, own, attacker));
          ownStatuses.push(control.statusCode);
          if (process.env.ACL_DEBUG)
            console.log(`${opKey(p.op)} ${p.name} own:`, control.statusCode, control.body.slice(0, 300));
        }
        const theirs: number[] = [];
        for (const victim of victims) {
          for (const value of victim.ids[p.kind] ?? []) {
            const res = await t.app.inject(requestFor(p, value, attacker));
            sent++;
            theirs.push(res.statusCode);
            const where = `${opKey(p.op)} ${p.where}.${p.name}=${value} by ${attacker.name} (${victim.name}'s)`;
            const shown = victim.markers.filter((m) => m !== value && m !== `"${value}"` && res.body.includes(m));
            if (shown.length) leaks.push(`${where}: answer shows ${shown.join(', ')} → ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 200 && res.statusCode < 300 && p.op.method === 'GET' && p.kind === 'document') {
              leaks.push(`${where}: the file was served`);
            }
            if (res.statusCode >= 500) leaks.push(`${where}: ${res.statusCode}`);
          }
        }
        results.push(
          `${attacker.name.split(' ')[0]}: own ${[...new Set(ownStatuses)].join('/') || '—'}, another's ${[...new Set(theirs)].join('/') || '— (none to try)'}`,
        );
      }
      const after = await victimRows([arjun, jack]);
      const changed = [...after.keys()].filter((k) => !before.has(k));
      const gone = [...before.keys()].filter((k) => !after.has(k));
      if (changed.length || gone.length) {
        leaks.push(
          `${opKey(p.op)} ${p.name}: the victims' rows changed: ${[...changed, ...gone].map((k) => k.slice(0, 200)).join(' | ')}`,
        );
      }
      const newMail = await t.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('id', 'not in', [...mailed, ''])
        .execute();
      for (const mail of newMail) {
        const text = JSON.stringify(mail);
        const shown = [...arjun.markers, ...jack.markers].filter((m) => text.includes(m));
        if (shown.length) leaks.push(`${opKey(p.op)} ${p.name}: mailed ${shown.join(', ')}`);
      }
      lines.push(`${opKey(p.op)} ${p.where}.${p.name} [${p.kind}] → ${results.join('; ')}`);
    }
    console.log(
      `access control [${dialect}]: ${owned.length} id parameters (of ${params.length} id-like; ${params.length - owned.length} not owned), ${sent} requests with another person's id, ${leaks.length} leaks\n  ${lines.join('\n  ')}`,
    );
    for (const p of params.filter((x) => typeof x.kind === 'object')) {
      console.log(`  not owned: ${opKey(p.op)} ${p.where}.${p.name}: ${(p.kind as { notOwned: string }).notOwned}`);
    }
    expect(leaks).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  });

  it('answers 401 to an anonymous call of every route that wants someone signed in, whatever its input', async () => {
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    const guarded = t.app.accessTable.filter((r) => ['user', 'agent', 'admin'].includes(r.access));
    const inputs = ['', '{', '[]', 'null', '{"booking_id":{"$ne":null},"id":[1,2]}', `{"q":"${'x'.repeat(100_000)}"}`];
    const queries = [
      '',
      '?booking_id=%zz&page_no=-1',
      `?id=${'9'.repeat(400)}&crn=%27%20OR%201%3D1--`,
      '?__proto__[x]=1',
    ];
    let n = 0;
    for (const route of guarded) {
      const path = route.url.replace(/:(\w+)\??/g, '..%2f..%2fetc%2fpasswd');
      for (const [i, input] of inputs.entries()) {
        for (const headers of [
          { cookie: visitor.cookieHeader, [CSRF_HEADER]: visitor.csrf, 'content-type': 'application/json' },
          { 'content-type': i % 2 ? 'text/plain' : 'application/x-www-form-urlencoded' },
        ]) {
          const res = await t.app.inject({
            method: route.method as InjectOptions['method'],
            url: `${path}${queries[i % queries.length]}`,
            headers,
            ...(route.method === 'GET' ? {} : { payload: input }),
          });
          n++;
          expect(res.statusCode, `${route.method} ${route.url} ${input.slice(0, 40)}`).toBe(401);
          expect(res.json().error.code, route.url).toBe('UNAUTHORIZED');
          expect(res.json().error.message, route.url).toBe(messages.UNAUTHORIZED);
        }
      }
    }
    console.log(
      `access control [${dialect}]: ${guarded.length} signed-in routes × ${inputs.length * 2} inputs → ${n}× 401`,
    );
    expect(guarded.length).toBeGreaterThan(40);
  });

  it('answers 403 to a rider and a driver on every staff route (agent, admin)', async () => {
    const staff = t.app.accessTable.filter((r) => r.access === 'agent' || r.access === 'admin');
    let n = 0;
    for (const route of staff) {
      for (const who of [riya, ramesh]) {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: route.url.replace(/:(\w+)\??/g, 'x1'),
          headers: {
            cookie: who.client.cookieHeader,
            [CSRF_HEADER]: who.client.csrf,
            'content-type': 'application/json',
          },
          ...(route.method === 'GET' ? {} : { payload: '{"id":"x"}' }),
        });
        n++;
        expect(res.statusCode, `${route.method} ${route.url} as ${who.name}`).toBe(403);
      }
    }
    console.log(`access control [${dialect}]: ${staff.length} staff routes → ${n}× 403 to a rider or driver`);
  });
});
