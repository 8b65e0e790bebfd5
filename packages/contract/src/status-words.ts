/**
 * Ride and order statuses as words (issue 14): the one table from a status code, however it is spelt ('COMPLETED',
 * 'in progress', 'CANCELLED_BY_DRIVER', 'out-for-delivery'), to the key of its label under `status` in the locale
 * files. A code nobody knows reads 'unknown' (a generic word), never the raw code.
 */
export const statusWordKeys = [
  // rides (spec §2 booking states, and the sub-states a cancelled or pending ride carries)
  'inProgress',
  'ongoing',
  'pending',
  'requested',
  'scheduled',
  'cancelled',
  'completed',
  'cancelledByCustomer',
  'cancelledByDriver',
  'noDriverFound',
  'allotmentPending',
  // orders (marketplace, grocery, gift cards, parcels)
  'placed',
  'confirmed',
  'processing',
  'preparing',
  'packed',
  'shipped',
  'pickedUp',
  'outForDelivery',
  'delivered',
  'returned',
  'refunded',
  'failed',
  'active',
  'expired',
  'redeemed',
  'unknown',
] as const;
export type StatusWordKey = (typeof statusWordKeys)[number];

/** Codes as normalised by `statusWordKey` (lower case, no spaces, underscores or hyphens) → label key. */
const byCode: Readonly<Record<string, StatusWordKey>> = {
  inprogress: 'inProgress',
  ongoing: 'ongoing',
  pending: 'pending',
  requested: 'requested',
  scheduled: 'scheduled',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  completed: 'completed',
  cancelledbycustomer: 'cancelledByCustomer',
  cancelledbyuser: 'cancelledByCustomer',
  cancelledbydriver: 'cancelledByDriver',
  nodriverfound: 'noDriverFound',
  allotmentpending: 'allotmentPending',
  placed: 'placed',
  confirmed: 'confirmed',
  processing: 'processing',
  preparing: 'preparing',
  packed: 'packed',
  shipped: 'shipped',
  pickedup: 'pickedUp',
  outfordelivery: 'outForDelivery',
  delivered: 'delivered',
  returned: 'returned',
  refunded: 'refunded',
  failed: 'failed',
  active: 'active',
  expired: 'expired',
  redeemed: 'redeemed',
};

/** The label key of a ride or order status; an unknown or missing status is 'unknown'. */
export function statusWordKey(status: string | null | undefined): StatusWordKey {
  const normal = (status ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  return Object.hasOwn(byCode, normal) ? (byCode[normal] as StatusWordKey) : 'unknown';
}

/**
 * A ride's status as one word: a cancelled ride says who or what cancelled it when its sub-status tells
 * ('CANCELLED' + 'cancelled_by_driver' → cancelledByDriver); otherwise its status's word.
 */
export function rideStatusWordKey(ride: { status: string; sub_status?: string | null }): StatusWordKey {
  const main = statusWordKey(ride.status);
  const sub = statusWordKey(ride.sub_status);
  const cancelledBecause = sub === 'cancelledByCustomer' || sub === 'cancelledByDriver' || sub === 'noDriverFound';
  return main === 'cancelled' && cancelledBecause ? sub : main;
}
