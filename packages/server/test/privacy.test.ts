import { apiPaths, CSRF_HEADER, operationsPaths, ticketPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const ADMIN = 'meghna.admin@example.in';
const AGENT = 'anita.agent@example.in';
const RIYA = 'u_customer_in';
const exportUrl = (id: string) => operationsPaths.adminUserExport.replace(':id', id);
const userUrl = (id: string) => operationsPaths.adminUser.replace(':id', id);

function del(t: TestApp, client: TestClient | null, url: string) {
  return t.app.inject({
    method: 'DELETE',
    url,
    headers: client ? { cookie: client.cookieHeader, [CSRF_HEADER]: client.csrf } : {},
  });
}

describe.each(testDatabases)('user data export and erasure [%s]', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t.app, ADMIN);
  });
  afterAll(async () => {
    await t.close();
  });

  const audit = (action: string, targetId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .execute();

  it('is for admins only: anonymous 401, a rider or an agent 403, whatever the id', async () => {
    const rider = await signedIn(t.app, accounts.paidMember);
    const agent = await signedIn(t.app, AGENT);
    for (const id of [RIYA, 'no-such-user', '%00']) {
      expect((await t.app.inject({ method: 'GET', url: exportUrl(id) })).statusCode).toBe(401);
      expect((await del(t, null, userUrl(id))).statusCode).toBe(401);
      expect((await rider.get(exportUrl(id))).statusCode).toBe(403);
      expect((await del(t, rider, userUrl(id))).statusCode).toBe(403);
      expect((await agent.get(exportUrl(id))).statusCode).toBe(403);
      expect((await del(t, agent, userUrl(id))).statusCode).toBe(403);
    }
    expect((await admin.get(exportUrl('no-such-user'))).statusCode).toBe(404);
    expect((await del(t, admin, userUrl('no-such-user'))).statusCode).toBe(404);
    // An admin cannot erase their own account.
    expect((await del(t, admin, userUrl('u_admin'))).statusCode).toBe(403);
  });

  it("exports one user's data as a JSON download, with no secrets, and audits it", async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const query = 'My driver took a much longer route than the map showed, write to riya.customer@example.in';
    expect((await riya.post(ticketPaths.create, { query, issue_id: '22' })).statusCode).toBe(200);

    // The conversation on the ticket: the agent's reply, riya's answer, and a staff-only note.
    const ticket = await t.database.db
      .selectFrom('tickets')
      .select('ticket_id')
      .where('user_id', '=', RIYA)
      .where('query', '=', query)
      .executeTakeFirstOrThrow();
    const message = (
      id: string,
      author_id: string,
      author_role: 'agent' | 'rider',
      kind: 'reply' | 'note',
      body: string,
    ) => ({
      id,
      ticket_id: ticket.ticket_id,
      author_id,
      author_role,
      kind,
      body,
      client_key: id,
      status_after: null,
      mail_id: null,
      created_at: new Date().toISOString(),
    });
    await t.database.db
      .insertInto('ticket_messages')
      .values([
        message('tm_privacy_1', 'u_agent_in_1', 'agent', 'reply', 'Sorry about that, which day was it?'),
        message('tm_privacy_2', RIYA, 'rider', 'reply', 'Last Tuesday, call me on +919845099101'),
        message('tm_privacy_3', 'u_agent_in_1', 'agent', 'note', 'Checked the GPS trace'),
      ])
      .execute();

    const res = await admin.get(exportUrl(RIYA));
    expect(res.statusCode, res.body).toBe(200);
    const conversation = (res.json() as { data: Record<string, { body: string }[]> }).data.ticket_messages ?? [];
    expect(conversation.map((m) => m.body)).toEqual([
      'Sorry about that, which day was it?',
      'Last Tuesday, call me on +919845099101',
    ]);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="user-${RIYA}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { user: Record<string, unknown>; data: Record<string, Record<string, unknown>[]> };
    expect(body.user).toMatchObject({
      id: RIYA,
      email: accounts.customer,
      name: expect.any(String),
      mobile: expect.any(String),
    });
    expect(body.data.bookings?.length).toBeGreaterThan(0);
    expect(body.data.bookings?.[0]).toHaveProperty('crn');
    expect(body.data.tickets?.some((r) => r.query === query)).toBe(true);
    expect(body.data.sessions?.length).toBeGreaterThan(0);
    for (const table of ['csat_ratings', 'chat_messages', 'documents', 'article_feedback', 'subscriptions']) {
      expect(Array.isArray(body.data[table]), table).toBe(true);
    }
    // Session ids, code hashes, storage keys and idempotency keys are not the user's to read.
    for (const secret of ['storage_key', 'code_hash', 'token_hash', 'idempotency_key', '"voter"']) {
      expect(res.body).not.toContain(secret);
    }
    const sessionIds = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', RIYA).execute();
    for (const s of sessionIds) expect(res.body).not.toContain(s.id);

    const [entry] = await audit('user_export', RIYA);
    expect(entry).toMatchObject({ actor_id: 'u_admin', target_type: 'user' });
    expect(JSON.parse(entry?.detail ?? '{}').rows.tickets).toBeGreaterThan(0);
    expect(entry?.detail).not.toContain(accounts.customer);
  });

  it('erases personal data, keeps tickets anonymised, ends sessions, and audits it', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.get(apiPaths.userInfo)).statusCode).toBe(200);
    const ticketsBefore = await t.database.db
      .selectFrom('tickets')
      .select('ticket_id')
      .where('user_id', '=', RIYA)
      .execute();
    expect(ticketsBefore.length).toBeGreaterThan(0);

    const res = await del(t, admin, userUrl(RIYA));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { status: string; counts: Record<string, number> };
    expect(answer.status).toBe('SUCCESS');
    expect(answer.counts.tickets).toBe(ticketsBefore.length);
    expect(answer.counts.sessions).toBeGreaterThanOrEqual(1);
    expect(answer.counts.users).toBe(1);

    // Signed out everywhere, and the address no longer signs in.
    expect((await riya.get(apiPaths.userInfo)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: apiPaths.demoLogin,
      payload: { email: accounts.customer },
    });
    expect(again.statusCode).not.toBe(200);

    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', RIYA).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: `erased-${RIYA}@erased.invalid`, name: 'Erased user', mobile: '', city: null });
    // Tickets are kept (their ids, status and subjects count in the books), their text erased.
    const tickets = await t.database.db.selectFrom('tickets').selectAll().where('user_id', '=', RIYA).execute();
    expect(tickets.map((r) => r.ticket_id).sort()).toEqual(ticketsBefore.map((r) => r.ticket_id).sort());
    for (const ticket of tickets) {
      expect(ticket.query).toBe('[erased]');
      expect(ticket.email_from).toBeNull();
      expect(ticket.payload).toBe('{}');
    }
    const conversation = await t.database.db
      .selectFrom('ticket_messages')
      .select(['id', 'body'])
      .where('id', 'like', 'tm_privacy_%')
      .orderBy('id')
      .execute();
    // Riya's words go; the agent's reply and note stay (they are the support team's record).
    expect(conversation.map((m) => m.body)).toEqual([
      'Sorry about that, which day was it?',
      '[erased]',
      'Checked the GPS trace',
    ]);
    expect(await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', RIYA).execute()).toHaveLength(
      0,
    );
    const emails = await t.database.db
      .selectFrom('bookings')
      .select('customer_email')
      .where('user_id', '=', RIYA)
      .where('customer_email', 'is not', null)
      .execute();
    expect(emails).toHaveLength(0);
    // Nothing of riya's address anywhere we look.
    const exported = await admin.get(exportUrl(RIYA));
    expect(exported.body).not.toContain(accounts.customer);

    const [entry] = await audit('user_erase', RIYA);
    expect(entry).toMatchObject({ actor_id: 'u_admin' });
    expect(JSON.parse(entry?.detail ?? '{}').counts.tickets).toBe(ticketsBefore.length);

    // Erasing again changes nothing and says so.
    const twice = await del(t, admin, userUrl(RIYA));
    expect(twice.statusCode).toBe(200);
    expect((twice.json() as { counts: Record<string, number> }).counts).toEqual({});
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('erasure with sessions in Redis', () => {
  it('ends the sessions kept in Redis too', async () => {
    const t = await createTestApp('sqlite', { redisUrl: process.env.TEST_REDIS_URL });
    try {
      const admin = await signedIn(t.app, ADMIN);
      const arjun = await signedIn(t.app, accounts.paidMember);
      expect((await arjun.get(apiPaths.userInfo)).statusCode).toBe(200);
      const res = await del(t, admin, userUrl('u_member_paid'));
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { counts: Record<string, number> }).counts.redis_sessions).toBeGreaterThanOrEqual(1);
      expect((await arjun.get(apiPaths.userInfo)).statusCode).toBe(401);
      expect((await admin.get(apiPaths.userInfo)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
