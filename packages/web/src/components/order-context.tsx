import { type OrderContext, orderMetaSegment } from '@selfserve/contract';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { useI18n } from '../lib/i18n';
import { useOrderMeta } from '../lib/orders/get-order-meta';
import { orderHelpHref } from '../lib/orders/paths';
import { useSession } from '../lib/session';
import { NotFound } from './article-not-found';
import { ErrorState } from './error-state';
import { Loader } from './loader';
import { OrderCard } from './order-card';
import './bookings.css';

/**
 * Help in an order's context (the order's article, its issue form): loads the user's order of that kind (its kind's
 * meta call, which answers the order only when it is the user's), shows its card, then whatever is about it. An
 * order of another kind, someone else's or none at all is 'Order not found.' — the page never goes on without it,
 * so a ticket from here always carries its order (docs/tickets.md).
 */
export function OrderHelpContext({
  kind,
  orderId,
  children,
}: {
  kind: string;
  orderId: string;
  children: (order: OrderContext) => ReactNode;
}) {
  const { t } = useI18n();
  const { user } = useSession();
  const segment = orderMetaSegment(kind);
  const meta = useOrderMeta(user?.id, segment, orderId);
  const order = meta.data?.order;

  if (!segment) return <NotFound title={t('orderNotFound')} />;
  if (meta.isPending) return <Loader fullPage />;
  if (meta.error instanceof ApiError && meta.error.status === 404) return <NotFound title={meta.error.text} />;
  if (meta.isError) return <ErrorState error={meta.error} onRetry={() => void meta.refetch()} />;
  if (order?.order_id !== orderId || order.order_type !== kind) return <NotFound title={t('orderNotFound')} />;
  return (
    <>
      <section className="booking-context" aria-label={t('orders.title')} data-testid="order-context">
        <OrderCard order={order} href={orderHelpHref(order)} headingLevel={null} />
      </section>
      {children(order)}
    </>
  );
}
