// Zod-free, so booking pages that only need a path, a limit or a fare format do not load the schemas.
import { bookingRoutes } from './navigation.ts';

/** Booking lists page by 25 and stop at page 10 (spec §9), so the newest 250 rides are reachable. */
export const BOOKINGS_PAGE_SIZE = 25;
export const BOOKINGS_MAX_PAGES = 10;

/** Currency symbols of spec §9, by country. */
export const currencySymbols: Readonly<Record<string, string>> = {
  CN: '¥',
  AU: 'A$',
  PK: '₨',
  BD: '৳',
  GB: '£',
  SG: 'S$',
  NZ: 'NZ$',
  AE: 'AED ',
  JP: '¥',
  LK: 'Rs ',
  IN: '₹',
};

/**
 * A fare as riders read it: the country's symbol (spec §9) and the amount grouped as the reader's locale writes
 * numbers (`intlLocale`, e.g. ₹3,297 in en-IN, ₹3 297 in fr-FR), with two decimals (none for yen and rupee whole
 * amounts). The server's English texts use English as written in the fare's country.
 */
export function formatFare(amount: number, country: string, locale = `en-${country.toUpperCase()}`): string {
  const symbol = currencySymbols[country.toUpperCase()] ?? '';
  const whole = Number.isInteger(amount) && (country === 'IN' || country === 'JP' || country === 'CN');
  return `${symbol}${formatAmount(amount, locale, whole ? 0 : 2)}`;
}

/** An amount with fixed decimals, grouped as `locale` writes numbers (an unusable tag falls back to English). */
export function formatAmount(amount: number, locale: string, decimals: number): string {
  const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  try {
    return new Intl.NumberFormat(locale, options).format(amount);
  } catch {
    return new Intl.NumberFormat('en', options).format(amount);
  }
}

export const bookingPaths = {
  list: '/api/bookings/v2/list',
  getByCrn: '/api/bookings/v2/get_by_crn',
  details: '/api/bookings/v2/details',
  getCity: '/api/bookings/v1/get_city',
  /** core.md §7: answers status, data, next_page, page_key */
  byArticle: '/api/bookings/bookings_by_article',
  /**
   * Ours (guided-flows.md §7 names the call, not its path): the bookings-by-type list, the same bookings as
   * bookings_by_article in the shape that section names — status, bookings, page_no, page_key.
   */
  byType: '/api/bookings/v1/bookings_by_type',
  /** the bill of a ride (billing dispute) */
  bill: '/api/bookings/v1/bill',
} as const;

/**
 * Who may list bookings (core.md §6): customers their rides, drivers the rides they drove; food-delivery riders
 * cannot list bookings (the server answers 403), and a visitor has none. The navigation offers My Bookings only
 * where this holds.
 */
export function mayListBookings(role: string | null | undefined): boolean {
  return role === 'customer' || role === 'driver';
}

/** The brand of share rides (spec §2): their cards name the ride by its OSN instead of the CRN. */
export const SHARE_BRAND = 'ola_share';

/**
 * How a booking card names its ride (spec §2): a share-brand booking with an OSN shows 'OSN' and the
 * OSN; every other booking (and a share booking that somehow lacks its OSN) shows 'CRN' and the CRN.
 */
export function rideReference(booking: { brand: string; crn: string; osn?: string | null }): {
  label: 'CRN' | 'OSN';
  value: string;
} {
  if (booking.brand === SHARE_BRAND && booking.osn) return { label: 'OSN', value: booking.osn };
  return { label: 'CRN', value: booking.crn };
}

const seg = encodeURIComponent;

/** /bdetails/{crn}: help for one booking ('Choose an Issue'). */
export const bdetailsHref = (crn: string) => `${bookingRoutes.bdetails}/${seg(crn)}`;
/** /{crn}/dreport/{articleId}[/{bookingId}/{carCategory}]: an article in a booking's context. */
export function bookingArticleHref(crn: string, articleId: string, booking?: { id: string; carCategory: string }) {
  const base = `/${seg(crn)}/dreport/${seg(articleId)}`;
  return booking ? `${base}/${seg(booking.id)}/${seg(booking.carCategory)}` : base;
}
/** /{crn}/dsection: the selected section of a booking's help. */
export const bookingSectionHref = (crn: string) => `/${seg(crn)}/dsection`;
/** /support/{bid}/dreport/{articleId}: a website article for a booking named by its id. */
export const supportArticleHref = (bookingId: string, articleId: string) =>
  `/support/${seg(bookingId)}/dreport/${seg(articleId)}`;
/** /bookingsByType/{articleId}/{previous}: the bookings an article is about. */
export const bookingsByTypeHref = (articleId: string, previous: string) =>
  `/bookingsByType/${seg(articleId)}/${seg(previous)}`;
