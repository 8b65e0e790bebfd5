import { ticketPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommit } from '../src/modules/tickets/group-commit.ts';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

// Ticket writes of the same moment share one commit on SQLite (modules/tickets/group-commit.ts, docs/performance.md):
// each stays its own unit, and is acknowledged only once committed.
describe.each(testDatabases)('ticket writes sharing a commit [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    riya = await signedIn(t.app, accounts.customer);
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', 'u_customer_in')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a failing write in the batch is rolled back alone; the others are committed and settled after', async () => {
    const before = await count();
    const row = (id: string) => ({
      id,
      ticket_id: id.slice(-8),
      user_id: 'u_customer_in',
      status: 'open' as const,
      subject: 's',
      query: 'q',
      issue_id: null,
      article_id: null,
      article_name: null,
      booking_id: null,
      order_id: null,
      tag: null,
      source: 'web',
      email_from: null,
      idempotency_key: null,
      kind: 'ticket',
      payload: '{}',
      source_page: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    const outcomes = await Promise.allSettled([
      groupCommit(t.database.db, async (trx) => {
        await trx.insertInto('tickets').values(row('tk_gc_000001')).execute();
      }),
      groupCommit(t.database.db, async (trx) => {
        await trx.insertInto('tickets').values(row('tk_gc_000002')).execute();
        throw new Error('refused after its row was in');
      }),
      groupCommit(t.database.db, async (trx) => {
        await trx.insertInto('tickets').values(row('tk_gc_000003')).execute();
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = await t.database.db.selectFrom('tickets').select('id').where('id', 'like', 'tk_gc_%').execute();
    expect(ids.map((r) => r.id).sort()).toEqual(['tk_gc_000001', 'tk_gc_000003']);
    expect(await count()).toBe(before + 2);
  });

  it('30 concurrent submits of 10 keys (three each) leave exactly 10 tickets, one answer per key', async () => {
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        riya.post(
          ticketPaths.create,
          { query: 'The driver asked me to pay extra cash for the toll at the end of the ride' },
          { 'idempotency-key': `group-commit-${i % 10}` },
        ),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.json().request_status === 'CREATED')).toBe(true);
    const byKey = new Map<number, Set<string>>();
    answers.forEach((a, i) => {
      const set = byKey.get(i % 10) ?? new Set<string>();
      set.add(a.json().ticket_id);
      byKey.set(i % 10, set);
    });
    expect([...byKey.values()].every((s) => s.size === 1)).toBe(true);
    expect(new Set([...byKey.values()].map((s) => [...s][0])).size).toBe(10);
    expect(await count()).toBe(before + 10);
  });
});
