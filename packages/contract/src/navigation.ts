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
  /** core.md §2 invoice view: the signed-in rider's completed rides, each invoice sent by mail on request. */
  viewInvoice: '/report/viewinvoice/default',
} as const;

/** core.md §2: the result article after a v3 submit; ?pass_id= marks a share-pass article. */
export const SIMPLE_ARTICLE_PATH = '/simple_article';

/**
 * A share-pass popup (core.md §2): the share-pass entry mode, or /simple_article?pass_id=. It opens over another
 * page, which has its own header, so it shows no site header of its own; Back closes it.
 */
export function isSharePassPopup(at: { entryMode: string; pathname: string; search: string }): boolean {
  if (at.entryMode === 'share_pass') return true;
  return at.pathname === SIMPLE_ARTICLE_PATH && /[?&]pass_id(=|&|$)/.test(at.search);
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

/** The page an invoice address confirmation link opens (docs/one-touch-rules.md); it carries ?token= and asks. */
export const INVOICE_CONFIRM_PAGE = '/invoice/confirm';

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

/** Control characters and backslashes: browsers drop the one and read the other as '/', turning a path into a host. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;
const BASE = 'http://same-site.invalid';

/** WHATWG URL, a global in browsers and Node alike; the contract compiles without DOM or Node types. */
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

/**
 * The one same-site check for every return or redirect target (sign-in `return`, form redirects): a path on this
 * site, normalised, or null. Refused: anything not starting with a single '/', protocol-relative forms that only
 * appear after normalising or decoding ('//', '/\', '/./', '/..//', '/%2F/', tabs and newlines inside), and other
 * origins. The answer is the normalised path + query + hash, so what is checked is what the browser will follow.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    if (UNSAFE_IN_PATH.test(decoded) || /^\/+[/\\]/.test(decoded)) return null;
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return null;
    }
  }
  if (UNSAFE_IN_PATH.test(decoded) || /^\/[/\\]/.test(decoded)) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
