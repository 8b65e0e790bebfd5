import {
  type AgentTicketDetail,
  type AgentTicketList,
  agentStatusChanges,
  agentTicketPaths,
  CSRF_HEADER,
  mayChangeStatus,
  messages,
  riderMayReply,
  slaBreached,
  statusAfterAgentReply,
  statusAfterRiderReply,
  type TicketStatus,
  ticketPath,
  ticketPaths,
  ticketThreadPaths,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

describe('ticket status rules (contract agent-tickets.ts)', () => {
  const statuses: TicketStatus[] = ['open', 'pending', 'solved', 'closed'];
  // from → to → allowed by hand
  const table: [TicketStatus, TicketStatus, boolean][] = [
    ['open', 'pending', true],
    ['open', 'solved', true],
    ['open', 'closed', false],
    ['pending', 'open', true],
    ['pending', 'solved', true],
    ['pending', 'closed', false],
    ['solved', 'open', true],
    ['solved', 'closed', true],
    ['solved', 'pending', false],
    ['closed', 'open', false],
    ['closed', 'solved', false],
    ['closed', 'pending', false],
  ];
  it.each(table)('an agent moves %s → %s: %s', (from, to, allowed) => {
    expect(mayChangeStatus(from, to)).toBe(allowed);
  });
  it('never moves a ticket to the status it has, and closed is final', () => {
    for (const s of statuses) expect(mayChangeStatus(s, s)).toBe(false);
    expect(agentStatusChanges.closed).toEqual([]);
  });
  const replies: [TicketStatus, 'pending' | 'solved' | undefined, TicketStatus | null][] = [
    ['open', undefined, 'pending'],
    ['pending', undefined, 'pending'],
    ['open', 'solved', 'solved'],
    ['solved', undefined, 'pending'],
    ['closed', undefined, null],
    ['closed', 'solved', null],
  ];
  it.each(replies)('an agent reply on %s (asking %s) leaves it %s', (from, asked, after) => {
    expect(statusAfterAgentReply(from, asked)).toBe(after);
  });
  const riderReplies: [TicketStatus, TicketStatus | null][] = [
    ['open', 'open'],
    ['pending', 'open'],
    ['solved', null],
    ['closed', null],
  ];
  it.each(riderReplies)('a rider reply on %s leaves it %s', (from, after) => {
    expect(statusAfterRiderReply(from)).toBe(after);
    expect(riderMayReply(from)).toBe(after !== null);
  });
  it('breaches the SLA past the first-response or resolution target of its priority', () => {
    const now = new Date('2026-01-02T12:00:00.000Z');
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
    const t = (status: string, priority: string, hoursAgo: number, answered = false) => ({
      status,
      priority,
      created_at: at(hoursAgo),
      first_response_at: answered ? at(0) : null,
    });
    expect(slaBreached(t('open', 'urgent', 2), now)).toBe(true);
    expect(slaBreached(t('open', 'normal', 2), now)).toBe(false);
    expect(slaBreached(t('open', 'normal', 9), now)).toBe(true);
    expect(slaBreached(t('pending', 'normal', 9, true), now)).toBe(false);
    expect(slaBreached(t('open', 'normal', 73, true), now)).toBe(true);
    expect(slaBreached(t('solved', 'urgent', 100), now)).toBe(false);
  });
});

const longText = 'My driver took a much longer route than needed and I was charged extra for it';

describe.each(testDatabases)('agent ticket inbox and thread [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let anita: TestClient;
  let karthik: TestClient;
  let emma: TestClient;
  let admin: TestClient;
  let n = 0;
  // Letters only: the server masks card-like digit runs in request bodies (plugins/logging.ts) before validation.
  const key = (label: string) =>
    `key-${label}-${'abcdefghij'[++n % 10]}${n.toString(36)}-${crypto.randomUUID().replace(/[\d-]/g, '')}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [riya, anita, karthik, emma, admin] = await Promise.all([
      signedIn(t.app, accounts.customer),
      signedIn(t.app, accounts.agentIn),
      signedIn(t.app, accounts.agentIn2),
      signedIn(t.app, accounts.agentGb),
      signedIn(t.app, accounts.admin),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const newRiyaTicket = async (query = longText) => {
    const res = await riya.post(ticketPaths.create, { query }, { 'idempotency-key': key('create') });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().ticket_id as string;
  };
  const detail = async (c: TestClient, id: string) => {
    const res = await c.get(ticketPath(agentTicketPaths.ticket, id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AgentTicketDetail;
  };
  const outboxFor = (userId: string, kind: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('user_id', '=', userId).where('kind', '=', kind).execute();
  const riyaId = async () =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', accounts.customer)
        .executeTakeFirstOrThrow()
    ).id;
  const raw = (c: TestClient, method: 'PUT' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: c.cookieHeader, [CSRF_HEADER]: c.csrf },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('never lets a rider (403) or a visitor (401) call an agent endpoint', async () => {
    const id = await newRiyaTicket();
    const calls: [string, 'GET' | 'POST', unknown][] = [
      [agentTicketPaths.list, 'GET', undefined],
      [ticketPath(agentTicketPaths.ticket, id), 'GET', undefined],
      [ticketPath(agentTicketPaths.assign, id), 'POST', { assignee_id: null }],
      [ticketPath(agentTicketPaths.status, id), 'POST', { status: 'solved' }],
      [ticketPath(agentTicketPaths.messages, id), 'POST', { kind: 'reply', body: 'hi', client_key: key('x') }],
      [agentTicketPaths.cannedReplies, 'GET', undefined],
    ];
    for (const [url, method, body] of calls) {
      const res = await riya.request(method, url, body);
      expect(res.statusCode, url).toBe(403);
      const visitor = await t.app.inject({ method, url, ...(body ? { payload: body as object } : {}) });
      expect(visitor.statusCode, url).toBe(401);
    }
    // Canned reply changes are for admins: an agent is refused too.
    const byAgent = await anita.post(agentTicketPaths.cannedReplies, { language: 'en', title: 'T', body: 'B' });
    expect(byAgent.statusCode).toBe(403);
  });

  it("delivers an agent's reply to the rider's thread and outbox once, also when retried with the same key", async () => {
    const id = await newRiyaTicket();
    const take = await anita.post(ticketPath(agentTicketPaths.assign, id), { assignee_id: (await detailMe(anita)).id });
    expect(take.statusCode, take.body).toBe(200);
    const mailsBefore = (await outboxFor(await riyaId(), 'ticket_reply')).length;
    const reply = { kind: 'reply', body: 'We have refunded the extra fare to your wallet.', client_key: key('reply') };
    const [first, second] = await Promise.all([
      anita.post(ticketPath(agentTicketPaths.messages, id), reply),
      anita.post(ticketPath(agentTicketPaths.messages, id), reply),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const third = await anita.post(ticketPath(agentTicketPaths.messages, id), reply);
    expect(third.json()).toEqual({ status: 'SUCCESS', ticket_status: 'pending' });

    const thread = (await riya.get(ticketPath(ticketThreadPaths.thread, id))).json();
    expect(thread.ticket_status).toBe('pending');
    expect(thread.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['you', longText],
      ['support', reply.body],
    ]);
    const mails = await outboxFor(await riyaId(), 'ticket_reply');
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.at(-1)?.text_body).toContain(reply.body);
    expect(mails.at(-1)?.subject).toBe(messages.mailTicketReplySubject.replace('{ticketId}', id));
    const d = await detail(anita, id);
    expect(d.ticket.first_response_at).not.toBeNull();
    expect(d.audit.map((a) => a.action)).toEqual(['ticket_reply', 'ticket_take']);

    // The rider answers in the thread (a retry is one message): the ticket is open again, waiting for us.
    const answer = { body: 'Thank you, I can see it now', client_key: key('riya') };
    expect((await riya.post(ticketPath(ticketThreadPaths.replies, id), answer)).json().ticket_status).toBe('open');
    await riya.post(ticketPath(ticketThreadPaths.replies, id), answer);
    const after = await detail(anita, id);
    expect(after.ticket.status).toBe('open');
    expect(after.messages.filter((m) => m.author_role === 'rider' && m.kind === 'reply')).toHaveLength(1);

    // Solved: the rider is asked for the rating, may rate, and can no longer write in the thread.
    const solve = await anita.post(ticketPath(agentTicketPaths.status, id), { status: 'solved' });
    expect(solve.json()).toEqual({ status: 'SUCCESS', ticket_status: 'solved' });
    const list = (await riya.get(ticketPaths.search)).json();
    expect(list.closed.find((x: { ticket_id: string }) => x.ticket_id === id)).toMatchObject({ status: 'solved' });
    const late = await riya.post(ticketPath(ticketThreadPaths.replies, id), { body: 'one more', client_key: key('l') });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.message).toBe(messages.ticketReplyResolved);
    const rate = await riya.post(ticketPaths.csat, { ref_id: id, satisfaction_rating: { score: 'good', comment: '' } });
    expect(rate.statusCode, rate.body).toBe(200);
    expect((await detail(anita, id)).rating).toMatchObject({ score: 'good' });

    // Closed is final.
    expect((await anita.post(ticketPath(agentTicketPaths.status, id), { status: 'closed' })).statusCode).toBe(200);
    const reopen = await anita.post(ticketPath(agentTicketPaths.status, id), { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    const onClosed = await anita.post(ticketPath(agentTicketPaths.messages, id), { ...reply, client_key: key('c') });
    expect(onClosed.statusCode, onClosed.body).toBe(409);
    expect(onClosed.json().error.message).toBe(messages.agentTicketClosed);
  });

  it("keeps internal notes out of every rider's answer", async () => {
    const id = await newRiyaTicket();
    const secret = 'Internal: rider has claimed this twice, check with ops';
    const note = await karthik.post(ticketPath(agentTicketPaths.messages, id), {
      kind: 'note',
      body: secret,
      client_key: key('note'),
    });
    expect(note.json()).toEqual({ status: 'SUCCESS', ticket_status: 'open' });
    const answers = [
      await riya.get(ticketPath(ticketThreadPaths.thread, id)),
      await riya.get(ticketPaths.search),
      await riya.get(`${ticketPaths.search}?status=open`),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.body).not.toContain('claimed this twice');
    }
    expect((await outboxFor(await riyaId(), 'ticket_reply')).some((m) => m.text_body.includes(secret))).toBe(false);
    const d = await detail(anita, id);
    expect(d.messages.find((m) => m.kind === 'note')?.body).toBe(secret);
    expect(d.ticket.status).toBe('open');
    expect(d.ticket.first_response_at).toBeNull();
  });

  it('scopes the queue by country: the UK agent cannot see an India-only ticket', async () => {
    const id = await newRiyaTicket();
    expect((await emma.get(ticketPath(agentTicketPaths.ticket, id))).statusCode).toBe(404);
    const msg = await emma.post(ticketPath(agentTicketPaths.messages, id), {
      kind: 'reply',
      body: 'hello',
      client_key: key('emma'),
    });
    expect(msg.statusCode).toBe(404);
    expect((await emma.post(ticketPath(agentTicketPaths.assign, id), { assignee_id: null })).statusCode).toBe(404);
    const search = (await emma.get(`${agentTicketPaths.list}?status=all&q=${id}`)).json() as AgentTicketList;
    expect(search.total).toBe(0);
    const all = (await emma.get(`${agentTicketPaths.list}?status=all`)).json() as AgentTicketList;
    expect(all.tickets.every((x) => x.country_code === 'GB')).toBe(true);
    // The India agents and the admin see it; it cannot be assigned to the UK agent.
    const found = (await anita.get(`${agentTicketPaths.list}?status=all&q=${id}`)).json() as AgentTicketList;
    expect(found.tickets.map((x) => x.ticket_id)).toEqual([id]);
    expect((await admin.get(ticketPath(agentTicketPaths.ticket, id))).statusCode).toBe(200);
    const emmaId = (await detailMe(emma)).id;
    const toEmma = await anita.post(ticketPath(agentTicketPaths.assign, id), { assignee_id: emmaId });
    expect(toEmma.statusCode).toBe(400);
    expect(toEmma.json().error.message).toBe(messages.assigneeNotInQueue);
  });

  it('finds a ticket by number, CRN or e-mail, filters, and puts safety reports and SLA breaches first', async () => {
    const id = await newRiyaTicket();
    const booking = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'crn'])
      .where('user_id', '=', await riyaId())
      .executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 10 * 3_600_000).toISOString();
    await t.database.db
      .updateTable('tickets')
      .set({ booking_id: booking.id, created_at: old })
      .where('ticket_id', '=', id)
      .execute();
    const byCrn = (await anita.get(`${agentTicketPaths.list}?q=${booking.crn}`)).json() as AgentTicketList;
    expect(byCrn.tickets.map((x) => x.ticket_id)).toContain(id);
    const byMail = (await anita.get(`${agentTicketPaths.list}?q=${accounts.customer.toUpperCase()}`)).json();
    expect(byMail.tickets.map((x: { ticket_id: string }) => x.ticket_id)).toContain(id);
    expect(byMail.tickets.every((x: { rider_email: string }) => x.rider_email === accounts.customer)).toBe(true);

    const safety = await newRiyaTicket(`${longText} and I felt unsafe`);
    await t.database.db
      .updateTable('tickets')
      .set({ flag: 'safety', priority: 'urgent' })
      .where('ticket_id', '=', safety)
      .execute();
    const q = (await anita.get(agentTicketPaths.list)).json() as AgentTicketList;
    expect(q.tickets[0]?.ticket_id).toBe(safety);
    const firstNormal = q.tickets.find((x) => x.flag !== 'safety');
    expect(firstNormal?.sla_breached).toBe(true);
    expect(q.tickets.find((x) => x.ticket_id === id)?.sla_breached).toBe(true);
    const onlySafety = (await anita.get(`${agentTicketPaths.list}?priority=safety`)).json() as AgentTicketList;
    expect(onlySafety.tickets.map((x) => x.ticket_id)).toEqual([safety]);
    const mine = (await anita.get(`${agentTicketPaths.list}?assignee=me&status=all`)).json() as AgentTicketList;
    const anitaId = (await detailMe(anita)).id;
    expect(mine.tickets.every((x) => x.assignee?.id === anitaId)).toBe(true);
    const bad = await anita.get(`${agentTicketPaths.list}?status=everything`);
    expect(bad.statusCode).toBe(400);

    // The context panel: the rider, the booking with its bill, earlier tickets.
    const d = await detail(anita, id);
    expect(d.rider.email).toBe(accounts.customer);
    expect(d.booking?.crn).toBe(booking.crn);
    expect(d.earlier_tickets.every((e) => e.ticket_id !== id)).toBe(true);
    expect(d.assignable.map((s) => s.name).length).toBeGreaterThanOrEqual(3);
  });

  it('lets admins keep canned replies per language and every agent read them', async () => {
    const hindi = (await anita.get(`${agentTicketPaths.cannedReplies}?language=hi`)).json();
    expect(hindi.replies.length).toBeGreaterThanOrEqual(3);
    expect(hindi.replies.every((r: { language: string }) => r.language === 'hi')).toBe(true);
    const created = await admin.post(agentTicketPaths.cannedReplies, {
      language: 'nl',
      title: 'Terugbetaald',
      body: 'We hebben het bedrag teruggestort.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const cid = created.json().reply.id as string;
    const edit = await raw(admin, 'PUT', ticketPath(agentTicketPaths.cannedReply, cid), {
      language: 'nl',
      title: 'Terugbetaling',
      body: 'We hebben het bedrag teruggestort op uw rekening.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const nl = (await anita.get(`${agentTicketPaths.cannedReplies}?language=nl`)).json();
    expect(nl.replies.find((r: { id: string }) => r.id === cid)?.title).toBe('Terugbetaling');
    expect((await raw(anita, 'DELETE', ticketPath(agentTicketPaths.cannedReply, cid))).statusCode).toBe(403);
    expect((await raw(admin, 'DELETE', ticketPath(agentTicketPaths.cannedReply, cid))).statusCode).toBe(200);
    expect((await raw(admin, 'DELETE', ticketPath(agentTicketPaths.cannedReply, cid))).statusCode).toBe(404);
    const empty = await admin.post(agentTicketPaths.cannedReplies, { language: 'xx', title: '', body: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps a pending ticket the open request of its issue (one open ticket per issue)', async () => {
    const first = await riya.post(
      ticketPaths.create,
      { query: longText, issue_id: '22' },
      { 'idempotency-key': key('i') },
    );
    const id = first.json().ticket_id as string;
    const r = { kind: 'reply', body: 'Could you tell us the time of the ride?', client_key: key('p') };
    expect((await anita.post(ticketPath(agentTicketPaths.messages, id), r)).json().ticket_status).toBe('pending');
    const again = await riya.post(
      ticketPaths.create,
      { query: longText, issue_id: '22' },
      { 'idempotency-key': key('i') },
    );
    expect(again.json()).toMatchObject({ request_status: 'OPEN_TICKET_PRESENT', ticket_id: id });
  });

  it("answers 404 for another rider's thread and 400 for an empty reply", async () => {
    const id = await newRiyaTicket();
    const arjun = await signedIn(t.app, accounts.paidMember);
    expect((await arjun.get(ticketPath(ticketThreadPaths.thread, id))).statusCode).toBe(404);
    const other = await arjun.post(ticketPath(ticketThreadPaths.replies, id), { body: 'hi', client_key: key('a') });
    expect(other.statusCode).toBe(404);
    const empty = await riya.post(ticketPath(ticketThreadPaths.replies, id), { body: '   ', client_key: key('e') });
    expect(empty.statusCode).toBe(400);
    const noKey = await anita.post(ticketPath(agentTicketPaths.messages, id), { kind: 'reply', body: 'x' });
    expect(noKey.statusCode).toBe(400);
  });
});

async function detailMe(c: TestClient): Promise<{ id: string }> {
  return (await c.get('/api/agent/v1/me')).json();
}
