import { routes } from '@selfserve/contract';

/**
 * Where to go after sign-in. Only a same-site path is accepted: `?return=https://evil.example` or
 * `//evil.example` (protocol-relative) would turn the sign-in page into an open redirect.
 */
export function safeReturnPath(value: string | null | undefined, origin: string = window.location.origin): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return routes.home;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return routes.home;
    if (url.pathname === routes.login || url.pathname === routes.loginRefresh) return routes.home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return routes.home;
  }
}

/** The sign-in link for the current page, so the user comes back where they were. */
export function loginHref(currentPath: string): string {
  if (currentPath === routes.home || currentPath === routes.selfServe || currentPath.startsWith(routes.login)) {
    return routes.login;
  }
  return `${routes.login}?return=${encodeURIComponent(currentPath)}`;
}
