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
 * Unmatched routes (spec §2): go back in history when there is somewhere to go back to,
 * otherwise fall to /main for a signed-in user and /home for everyone else.
 */
export function unmatchedRouteTarget(opts: { canGoBack: boolean; loggedIn: boolean }): 'back' | string {
  if (opts.canGoBack) return 'back';
  return opts.loggedIn ? routes.main : routes.home;
}
