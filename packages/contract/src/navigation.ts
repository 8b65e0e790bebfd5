/** Client routes of this foundation; later areas add theirs. */
export const routes = {
  selfServe: '/selfServe',
  home: '/home',
  main: '/main',
  login: '/login',
  loginRefresh: '/login/refresh',
  bookings: '/bookings',
  tickets: '/tickets',
  articleNotFound: '/article-not-found',
} as const;

/**
 * Client routes of the booking pages (spec core.md §2), written once for links, the router and tests.
 * Here rather than in booking-paths.ts because the router (first page) needs them and nothing else of it.
 */
export const bookingRoutes = {
  main: '/main',
  bookings: '/bookings',
  bookingsDefault: '/bookings/default',
  myRides: '/myrides',
  bookingDetails: '/bookingdetails',
  bdetails: '/bdetails',
  dsection: '/dsection',
} as const;

/**
 * Unmatched routes (spec §2): go back in history when there is somewhere to go back to,
 * otherwise fall to /main for a signed-in user and /home for everyone else.
 */
export function unmatchedRouteTarget(opts: { canGoBack: boolean; loggedIn: boolean }): 'back' | string {
  if (opts.canGoBack) return 'back';
  return opts.loggedIn ? routes.main : routes.home;
}

/** The query of the deep-link route (spec core.md §2), reached under its own context path. */
export interface DeepLinkQuery {
  landing_page?: string | null;
  bookingType?: string | null;
  articleId?: string | null;
  /** booking id */
  bid?: string | null;
  type?: string | null;
}

export const DEEP_LINK_PATH = '/deeplink';

/**
 * Where a deep link lands. Only landing_page=website is handled (anything else goes home). Order
 * matters: a booking-type list first, then the login round-trip when the profile could not be
 * read (status FAILURE), then article with type, article with booking, article alone.
 */
export function deepLinkTarget(q: DeepLinkQuery, profileStatus: 'SUCCESS' | 'FAILURE'): string {
  if (q.landing_page !== 'website') return routes.home;
  const article = q.articleId ? encodeURIComponent(q.articleId) : null;
  const bid = q.bid ? encodeURIComponent(q.bid) : null;
  if (q.bookingType && article) return `/bookingsByType/${article}/home`;
  if (bid && article && profileStatus === 'FAILURE') {
    return `${routes.login}?return=${encodeURIComponent(`/support/${bid}/dreport/${article}`)}`;
  }
  if (article && q.type) return `/dreport/${article}/${encodeURIComponent(q.type)}`;
  if (article && bid) return `/support/${bid}/dreport/${article}`;
  if (article) return `/dreport/${article}`;
  return routes.home;
}
