import { bookingRoutes, routes, type SessionResponse } from '@selfserve/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { authRouteTable } from '../features/auth/route-table';
import { bookingRouteTable } from '../features/bookings/route-table';
import { callsRouteTable } from '../features/calls/route-table';
import { callUsRouteTable } from '../features/callus/route-table';
import { chatRouteTable } from '../features/chat/route-table';
import { driverRouteTable } from '../features/driver/route-table';
import { kbRouteTable } from '../features/kb/route-table';
import { mailRouteTable } from '../features/mail/route-table';
import { oneTouchRouteTable } from '../features/onetouch/route-table';
import { orderRouteTable } from '../features/orders/route-table';
import { ticketRouteTable } from '../features/tickets/route-table';
import { configureApiClient } from '../lib/api-client';
import { reloadDeepLink } from '../lib/deep-link-reload';
import { sessionQueryKey, sessionQueryOptions } from '../lib/get-session';
import { lazyRoute } from '../lib/lazy-route';
import { RootRedirect } from './root-redirect';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';

function PageLoader() {
  return <Loader fullPage />;
}

/**
 * The one table of pages: each feature contributes its own, in this order (on a tie in rank React Router
 * prefers the earlier route).
 */
const pageRoutes: RouteObject[] = [
  ...kbRouteTable,
  ...bookingRouteTable,
  ...driverRouteTable,
  // Composes bookings (the booking's help) with one-touch (the ride's bill), so it lives in the app.
  lazyRoute(
    `${bookingRoutes.bookingDetails}/billing_issue/:source`,
    () => import('./pages/billing-issue'),
    'BillingIssuePage',
  ),
  // The cab attachment's offices (guided-flows.md §2), reached from its form.
  lazyRoute('/bd_address', () => import('../features/flows/cab-attachment/bd-address-page'), 'BdAddressPage'),
  ...orderRouteTable,
  ...ticketRouteTable,
  ...callsRouteTable,
  ...chatRouteTable,
  ...oneTouchRouteTable,
  ...mailRouteTable,
  ...callUsRouteTable,
  ...authRouteTable,
  // Chat with us: the form post that hands the reader over to the chat (docs/chat.md).
  lazyRoute('/chatbot', () => import('../features/chat/chatbot-page'), 'ChatbotPage'),
  lazyRoute(routes.articleNotFound, () => import('../components/article-not-found'), 'ArticleNotFound'),
];

/** Every page is its own chunk; the shell and these few lines are all the first page pays for routing. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: AppShell,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteError,
      // Know who the user is before the first page renders, so nothing flashes from visitor to user.
      loader: async ({ request }) => {
        const pending = queryClient.ensureQueryData(sessionQueryOptions());
        // The refresh page must render even when the session cannot be fetched at all.
        if (new URL(request.url).pathname === routes.loginRefresh) {
          pending.catch(() => {});
          return null;
        }
        try {
          await pending;
        } catch {
          // Without a session the app still renders for a visitor; the API client decides on redirects.
        }
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, Component: RootRedirect },
            ...pageRoutes,
            // None of the app's pages (contract appRoutePatterns; the server answered 404): the not-found page.
            lazyRoute('*', () => import('./pages/not-found'), 'NotFoundPage'),
          ],
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(createAppRoutes(queryClient));

  const isHeadingTo = (path: string) =>
    router.state.location.pathname === path || router.state.navigation.location?.pathname === path;

  configureApiClient({
    isInApp: () => queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.in_app ?? false,
    // Spec §6: outside the app an unauthorized answer logs the user out in this browser.
    onUnauthorized: () => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (old) => (old ? { ...old, user: null } : old));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      if (!isHeadingTo(routes.home)) void router.navigate(routes.home, { replace: true });
    },
    // Spec §6: no response at all (outside the app) sends the user to the login refresh page.
    onNoResponse: () => {
      if (!isHeadingTo(routes.loginRefresh)) void router.navigate(routes.loginRefresh);
    },
    // Spec §8: a 404 'Invalid token' reloads the deep link (the page as the host opened it signs in again).
    onInvalidToken: reloadDeepLink,
  });
  return router;
}
