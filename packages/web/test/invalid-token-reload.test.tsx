import { apiPaths, kbPaths, ticketPaths } from '@selfserve/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../src/app/router';
import { OrderHelpPage } from '../src/features/orders/routes/order-help';
import { TicketsPage } from '../src/features/tickets/routes/tickets';
import { configureApiClient } from '../src/lib/api-client';
import { setPageReloader } from '../src/lib/deep-link-reload';
import { renderInRouter } from './ticket-fixtures';
import { createTestQueryClient, jsonResponse, mockFetch, riya } from './utils';

const invalidToken = () =>
  jsonResponse({ status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'Invalid token' } }, 404);

// core.md §8: a 404 'Invalid token' on ANY call of the web app reloads the deep link (not only one-touch). The app's
// router wires the API client to the reload, as main.tsx does.
describe('a 404 Invalid token reloads the deep link', () => {
  const reload = vi.fn();
  let disposeRouter = () => {};

  beforeEach(() => {
    reload.mockReset();
    setPageReloader(reload);
    mockFetch({ [apiPaths.session]: () => new Promise<Response>(() => {}) });
    const router = createAppRouter(createTestQueryClient());
    disposeRouter = () => router.dispose();
  });
  afterEach(() => {
    disposeRouter();
    configureApiClient({ onInvalidToken: () => {}, onUnauthorized: () => {}, onNoResponse: () => {} });
  });

  it('when the ticket list answers it, the page reloads', async () => {
    mockFetch({ [ticketPaths.search]: invalidToken });
    renderInRouter(<TicketsPage />, { path: '/tickets', session: { user: riya } });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('when an order’s help answers it, the page reloads once however many calls failed', async () => {
    mockFetch({
      [kbPaths.metaVariant('grocery')]: invalidToken,
      [ticketPaths.search]: invalidToken,
    });
    renderInRouter(<OrderHelpPage />, {
      path: '/orders/:kind/:orderId',
      entry: '/orders/grocery/GR1',
      session: { user: riya },
    });
    renderInRouter(<TicketsPage />, { path: '/tickets', session: { user: riya } });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a 404 about something else does not reload', async () => {
    mockFetch({
      [ticketPaths.search]: () =>
        jsonResponse({ status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404),
    });
    renderInRouter(<TicketsPage />, { path: '/tickets', session: { user: riya } });
    await screen.findByRole('button', { name: /retry|try again/i });
    expect(reload).not.toHaveBeenCalled();
  });
});
