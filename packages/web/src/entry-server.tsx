// The server's render of the public pages (docs/ssr.md): built by `vite build --ssr` into dist-server/ and loaded by
// packages/server/src/ssr/. Never part of the browser's bundle.
import { routes as appRoutes, type SessionResponse, type SupportedLocale } from '@selfserve/contract';
import type { Query, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { type ArticleAlternates, pageHead, pageHeadHtml } from './app/page-head';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRoutes } from './app/router';
import { SSR_STATE_ID, type SsrQuery, type SsrState, serializeError } from './app/ssr-state';
import { ApiError, configureApiClient, setCsrfToken } from './lib/api-client';
import { sessionQueryKey } from './lib/get-session';
import { setLocale, setReaderCountry } from './lib/i18n';
import { setServerSanitizer } from './lib/kb/sanitize-html';
import { sanitizeArticleHtmlOnServer } from './lib/kb/sanitize-html-server';
import { readerCountryOf, setServerSite } from './lib/site-location';

export { SSR_STATE_ID };

/**
 * The pages rendered on the server, with the source module of each (its chunk and CSS are preloaded in the page's
 * head, so the browser's hydration waits for no second round trip). Everything else keeps the SPA's index.html:
 * signed-in pages and pages that depend on what this tab remembers (/section, /article without an id).
 */
const serverPages: { path: string; module: string }[] = [
  { path: appRoutes.home, module: 'src/features/kb/routes/home.tsx' },
  { path: appRoutes.selfServe, module: 'src/features/kb/routes/home.tsx' },
  { path: '/kb', module: 'src/features/kb/routes/kb.tsx' },
  { path: '/kb/:id1', module: 'src/features/kb/routes/kb.tsx' },
  { path: '/kb/:id1/:id2', module: 'src/features/kb/routes/kb.tsx' },
  { path: '/kb/:id1/:id2/:id3', module: 'src/features/kb/routes/kb.tsx' },
  { path: '/section/:sectionId', module: 'src/features/kb/routes/section.tsx' },
  { path: '/article/:id', module: 'src/features/kb/routes/article.tsx' },
  { path: '/dreport/:articleId', module: 'src/features/kb/routes/dreport.tsx' },
  { path: '/dreport/:articleId/:type', module: 'src/features/kb/routes/dreport.tsx' },
  { path: '/support/dreport/:articleId', module: 'src/features/kb/routes/dreport.tsx' },
  { path: '/search', module: 'src/features/kb/routes/search.tsx' },
  { path: appRoutes.articleNotFound, module: 'src/components/article-not-found.tsx' },
];
const serverPageRoutes: RouteObject[] = serverPages.map(({ path }) => ({ path }));

/** The source module of the page at `pathname` when the server renders it; null when the browser does. */
export function serverPageModule(pathname: string): string | null {
  const match = matchRoutes(serverPageRoutes, pathname)?.at(-1);
  if (!match || (match.route.path === '/section/:sectionId' && match.params.sectionId === 'driver_default')) {
    return null;
  }
  return serverPages.find((p) => p.path === match.route.path)?.module ?? null;
}

// Article bodies: the browser's DOMPurify pass, written without a DOM (lib/kb/sanitize-html-server.ts, docs/ssr.md).
setServerSanitizer(sanitizeArticleHtmlOnServer);

export interface RenderRequest {
  /** Path and query, as asked. */
  url: string;
  /** PUBLIC_URL or the request's scheme and host: canonical addresses, and the page's own origin. */
  origin: string;
  /** The host name the browser sees (the UK host rule). */
  hostname: string;
  /** The session answer the page carries anyway (boot-session). */
  session: SessionResponse;
  /** The API, in-process, with the visitor's cookies (never over the network). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The article's English title and translations (hreflang), from the server's own store. */
  articleAlternates: (id: string) => Promise<ArticleAlternates | null>;
}

export interface RenderResult {
  /** 404 when the page shows 'Article not found.' for the article it was asked for, else 200. */
  status: number;
  /** Tags for <head>: title, description, canonical, hreflang, Open Graph. */
  head: string;
  /** The app's HTML, for inside #root. */
  html: string;
  /** The JSON of the ssr-state block (router and query state), `<` escaped. */
  state: string;
  /** The language the page is in (<html lang>). */
  lang: SupportedLocale;
}

/** How long a render may wait for its data before the server gives up and serves the browser-rendered page. */
const RENDER_TIMEOUT_MS = 10_000;
/** Passes of render → fetch what it asked for → render again; a page that keeps asking past this is not waited for. */
const MAX_PASSES = 4;

/**
 * The i18n, API client and site location are the browser's singletons: renders take turns so that each sees its
 * own reader's language and cookies (the API is in-process and SQLite synchronous, so little is lost by it).
 */
let turn: Promise<unknown> = Promise.resolve();

export function render(request: RenderRequest): Promise<RenderResult | null> {
  const mine = turn.then(() => renderNow(request));
  turn = mine.catch(() => {});
  return mine;
}

/** The whole tree to HTML, waiting for everything (crawlers get complete pages: allReady, React's onAllReady). */
async function renderAll(element: ReactNode): Promise<string> {
  let failed: unknown = null;
  const stream = await renderToReadableStream(element, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // An error inside a boundary would be re-rendered by the browser (a flash, a second fetch): not served.
    onError(error) {
      failed ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failed) throw failed;
  return html;
}

/** Enabled queries the render asked for and nobody has fetched yet. */
function unfetched(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .findAll()
    .filter((q) => {
      if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle') return false;
      const enabled = (q.options as { enabled?: unknown }).enabled;
      const on = typeof enabled === 'function' ? enabled(q) : enabled;
      return on !== false && typeof q.options.queryFn === 'function';
    });
}

async function renderNow(request: RenderRequest): Promise<RenderResult | null> {
  const url = new URL(request.url, request.origin);
  const { session } = request;
  setServerSite({ origin: url.origin, hostname: request.hostname });
  configureApiClient({ fetch: request.fetch });
  setCsrfToken(session.csrf_token);
  const locale = await setLocale(session.language);
  // As the browser's first render does (main.tsx): the country comes with the session.
  setReaderCountry(readerCountryOf(session));

  const queryClient = createQueryClient();
  // A failed call is shown as the browser shows it, without retries: no retry after a failure, none on mount (a
  // query without data would otherwise render as loading again; the browser is told the same, app/ssr-state.ts).
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  queryClient.setQueryData(sessionQueryKey, session);

  const { query, dataRoutes } = createStaticHandler(createAppRoutes(queryClient));
  const context = await query(new Request(url, { headers: { accept: 'text/html' } }));
  // A redirect or an error before any page rendered: the browser's app deals with it as it does today.
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(dataRoutes, context);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );

  // Pages ask for their data in render (TanStack Query): render, fetch what was asked, and again until nothing new.
  let html = await renderAll(app);
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const asked = unfetched(queryClient);
    if (asked.length === 0) break;
    await Promise.all(asked.map((q) => q.fetch().catch(() => {})));
    html = await renderAll(app);
  }
  if (unfetched(queryClient).length > 0) return null;

  const head = pageHead({ pathname: url.pathname, search: url.search, queryClient, locale, origin: request.origin });
  const alternates = head.articleId ? await request.articleAlternates(head.articleId) : null;
  const finalHead = alternates
    ? pageHead({ pathname: url.pathname, search: url.search, queryClient, locale, origin: request.origin, alternates })
    : head;

  const queries: SsrQuery[] = [];
  for (const q of queryClient.getQueryCache().findAll()) {
    if (q.queryHash === JSON.stringify(sessionQueryKey)) continue;
    if (q.state.status === 'success') queries.push({ key: q.queryKey, data: q.state.data });
    else if (q.state.status === 'error') queries.push({ key: q.queryKey, error: serializeError(q.state.error) });
  }
  const state: SsrState = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    queries,
  };
  return {
    // An unknown article is a 404 (crawlers drop it); /article-not-found itself is one of the app's pages.
    status: finalHead.notFound && url.pathname !== appRoutes.articleNotFound ? 404 : 200,
    head: pageHeadHtml(finalHead),
    html,
    state: JSON.stringify(state).replace(/</g, '\\u003c'),
    lang: locale,
  };
}

export { ApiError };
