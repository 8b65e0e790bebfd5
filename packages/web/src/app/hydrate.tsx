import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { ApiError } from '../lib/api-client';
import { rememberWrittenDays } from '../lib/day-format';
import { currentIntl } from '../lib/i18n';
import { App } from './app';
import { type AppRouter, createAppRouter, createAppRoutes } from './router';
import type { SsrQuery, SsrState } from './ssr-state';

/**
 * The browser's side of a server-rendered page (docs/ssr.md), in a chunk of its own that the server's page lists for
 * its boot script: the first page of the SPA pays nothing for it.
 */
/**
 * The server's answers into the browser's cache, as fresh as a fetch made now (the server's clock is not the
 * browser's): nothing refetches on hydration. A failed answer comes back as the ApiError the page tests for.
 */
function hydrateQueries(queryClient: QueryClient, queries: SsrQuery[]): void {
  const now = Date.now();
  for (const entry of queries) {
    if ('data' in entry) {
      queryClient.setQueryData(entry.key, entry.data, { updatedAt: now });
      continue;
    }
    const { status, code, message, fields, params } = entry.error;
    const error = new ApiError(status, code, message, fields, params);
    // Mounting would otherwise fetch it again (a query without data retries on mount), showing the loader meanwhile.
    queryClient.setQueryDefaults(entry.key, { retryOnMount: false });
    queryClient.getQueryCache().build(queryClient, { queryKey: entry.key }).setState({
      status: 'error',
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: now,
      fetchFailureCount: 1,
      fetchFailureReason: error,
      fetchStatus: 'idle',
    });
  }
}

/**
 * The router of a server-rendered page: the lazy modules of the page's routes are loaded first (React Router
 * hydrates only resolved routes), so the first render is the server's page, not the loader.
 */
async function hydratingRouter(queryClient: QueryClient, state: SsrState): Promise<AppRouter> {
  hydrateQueries(queryClient, state.queries);
  const routes = createAppRoutes(queryClient);
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => typeof m.route.lazy === 'function') ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
  return createAppRouter(queryClient, { routes, hydrationData: state.router });
}

/**
 * Takes over the server's HTML with the same data, language and modules: nothing flashes, nothing is fetched again.
 * `element` is the page's ssr-state block (app/ssr-state.ts); unreadable, the page renders in the browser instead.
 */
export async function hydratePage(
  container: HTMLElement,
  queryClient: QueryClient,
  element: HTMLElement,
  language: Promise<unknown>,
): Promise<void> {
  element.remove();
  let state: SsrState | null = null;
  try {
    state = JSON.parse(element.textContent ?? '') as SsrState;
  } catch {
    state = null;
  }
  const router = state ? await hydratingRouter(queryClient, state) : createAppRouter(queryClient);
  await language;
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  if (state) {
    // The days the page shows, as the server wrote them: hydrating makes no date formatter (lib/day-format.ts).
    rememberWrittenDays(container, currentIntl());
    // In a transition React hydrates in slices, yielding to the browser between them: no long task for a large page.
    startTransition(() => void hydrateRoot(container, app));
  } else {
    createRoot(container).render(app);
  }
  // Keeps the description, canonical and Open Graph tags right on the next pages (its own chunk, loaded after).
  void import('./head-sync').then((m) => m.syncPageHead(router, queryClient));
}
