// Zod-free, so order pages that only need a path or a kind's meta do not load the schemas.

export const orderPaths = {
  context: '/api/orders/v1/context',
  list: '/api/orders/v1/list',
} as const;

/**
 * The order kinds with a help index of their own and the segment of their meta path
 * (/api/kb/v3/{segment}/meta); parcels have none (docs/bookings.md).
 */
export const orderMetaSegments = {
  ondc: 'ondc',
  grocery: 'grocery',
  giftcard: 'giftcard',
  fashion_electronics: 'fashionandelectronics',
} as const;
export type OrderKindWithHelp = keyof typeof orderMetaSegments;

export function orderMetaSegment(kind: string): (typeof orderMetaSegments)[OrderKindWithHelp] | null {
  return Object.hasOwn(orderMetaSegments, kind) ? orderMetaSegments[kind as OrderKindWithHelp] : null;
}

const seg = encodeURIComponent;

/** /orders/{kind}/{orderId} (ours): an order's card and the help categories of its kind. */
export function orderHelpPath(kind: string, orderId: string): string {
  return `/orders/${seg(kind)}/${seg(orderId)}`;
}

/**
 * /orders/{kind}/{orderId}/dreport/{articleId} (ours): an article in an order's context — the order's card on top,
 * its topics and its write-to-us still about that order (docs/tickets.md).
 */
export function orderArticleHref(kind: string, orderId: string, articleId: string): string {
  return `${orderHelpPath(kind, orderId)}/dreport/${seg(articleId)}`;
}

/**
 * The marketplace redirect cookie (core.md §9; docs/bookings.md): `{kind}:{orderId}` of the last order help opened,
 * kept MARKETPLACE_REDIRECT_COOKIE_SECONDS, so sign-in (or a host app reopening its deep link) comes back to it.
 */
export const MARKETPLACE_REDIRECT_COOKIE = 'ss_marketplace_order';

const ORDER_ID = /^[\w-]{1,64}$/;

/** The cookie's value for an order, or null when the kind has no help or the id is not an order id. */
export function marketplaceRedirectValue(kind: string, orderId: string): string | null {
  return orderMetaSegment(kind) && ORDER_ID.test(orderId) ? `${kind}:${orderId}` : null;
}

/** The order help a cookie value leads back to; anything malformed or of a kind without help is null. */
export function marketplaceRedirectPath(value: string | null | undefined): string | null {
  const [kind = '', orderId = '', ...rest] = (value ?? '').split(':');
  if (rest.length || !marketplaceRedirectValue(kind, orderId)) return null;
  return orderHelpPath(kind, orderId);
}
