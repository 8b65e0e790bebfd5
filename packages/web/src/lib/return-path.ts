import { routes, sameSitePath } from '@selfserve/contract';

/**
 * Where to go after sign-in: a same-site path by the contract's one check (so `?return=https://evil.example`,
 * `//evil.example` or `/.//evil.example` cannot turn the sign-in page into an open redirect), never back to sign-in.
 */
export function safeReturnPath(value: string | null | undefined): string {
  const path = sameSitePath(value);
  if (!path) return routes.home;
  const pathname = path.split(/[?#]/)[0];
  return pathname === routes.login || pathname === routes.loginRefresh ? routes.home : path;
}

/** The sign-in link for the current page, so the user comes back where they were. */
export function loginHref(currentPath: string): string {
  if (currentPath === routes.home || currentPath === routes.selfServe || currentPath.startsWith(routes.login)) {
    return routes.login;
  }
  return `${routes.login}?return=${encodeURIComponent(currentPath)}`;
}
