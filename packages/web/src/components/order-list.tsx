import { useI18n } from '../lib/i18n';
import { useOrders } from '../lib/orders/get-orders';
import { orderHelpHref } from '../lib/orders/paths';
import { useSession } from '../lib/session';
import { Button } from './button';
import { Loader } from './loader';
import { OrderCard } from './order-card';

/** The user's orders of every kind; the kinds with a help index of their own link to their help. */
export function OrderList({ labelledBy }: { labelledBy?: string }) {
  const { t } = useI18n();
  const { user } = useSession();
  const orders = useOrders(user?.id);

  if (orders.isPending) return <Loader />;
  if (orders.isError) {
    return (
      <div className="booking-list__error" role="alert" data-testid="order-list-error">
        <p>{t('retry')}</p>
        <Button variant="secondary" onClick={() => void orders.refetch()}>
          {t('bookings.tryAgain')}
        </Button>
      </div>
    );
  }
  if (orders.data.length === 0) {
    return (
      <p className="booking-list__empty" data-testid="order-list-empty">
        {t('orders.empty')}
      </p>
    );
  }
  return (
    <ul className="order-list" aria-labelledby={labelledBy} data-testid="order-list">
      {orders.data.map((order) => {
        const href = orderHelpHref(order);
        return (
          <li key={order.order_id}>
            {/* Cards are h2 right under the page's h1, as the ride cards are (axe heading-order). */}
            <OrderCard order={order} headingLevel={2} {...(href ? { href } : {})} />
          </li>
        );
      })}
    </ul>
  );
}
