import {
  MARKETPLACE_REDIRECT_COOKIE,
  MARKETPLACE_REDIRECT_COOKIE_SECONDS,
  marketplaceRedirectPath,
  marketplaceRedirectValue,
} from '@selfserve/contract';

/**
 * The marketplace redirect cookie (core.md §9, docs/bookings.md): remembers which order's help was opened, for
 * 48 hours, so that sign-in — or the host app reopening its deep link — comes back to it. It holds the order's kind
 * and id only (`grocery:GR123`), nothing personal; SameSite=Lax so it comes back on a top-level return from sign-in,
 * path=/ so every page may read it, Secure on https. Readable by script on purpose: only the web app reads it.
 */
function write(value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one small cookie; the Cookie Store API is not in every WebView
  document.cookie = `${MARKETPLACE_REDIRECT_COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** An order help page was opened: remember its order (kinds without help and malformed ids are not remembered). */
export function rememberMarketplaceOrder(kind: string, orderId: string): void {
  const value = marketplaceRedirectValue(kind, orderId);
  if (value) write(value, MARKETPLACE_REDIRECT_COOKIE_SECONDS);
}

/** The order help to come back to, if one was opened within the last 48 hours. */
export function marketplaceReturnPath(): string | null {
  const prefix = `${MARKETPLACE_REDIRECT_COOKIE}=`;
  const entry = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  if (!entry) return null;
  try {
    return marketplaceRedirectPath(decodeURIComponent(entry.slice(prefix.length)));
  } catch {
    return null;
  }
}
