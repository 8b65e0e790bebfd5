import { apiPaths, routes } from '@selfserve/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../src/app/session-provider';
import { AppShell } from '../src/app/shell/app-shell';
import { Header } from '../src/app/shell/header';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderAppRoutes,
  renderWithSession,
  riya,
  sessionResponse,
} from './utils';

describe('Header', () => {
  it('shows the e-mail and a logout button for a signed-in user', () => {
    renderWithSession(<Header />, { session: { user: riya } });
    expect(screen.getByTestId('header-email')).toHaveTextContent(riya.email);
    expect(screen.getByTestId('logout-button')).toHaveTextContent('Sign out');
    expect(screen.queryByTestId('login-link')).not.toBeInTheDocument();
  });

  it('shows the sign-in link and the app download link to a visitor', () => {
    const store = 'https://play.example.com/store/apps/details?id=com.selfserve';
    renderWithSession(<Header />, { route: '/selfServe', session: { appDownloadUrl: store } });
    expect(screen.getByTestId('login-link')).toHaveAttribute('href', routes.login);
    expect(screen.getByTestId('login-link')).toHaveTextContent('Sign in');
    expect(screen.getByTestId('download-app-link')).toHaveAttribute('href', store);
    expect(screen.queryByTestId('header-email')).not.toBeInTheDocument();
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
  });

  it('links back to the current page from the login link', () => {
    renderWithSession(<Header />, { route: '/tickets?tab=open' });
    expect(screen.getByTestId('login-link')).toHaveAttribute(
      'href',
      `${routes.login}?return=${encodeURIComponent('/tickets?tab=open')}`,
    );
  });

  it('offers no app download when the server has no link for this browser', () => {
    renderWithSession(<Header />, { route: '/selfServe', session: { appDownloadUrl: null } });
    expect(screen.getByTestId('login-link')).toBeInTheDocument();
    expect(screen.queryByTestId('download-app-link')).not.toBeInTheDocument();
  });

  it('hides login and app download on the UK host', () => {
    renderWithSession(<Header />, { session: { ukHost: true, appDownloadUrl: 'https://example.com/app' } });
    expect(screen.queryByTestId('login-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('download-app-link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support home' })).toBeInTheDocument();
  });

  it('recognises the UK host from the marker the server sends', async () => {
    // jsdom serves from "localhost"; a marker matching it makes this the UK site.
    mockFetch({ [apiPaths.session]: () => jsonResponse(sessionResponse(null, { uk_host_marker: 'localhost' })) });
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <MemoryRouter>
            <Header />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'session'])?.status).toBe('success'));
    expect(screen.queryByTestId('login-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('download-app-link')).not.toBeInTheDocument();
  });
});

describe('Side menu', () => {
  it('opens and closes with the toggle and Escape, announcing its state', async () => {
    const user = userEvent.setup();
    renderWithSession(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('navigation', { name: 'Side menu' })).toBeInTheDocument();
    expect(screen.getByTestId('login-prompt')).toHaveTextContent('Sign in to see your bookings and tickets');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('offers My Bookings and My tickets instead of the login prompt to a signed-in user', async () => {
    const user = userEvent.setup();
    renderWithSession(<Header />, { session: { user: riya } });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', routes.bookings);
    expect(screen.getByRole('link', { name: 'My tickets' })).toHaveAttribute('href', routes.tickets);
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
  });

  it('offers no ticket list to a visitor', async () => {
    const user = userEvent.setup();
    renderWithSession(<Header />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('navigation', { name: 'Side menu' });
    expect(screen.queryByRole('link', { name: 'My tickets' })).not.toBeInTheDocument();
  });

  it('inside the host app offers neither the app download nor logout (the app owns the session)', () => {
    renderWithSession(<Header />, { session: { user: riya, inApp: true, entryMode: 'customer_app' } });
    expect(screen.getByTestId('header-email')).toHaveTextContent(riya.email);
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('download-app-link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download the app' })).not.toBeInTheDocument();
  });

  it('inside the host app offers no app download to a visitor either', () => {
    renderWithSession(<Header />, { session: { inApp: true, entryMode: 'customer_app' } });
    expect(screen.queryByTestId('download-app-link')).not.toBeInTheDocument();
  });

  it('keeps My Bookings out of a food-delivery rider’s side menu, and in a customer’s', async () => {
    const user = userEvent.setup();
    const sunil = { ...riya, id: 'u_food_rider', role: 'food_delivery_rider' as const };
    const view = renderWithSession(<Header />, { session: { user: sunil } });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Side menu' }));
    expect(menu.queryByRole('link', { name: 'My Bookings' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'My tickets' })).toBeInTheDocument();
    view.unmount();
    renderWithSession(<Header />, { session: { user: riya } });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(
      within(await screen.findByRole('navigation', { name: 'Side menu' })).getByRole('link', { name: 'My Bookings' }),
    ).toHaveAttribute('href', '/bookings');
  });
});

describe('AppShell', () => {
  const shellAt = (entry: string, session = {}) =>
    renderAppRoutes(
      [{ path: '/', element: <AppShell />, children: [{ path: '*', element: <h1>Page</h1> }] }],
      { initialEntries: [entry] },
      { user: riya, ...session },
    );

  it('shows the site header on an ordinary page', async () => {
    mockFetch({ [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }) });
    shellAt('/simple_article?id=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByText('Skip to content')).toBeInTheDocument();
  });

  it.each([
    ['a share-pass article', '/simple_article?id=1&pass_id=P-42', {}],
    ['the share-pass entry mode', '/article/1', { entryMode: 'share_pass' }],
  ])('shows no site header in %s popup', async (_what, entry, session) => {
    mockFetch({ [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }) });
    shellAt(entry, session);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
    expect(screen.queryByText('Skip to content')).not.toBeInTheDocument();
  });
});
