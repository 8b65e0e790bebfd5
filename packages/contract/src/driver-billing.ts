// Driver billing help (issue 18 item 3; docs/driver.md "Billing help"): /bookingdetails/billing_issue/{source} for a
// driver — the trip, its bill from the driver's side and the billing articles of the driver's index. Zod-free: the
// trip page links here without loading schemas.

import { driverRoutes } from './area-routes.ts';
import { autoPartnerIndexes, bikePartnerIndexes } from './kb-indexes.ts';
import { routes } from './navigation.ts';

/** The page's path; `{source}` is a value of driverBillingSources, the trip goes in `?crn=`. */
export const BILLING_ISSUE_PREFIX = '/bookingdetails/billing_issue';

/**
 * What `{source}` carries for a driver: the page the driver came from, which is where Back goes — `driver_ride`
 * (a trip's page: back to that trip), `driver_rides` (the trips list), `driver_app` (the driver app's home or a
 * link from the host app: back to /home). Anything else is read as `driver_app`.
 */
export const driverBillingSources = ['driver_ride', 'driver_rides', 'driver_app'] as const;
export type DriverBillingSource = (typeof driverBillingSources)[number];

export function driverBillingSourceOf(value: string | null | undefined): DriverBillingSource {
  return (driverBillingSources as readonly string[]).includes(value ?? '')
    ? (value as DriverBillingSource)
    : 'driver_app';
}

/** The driver's billing help for one trip. */
export function driverBillingHref(crn: string, source: DriverBillingSource = 'driver_ride'): string {
  return `${BILLING_ISSUE_PREFIX}/${source}?crn=${encodeURIComponent(crn)}`;
}

/** Where Back goes from the driver's billing help (see driverBillingSources). */
export function driverBillingBack(source: DriverBillingSource, crn: string | null | undefined): string {
  if (source === 'driver_ride' && crn) return `${driverRoutes.rides}/${encodeURIComponent(crn)}`;
  if (source === 'driver_rides') return driverRoutes.rides;
  return routes.home;
}

/**
 * The billing category of each partner index (its earnings and payouts), whose articles the billing help lists.
 * A content test checks each is a top category of its index; an index without one shows no articles.
 */
export const driverBillingCategories: Readonly<Record<string, string>> = {
  driver_in_en: '200100',
  driver_in_hi: '220100',
  driver_au_en: '240100',
  [bikePartnerIndexes.en]: '370100',
  [bikePartnerIndexes.hi]: '380100',
  [autoPartnerIndexes.en]: '270100',
  [autoPartnerIndexes.hi]: '280100',
};

/** The billing category id of an index, or null. */
export function driverBillingCategoryOf(index: string): string | null {
  return driverBillingCategories[index] ?? null;
}
