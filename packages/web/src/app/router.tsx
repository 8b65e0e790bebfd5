import { bookingRoutes, routes, type SessionResponse } from '@selfserve/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { authRouteTable } from '../features/auth/route-table';
import { bookingRouteTable } from '../features/bookings/route-table';
import { kbRouteTable } from '../features/kb/route-table';
import { oneTouchRouteTable } from '../features/onetouch/route-table';
import { orderRouteTable } from '../features/orders/route-table';
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
  // Composes bookings (the booking's help) with one-touch (the ride's bill), so it lives in the app.
  lazyRoute(
    `${bookingRoutes.bookingDetails}/billing_issue/:source`,
    () => import('./pages/billing-issue'),
    'BillingIssuePage',
  ),
  ...orderRouteTable,
  ...oneTouchRouteTable,
  ...authRouteTable,
  lazyRoute(routes.articleNotFound, () => import('../components/article-not-found'), 'ArticleNotFound'),
];

/** The route whose children are the pages: where the pages of more-routes.ts are added. */
const PAGES_ROUTE_ID = 'pages';

/**
 * Every page is its own chunk; the shell and these few lines are all the first page pays for routing. `more` adds
 * the pages of more-routes.ts from the start (tests, a server render); the browser's router learns them on demand.
 */
export function createAppRoutes(queryClient: QueryClient, more: RouteObject[] = []): RouteObject[] {
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
          id: PAGES_ROUTE_ID,
          ErrorBoundary: RouteError,
          children: [
            { index: true, Component: RootRedirect },
            ...pageRoutes,
            ...more,
            // None of the app's pages (contract appRoutePatterns; the server answered 404): the not-found page.
            lazyRoute('*', () => import('./pages/not-found'), 'NotFoundPage'),
          ],
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** `hydrated`: the routes (their lazy modules already loaded) and router state of a server-rendered page (app/hydrate.tsx). */
export function createAppRouter(
  queryClient: QueryClient,
  hydrated?: { routes: RouteObject[]; hydrationData: HydrationState },
): AppRouter {
  const appRoutes = hydrated?.routes ?? createAppRoutes(queryClient);
  let morePatched = false;
  const router = createBrowserRouter(appRoutes, {
    ...(hydrated ? { hydrationData: hydrated.hydrationData } : {}),
    // A path only the catch-all matches may be one of more-routes.ts's pages: load their table once, add it, and
    // let the router match again (React Router's lazy route discovery). Any other path never waits for it.
    async patchRoutesOnNavigation({ path, patch }) {
      if (morePatched || matchRoutes(appRoutes, path)?.at(-1)?.route.path !== '*') return;
      const { moreRouteTable } = await import('./more-routes');
      if (morePatched) return;
      morePatched = true;
      patch(PAGES_ROUTE_ID, moreRouteTable);
    },
  });

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
