// Zod-free and small: the driver home's link, the rides list's paging and the pages' paths need no schemas
// (driver.ts has them), so a first page that only links here does not load them.

import { driverRoutes } from './area-routes.ts';

export const driverPaths = {
  /** Ours: the spec names the driver profile's fields (core.md §3) but no path for it. */
  profile: '/api/users/v1/driver_profile',
  rides: '/api/bookings/v3/driver_rides',
  rideDetails: '/api/bookings/v3/driver_ride_details',
  /** the trip sheet of one ride: what was measured (docs/driver.md decides its parameter: id) */
  rideDetail: '/api/bookings/v3/ride_detail',
  /** the earning statement of one ride; `format=pdf` answers the printable PDF */
  invoice: '/api/bookings/v3/invoice',
} as const;

/** Links to one ride and its statement (the pages: area-routes.ts driverRoutes; docs/driver.md says why not /myrides). */
const seg = encodeURIComponent;
export const driverRideHref = (crn: string) => `${driverRoutes.rides}/${seg(crn)}`;
export const driverStatementHref = (crn: string) => `${driverRoutes.rides}/${seg(crn)}/statement`;

/** The most rides one page may ask for (the server refuses more). */
export const DRIVER_RIDES_MAX_PER_PAGE = 100;

/**
 * The size of page `page` of a driver's rides: the page counter starts at 1 and the sizes grow by Fibonacci
 * numbers — 1, 1, 2, 3, 5, 8, 13 … — so the first screen answers at once and a long scroll needs few requests.
 * Capped at DRIVER_RIDES_MAX_PER_PAGE (page 12 would already ask for 144).
 */
export function driverRidesPageSize(page: number): number {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`The page counter starts at 1 (got ${page})`);
  let [a, b] = [1, 1];
  for (let i = 2; i <= page && a < DRIVER_RIDES_MAX_PER_PAGE; i++) [a, b] = [b, a + b];
  return Math.min(a, DRIVER_RIDES_MAX_PER_PAGE);
}

/**
 * Whether to load another page (core.md §9): loading stops when the answer lacks next_page or per_page (absent,
 * null or empty alike).
 */
export function hasNextDriverPage(answer: { next_page?: unknown; per_page?: unknown } | null | undefined): boolean {
  if (!answer) return false;
  const next = answer.next_page;
  const per = answer.per_page;
  const present = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== 0 && v !== false;
  return present(next) && present(per);
}
