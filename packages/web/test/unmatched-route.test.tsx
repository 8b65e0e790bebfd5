import { routes } from '@selfserve/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { UnmatchedRoute } from '../src/app/unmatched-route';
import { SessionContext, type SessionState, visitorSession } from '../src/lib/session';
import { riya } from './utils';

function renderAt(entries: string[], session: Partial<SessionState>, mainExists = true) {
  const router = createMemoryRouter(
    [
      { path: routes.home, element: <h1>Home page</h1> },
      ...(mainExists ? [{ path: routes.main, element: <h1>Main page</h1> }] : []),
      { path: '/previous', element: <h1>Previous page</h1> },
      { path: '*', element: <UnmatchedRoute /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <SessionContext.Provider value={{ ...visitorSession, status: 'ready', ...session }}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return router;
}

/** The rule reads React Router's history index from the browser history state. */
function setHistoryIndex(idx: number) {
  window.history.replaceState({ idx }, '');
}

describe('unmatched routes', () => {
  afterEach(() => setHistoryIndex(0));

  it('sends a visitor with no history to /home, replacing the bad entry', async () => {
    setHistoryIndex(0);
    const router = renderAt(['/no-such-page'], {});
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(routes.home);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in user with no history to /main', async () => {
    setHistoryIndex(0);
    const router = renderAt(['/no-such-page'], { user: riya });
    expect(await screen.findByRole('heading', { name: 'Main page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(routes.main);
  });

  it('goes back when there is history', async () => {
    setHistoryIndex(1);
    const router = renderAt(['/previous', '/no-such-page'], { user: riya });
    expect(await screen.findByRole('heading', { name: 'Previous page' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('POP');
  });

  it('waits for the session before deciding', () => {
    setHistoryIndex(0);
    const router = renderAt(['/no-such-page'], { status: 'loading' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-such-page');
  });

  it('stops with a not-found message when the fallback itself is unmatched', async () => {
    setHistoryIndex(0);
    renderAt([routes.main], { user: riya }, false);
    expect(await screen.findByRole('heading', { name: 'Not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Support home' })).toHaveAttribute('href', routes.home);
  });
});
