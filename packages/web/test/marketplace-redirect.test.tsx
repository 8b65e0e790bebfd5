import { apiPaths, MARKETPLACE_REDIRECT_COOKIE } from '@selfserve/contract';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/routes/login';
import { OrderArticlePage } from '../src/features/orders/routes/order-article';
import { OrderHelpPage } from '../src/features/orders/routes/order-help';
import { marketplaceReturnPath } from '../src/lib/orders/marketplace-redirect';
import { jsonResponse, mockFetch, renderAppRoutes, riya, userInfo } from './utils';

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

const routes = [
  { path: '/orders/:kind/:orderId', Component: OrderHelpPage },
  { path: '/orders/:kind/:orderId/dreport/:articleId', Component: OrderArticlePage },
  { path: '/login', Component: LoginPage },
  { path: '*', Component: Landed },
];

const clear = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the one cookie it checks
  document.cookie = `${MARKETPLACE_REDIRECT_COOKIE}=; Max-Age=0; Path=/`;
};
const cookieSetter = () => vi.spyOn(Document.prototype, 'cookie', 'set');

describe('the marketplace redirect cookie (core.md §9)', () => {
  beforeEach(clear);
  afterEach(() => {
    clear();
    vi.restoreAllMocks();
  });

  it.each([
    ['order help', '/orders/grocery/GR-1001'],
    ['an article of the order (the deep link into it)', '/orders/grocery/GR-1001/dreport/300101'],
  ])('opening %s remembers the order for 48 hours, Lax, path /', async (_name, path) => {
    const set = cookieSetter();
    // A visitor: RequireUser sends them home, but the order is remembered for the way back from sign-in.
    const { router } = renderAppRoutes(routes, { initialEntries: [path] }, { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(set).toHaveBeenCalledWith(
      `${MARKETPLACE_REDIRECT_COOKIE}=grocery%3AGR-1001; Max-Age=172800; Path=/; SameSite=Lax`,
    );
    expect(marketplaceReturnPath()).toBe('/orders/grocery/GR-1001');
  });

  it.each([
    ['a kind without help of its own', '/orders/parcel/P1'],
    ['a malformed order id', '/orders/grocery/GR%201%3Cscript%3E'],
  ])('%s is not remembered', async (_name, path) => {
    const { router } = renderAppRoutes(routes, { initialEntries: [path] }, { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(marketplaceReturnPath()).toBeNull();
  });

  it('sign-in without a return comes back to the order’s help', async () => {
    renderAppRoutes(routes, { initialEntries: ['/orders/ondc/OND-7'] }, { user: null }).unmount();
    expect(marketplaceReturnPath()).toBe('/orders/ondc/OND-7');
    mockFetch({ [apiPaths.userInfo]: () => jsonResponse(userInfo({ email: riya.email })) });
    const { router } = renderAppRoutes(routes, { initialEntries: ['/login'] }, { user: riya });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/ondc/OND-7'));
  });

  it('an explicit return wins over the cookie', async () => {
    renderAppRoutes(routes, { initialEntries: ['/orders/ondc/OND-7'] }, { user: null }).unmount();
    const { router } = renderAppRoutes(routes, { initialEntries: ['/login?return=%2Ftickets'] }, { user: riya });
    await waitFor(() => expect(screen.getByTestId('landed')).toHaveTextContent('/tickets'));
    expect(router.state.location.pathname).toBe('/tickets');
    expect(marketplaceReturnPath()).toBe('/orders/ondc/OND-7');
  });

  it('without the cookie sign-in goes home', async () => {
    const { router } = renderAppRoutes(routes, { initialEntries: ['/login'] }, { user: riya });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
