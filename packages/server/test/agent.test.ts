import { agentApiPaths, apiPaths, messages } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, recordAudit } from '../src/modules/audit/audit.ts';
import { type Access, mayAct } from '../src/plugins/access.ts';
import { accounts, createTestApp, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';

describe('who may act in the agent console (docs/agent.md "Roles")', () => {
  const cases: [string, 'agent' | 'admin' | null, Access, boolean][] = [
    ['a rider on a user route', null, 'user', true],
    ['a rider on an agent route', null, 'agent', false],
    ['a rider on an admin route', null, 'admin', false],
    ['an agent on a user route', 'agent', 'user', true],
    ['an agent on an agent route', 'agent', 'agent', true],
    ['an agent on an admin route', 'agent', 'admin', false],
    ['an admin on an agent route', 'admin', 'agent', true],
    ['an admin on an admin route', 'admin', 'admin', true],
  ];
  it.each(cases)('%s', (_name, staffRole, access, allowed) => {
    expect(mayAct({ staff_role: staffRole }, access)).toBe(allowed);
  });
});

describe.each(testDatabases)('agent console basics [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells an agent their queue and an admin that theirs is every country', async () => {
    const anita = await signedIn(t.app, accounts.agentIn);
    expect((await anita.get(agentApiPaths.me)).json()).toMatchObject({
      staff_role: 'agent',
      countries: ['IN'],
      email: accounts.agentIn,
    });
    const emma = await signedIn(t.app, accounts.agentGb);
    expect((await emma.get(agentApiPaths.me)).json()).toMatchObject({ staff_role: 'agent', countries: ['GB'] });
    const admin = await signedIn(t.app, accounts.admin);
    expect((await admin.get(agentApiPaths.me)).json()).toMatchObject({ staff_role: 'admin', countries: null });
  });

  it('refuses a rider (403) and a visitor (401)', async () => {
    const riya = await signedIn(t.app, accounts.customer);
    const res = await riya.get(agentApiPaths.me);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: messages.FORBIDDEN });
    const visitor = new TestClient(t.app);
    await visitor.get(apiPaths.session);
    expect((await visitor.get(agentApiPaths.me)).statusCode).toBe(401);
  });

  it('shows the staff role in the session and the staff on the demo sign-in list, after the riders', async () => {
    const anita = await signedIn(t.app, accounts.agentIn);
    expect((await anita.get(apiPaths.session)).json().user.staff_role).toBe('agent');
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.get(apiPaths.session)).json().user.staff_role).toBeNull();
    const list = (await new TestClient(t.app).get(apiPaths.demoAccounts)).json().accounts as {
      email: string;
      staff_role: string | null;
    }[];
    const staff = list.filter((a) => a.staff_role !== null).map((a) => a.email);
    expect(staff.sort()).toEqual([accounts.agentIn2, accounts.agentGb, accounts.agentIn, accounts.admin].sort());
    const firstStaff = list.findIndex((a) => a.staff_role !== null);
    expect(list.slice(firstStaff).every((a) => a.staff_role !== null)).toBe(true);
  });

  it('keeps an audit trail per target, newest first', async () => {
    await recordAudit(t.database.db, {
      actorId: 'u_agent_in_1',
      action: 'ticket_take',
      targetType: 'ticket',
      targetId: 'T-audit-1',
    });
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(t.database.db, {
      actorId: 'u_admin',
      action: 'ticket_assign',
      targetType: 'ticket',
      targetId: 'T-audit-1',
      detail: { to: 'u_agent_in_2' },
    });
    const trail = await auditTrail(t.database.db, 'ticket', 'T-audit-1');
    expect(trail.map((r) => r.action)).toEqual(['ticket_assign', 'ticket_take']);
    expect(JSON.parse(trail[0]?.detail ?? '{}')).toEqual({ to: 'u_agent_in_2' });
  });
});
