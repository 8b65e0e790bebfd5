import { apiPaths, appRoutePatterns, type EntryMode } from '@selfserve/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { moreRouteTable } from '../src/app/more-routes';
import { NotFoundPage } from '../src/app/pages/not-found';
import { RootRedirect } from '../src/app/root-redirect';
import { createAppRouter, createAppRoutes } from '../src/app/router';
import { createTestQueryClient, jsonResponse, mockFetch, renderAppRoutes, riya, sessionResponse } from './utils';

/** Every path the router's tables name, as written (index routes as '/'; the catch-all left out). */
/** Every page's full path (a nested table's index is its parent's path), once each. */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  const paths = routes.flatMap((r): string[] => {
    const full = r.path ? (r.path.startsWith('/') ? r.path : `${parent}/${r.path}`) : parent;
    const own = r.index ? [full || '/'] : r.path && r.path !== '*' && r.path !== '/' ? [full] : [];
    return [...own, ...pathsOf(r.children ?? [], full === '/' ? '' : full)];
  });
  return [...new Set(paths)];
}

describe("the router's pages and the contract's list (issue 14)", () => {
  it('name the same paths, so the server answers 404 for exactly the paths the app has no page for', () => {
    const paths = pathsOf(createAppRoutes(createTestQueryClient(), moreRouteTable));
    expect([...paths].sort()).toEqual([...appRoutePatterns].sort());
  });
});

describe('the pages the browser router learns on demand (app/more-routes.ts)', () => {
  it('are found on the first navigation only the catch-all matched; a path of no page stays not found', async () => {
    mockFetch({ [apiPaths.session]: () => jsonResponse(sessionResponse(null)) });
    const router = createAppRouter(createTestQueryClient());
    await router.navigate('/driver/rides');
    expect(router.state.matches.at(-1)?.route.path).toBe('/driver/rides');
    await router.navigate('/callUs');
    expect(router.state.matches.at(-1)?.route.path).toBe('/callUs');
    await router.navigate('/report/100301');
    expect(router.state.matches.at(-1)?.route.path).toBe('/report/:articleId');
    await router.navigate('/no-such-page');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });
});

describe('the pages learned on demand', () => {
  // Only a path that no page of the first table matches (the catch-all aside) is looked for in more-routes.ts: a page
  // there that a first-table pattern also matched would never be found.
  it('are each matched by the catch-all alone in the first table', () => {
    const first = createAppRoutes(createTestQueryClient());
    const concrete = (path: string) => path.replace(/\/:([a-zA-Z]+)\??/g, '/x$1').replace(/\*$/, 'x');
    for (const path of pathsOf(moreRouteTable).map(concrete)) {
      expect(matchRoutes(first, path)?.at(-1)?.route.path, path).toBe('*');
    }
  });
});

describe('the website article /support/dreport/{id} (issue 15 item 13)', () => {
  it('is the article page, not a booking named "support"', () => {
    const matched = matchRoutes(createAppRoutes(createTestQueryClient()), '/support/dreport/100301') ?? [];
    expect(matched.at(-1)?.route.path).toBe('/support/dreport/:articleId');
    expect(matched.at(-1)?.params).toEqual({ articleId: '100301' });
  });
});

describe('/ goes to the home of the entry mode', () => {
  const at = (entryMode: EntryMode, entry = '/') =>
    renderAppRoutes(
      [
        {
          path: '/',
          children: [
            { index: true, element: <RootRedirect /> },
            { path: '/home', element: <h1>Home page</h1> },
            { path: '/report', element: <h1>Operator home</h1> },
          ],
        },
      ],
      { initialEntries: [entry] },
      { entryMode },
    ).router;

  it.each([
    ['customer_website', 'Home page', '/home'],
    ['driver_app', 'Home page', '/home'],
    ['operator_app', 'Operator home', '/report'],
    ['share_pass', 'Home page', '/home'],
  ] as const)('%s → %s', async (mode, heading, path) => {
    const router = at(mode);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    // replaced, so Back does not land on / and bounce forward again
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the query (the entry mode and language a host put there)', async () => {
    const router = at('customer_website', '/?entry_mode=customer_website&lang=hi');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?entry_mode=customer_website&lang=hi');
  });
});

describe('the not-found page', () => {
  afterEach(() => window.history.replaceState({ idx: 0 }, ''));

  const at = (session: Parameters<typeof renderAppRoutes>[2] = {}, entries = ['/no-such-page']) =>
    renderAppRoutes(
      [
        { path: '/home', element: <h1>Home page</h1> },
        { path: '/report', element: <h1>Operator home</h1> },
        { path: '/search', element: <h1>Search page</h1> },
        { path: '/previous', element: <h1>Previous page</h1> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: entries, initialIndex: entries.length - 1 },
      session,
    ).router;

  it('says so, stays on the address, and links to the home of the entry mode', async () => {
    const router = at();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no page at this address/)).toBeInTheDocument();
    expect(document.title).toContain('Page not found');
    expect(router.state.location.pathname).toBe('/no-such-page');
    await userEvent.click(screen.getByRole('link', { name: 'Go to Support home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('leads the operator app to its own home', () => {
    at({ entryMode: 'operator_app', inApp: true, user: riya });
    expect(screen.getByRole('link', { name: 'Go to Support home' })).toHaveAttribute('href', '/report');
  });

  it('offers a search on the website, which opens the results', async () => {
    const router = at();
    const search = screen.getByRole('search', { name: 'Search the help centre' });
    await userEvent.type(within(search).getByRole('searchbox', { name: 'Search help articles' }), 'refund{Enter}');
    expect(await screen.findByRole('heading', { name: 'Search page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=refund');
  });

  it('offers no search where the site offers none (the UK site, a host app)', () => {
    at({ ukHost: true });
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('offers Back only when there is a page of ours to go back to', async () => {
    at();
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  it('goes back on request', async () => {
    window.history.replaceState({ idx: 1 }, '');
    const router = at({}, ['/previous', '/no-such-page']);
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Previous page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/previous');
  });
});
