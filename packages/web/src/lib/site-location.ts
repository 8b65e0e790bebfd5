import { type SessionResponse, siteCountry } from '@selfserve/contract';

/**
 * Where the page is being looked at: the browser's own address, or, while the server renders a page (docs/ssr.md),
 * the address of the request it renders. Code that renders with the site's origin or host name asks here, so the
 * server's HTML and the browser's first render agree (a hydration mismatch otherwise).
 */
let serverSite: { origin: string; hostname: string } | null = null;

/** Set by the server entry before each render (renders run one at a time). */
export function setServerSite(site: { origin: string; hostname: string } | null): void {
  serverSite = site;
}

export function siteOrigin(): string {
  return typeof window === 'undefined' ? (serverSite?.origin ?? '') : window.location.origin;
}

export function siteHostname(): string {
  return typeof window === 'undefined' ? (serverSite?.hostname ?? '') : window.location.hostname;
}

/**
 * The country dates and numbers are written for: the signed-in reader's profile's, else the site's. Known from the
 * session alone, so the server's render and the browser's first one both use it (nothing re-renders afterwards).
 */
export function readerCountryOf(session: SessionResponse | undefined): string | null {
  if (!session) return null;
  return session.user?.country_code ?? siteCountry(siteHostname(), session.uk_host_marker);
}
