import { orderMetaSegment } from '@selfserve/contract';

/** /orders/{kind}/{orderId}: help for one order; only kinds with a help index of their own have one. */
export function orderHelpHref(order: { order_type: string; order_id: string }): string | undefined {
  if (!orderMetaSegment(order.order_type)) return undefined;
  return `/orders/${encodeURIComponent(order.order_type)}/${encodeURIComponent(order.order_id)}`;
}
