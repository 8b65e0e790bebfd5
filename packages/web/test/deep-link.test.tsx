import { apiPaths, DEEP_LINK_PATH } from '@selfserve/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeepLinkPage } from '../src/features/bookings/routes/deep-link';
import { configureApiClient } from '../src/lib/api-client';
import { SessionContext, visitorSession } from '../src/lib/session';
import { createTestQueryClient, jsonResponse, mockFetch, riya, userInfo } from './utils';

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function renderDeepLink(search: string) {
  const router = createMemoryRouter(
    [
      { path: DEEP_LINK_PATH, element: <DeepLinkPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/home', `${DEEP_LINK_PATH}${search}`], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionContext.Provider value={{ ...visitorSession, status: 'ready' }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

const visitor = () =>
  mockFetch({
    [apiPaths.userInfo]: () =>
      jsonResponse({ status: 'FAILURE', error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }, 401),
  });
const customer = () => mockFetch({ [apiPaths.userInfo]: () => jsonResponse(userInfo({ email: riya.email })) });

afterEach(() => {
  configureApiClient({ onUnauthorized: () => {}, onNoResponse: () => {} });
});

describe('deep link', () => {
  it.each([
    [
      'a booking type list',
      '?landing_page=website&bookingType=rides&articleId=101101',
      customer,
      '/bookingsByType/101101/home',
    ],
    [
      'a booking article for a visitor: login first, then back to it',
      '?landing_page=website&articleId=101101&bid=bk_riya_001',
      visitor,
      `/login?return=${encodeURIComponent('/support/bk_riya_001/dreport/101101')}`,
    ],
    [
      'a booking article for a signed-in user',
      '?landing_page=website&articleId=101101&bid=bk_riya_001',
      customer,
      '/support/bk_riya_001/dreport/101101',
    ],
    ['an article with a type', '?landing_page=website&articleId=100101&type=select', visitor, '/dreport/100101/select'],
    ['an article alone', '?landing_page=website&articleId=100201', visitor, '/dreport/100201'],
    ['another landing page', '?landing_page=app&articleId=100201', customer, '/home'],
    ['no query at all', '', visitor, '/home'],
  ])('%s', async (_name, search, serve, target) => {
    serve();
    const router = renderDeepLink(search);
    await waitFor(() => expect(screen.getByTestId('landed')).toHaveTextContent(target));
    // The hop replaces itself: Back skips it.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks the profile quietly: a visitor’s 401 neither logs out nor redirects on its own', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    const fetchMock = visitor();
    renderDeepLink('?landing_page=website&articleId=101101&bid=bk_1');
    await screen.findByTestId('landed');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('counts a profile that cannot be fetched at all as FAILURE', async () => {
    mockFetch({
      [apiPaths.userInfo]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderDeepLink('?landing_page=website&articleId=101101&bid=bk_1');
    await waitFor(() => expect(screen.getByTestId('landed')).toHaveTextContent('/login?return='));
  });
});
