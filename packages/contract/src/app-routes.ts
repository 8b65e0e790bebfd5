// Zod-free and tiny: the server's page fallback and the web router's test read it; the first page does not.

/**
 * Every page of the web app (spec core.md §2 and ours), as React Router patterns: `:name` one segment, `:name?` an
 * optional one. The web router's tables must list exactly these (packages/web/src/app/router.test.tsx), and the
 * server answers any other path with the app's page and status 404, so the not-found page renders with the right
 * status (issue 14). Matching is case-insensitive and ignores a trailing slash, as React Router's is.
 */
/**
 * The knowledge base's pages: public, open to any visitor (robots.txt allows them and keeps the others out,
 * issue 19 item 2).
 */
export const kbRoutePatterns = [
  '/home',
  '/selfServe',
  '/report',
  '/search',
  '/section',
  '/section/driver_default',
  '/section/:sectionId',
  '/subsection',
  '/mainarticle',
  '/article',
  '/article/:id',
  '/article/:id/:flag/driver_default',
  '/articles',
  '/dreport/:articleId?/:type?',
  '/support/dreport/:articleId',
  '/support/dreport/:articleId/select',
  '/kb',
  '/kb/:id1',
  '/kb/:id1/:id2',
  '/kb/:id1/:id2/:id3',
  '/simple_article',
  '/:categoryId/mainsection',
] as const;

export const appRoutePatterns = [
  '/',
  // knowledge base
  ...kbRoutePatterns,
  // bookings
  '/main',
  '/bookings',
  '/bookings/default',
  '/myrides',
  '/bookingdetails',
  '/bookingdetails/billing_issue/:source',
  '/bdetails/:crn?',
  '/:crn/dreport/:articleId/:bookingId?/:carCategory?',
  '/support/:bid/dreport/:articleId',
  '/dsection',
  '/:crn/dsection',
  '/bookingsByType/:articleId/:previous',
  '/deeplink',
  '/report/viewinvoice/default',
  // the driver's trips (docs/driver.md)
  '/driver/rides',
  '/driver/rides/:crn',
  '/driver/rides/:crn/statement',
  // the recompute of a trip ended short (core.md §2; docs/driver.md "Recomplete")
  '/ldt_article/:id/:flag/driver_default',
  '/driver/earnings',
  '/driver/lost-items',
  // orders
  '/orders/:kind/:orderId',
  '/orders/:kind/:orderId/dreport/:articleId',
  // write to us and tickets
  '/writetous',
  '/writetous/default',
  '/dwritetous/:articleId?',
  '/:crn/dwritetous/:articleId',
  '/write_to_us/:source/:context/dreport/:id',
  '/report/:articleId',
  '/report/:tag/default',
  '/report/:context/:previous',
  '/dsuccess',
  '/verify-email',
  '/tickets',
  // the click-to-call failure popup (core.md §2; docs/telephony.md)
  '/overlay',
  // call us with a one-time code (issue 17; docs/telephony.md "Call us")
  '/callUs',
  // hands the reader over to the chat by a form post (issue 17; docs/chat.md)
  '/chatbot',
  '/dev/phone',
  // our own chat page (issue 17; docs/chat-conversations.md)
  '/chat',
  // one-touch, mail, sign-in
  '/bd_address',
  '/invoice/confirm',
  '/dev/outbox',
  '/login',
  '/login/refresh',
  '/article-not-found',
  // the agent console (issue 21; docs/agent.md), area-routes.ts agentRoutes: each section adds its pages here
  '/agent',
  '/agent/tickets',
  '/agent/tickets/:id',
  '/agent/articles',
  '/agent/articles/:id',
  '/agent/insights',
  '/agent/chats',
  '/agent/chats/:id',
  '/agent/settings',
] as const;

export type AppRoutePattern = (typeof appRoutePatterns)[number];

/** The path of one section (or category) of the knowledge base, opened by its id: shareable (issue 14). */
export const sectionHref = (id: string) => `/section/${encodeURIComponent(id)}`;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern as a regular expression over a path (no query), the way React Router matches it. */
export function routePatternRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  const body = segments
    .map((s) => {
      if (s.startsWith(':')) return s.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${escapeRegExp(s)}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

// Compiled on first use: a bundle that only needs sectionHref (the web app's first page) keeps none of the list.
let compiled: RegExp[] | null = null;

/** Whether a path (the query and hash are ignored) is one of the app's pages. */
export function isAppRoute(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (!pathname.startsWith('/')) return false;
  compiled ??= appRoutePatterns.map(routePatternRegExp);
  return compiled.some((re) => re.test(pathname));
}
