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
