import { type AgentMe, agentApiPaths, type SessionUser } from '@selfserve/contract';
import { screen, waitFor } from '@testing-library/react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentRouteTable } from '../src/features/agent/route-table';
import { jsonResponse, mockFetch, renderAppRoutes, riya } from './utils';

const staff = (staff_role: 'agent' | 'admin', over: Partial<SessionUser> = {}): SessionUser => ({
  ...riya,
  id: `u-${staff_role}`,
  email: `${staff_role}@example.in`,
  staff_role,
  ...over,
});

const me = (user: SessionUser, countries: string[] | null): AgentMe => ({
  status: 'SUCCESS',
  id: user.id,
  name: user.name,
  email: user.email,
  staff_role: user.staff_role ?? 'agent',
  countries,
});

// The console's layout with a stand-in inbox as its child (instead of the real one), and the sign-in page.
const layout = agentRouteTable[0] as NonIndexRouteObject;
const children = (layout.children ?? []).filter((c) => c.path !== '/agent/tickets');
const routes: RouteObject[] = [
  { ...layout, children: [...children, { path: '/agent/tickets', element: <p>inbox</p> }] },
  { path: '/login', element: <p>sign-in page</p> },
];

describe('the agent console layout (docs/agent.md "Roles")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor to sign in and back to the console', async () => {
    const { router } = renderAppRoutes(routes, { initialEntries: ['/agent'] }, { user: null });
    await screen.findByText('sign-in page');
    expect(router.state.location.search).toBe(`?return=${encodeURIComponent('/agent')}`);
  });

  it('tells a rider the console is for support staff, without calling the agent API', async () => {
    const fetch = mockFetch({});
    renderAppRoutes(routes, { initialEntries: ['/agent'] }, { user: riya });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for support staff.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an agent their queue and sections, without the admin-only settings', async () => {
    const agent = staff('agent');
    mockFetch({ [agentApiPaths.me]: () => jsonResponse(me(agent, ['IN'])) });
    renderAppRoutes(routes, { initialEntries: ['/agent/tickets'] }, { user: agent });
    expect(await screen.findByTestId('agent-who')).toHaveTextContent('Agent · Queue: IN');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(nav).toHaveTextContent('Tickets');
    expect(nav).not.toHaveTextContent('Settings');
  });

  it('shows an admin every country and the settings', async () => {
    const admin = staff('admin');
    mockFetch({ [agentApiPaths.me]: () => jsonResponse(me(admin, null)) });
    renderAppRoutes(routes, { initialEntries: ['/agent/tickets'] }, { user: admin });
    expect(await screen.findByTestId('agent-who')).toHaveTextContent('Admin · Queue: every country');
    expect(screen.getByRole('navigation', { name: 'Console sections' })).toHaveTextContent('Settings');
  });

  it('opens the first section at /agent', async () => {
    const agent = staff('agent');
    mockFetch({ [agentApiPaths.me]: () => jsonResponse(me(agent, ['IN'])) });
    const { router } = renderAppRoutes(routes, { initialEntries: ['/agent'] }, { user: agent });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/tickets'));
    expect(await screen.findByText('inbox')).toBeInTheDocument();
  });
});
