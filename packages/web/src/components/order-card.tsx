import { formatAmount, type OrderContext, statusWordKey } from '@selfserve/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDateTime, isoDateTime } from '../lib/format-date';
import { useI18n } from '../lib/i18n';
import './cards.css';

export type OrderCardData = Pick<
  OrderContext,
  'order_id' | 'order_type' | 'order_status' | 'amount' | 'currency_symbol' | 'modified_at'
>;

/** An amount with the order's own currency symbol, grouped as `locale` writes numbers; whole amounts without decimals. */
export function formatOrderAmount(amount: number, symbol: string, locale: string): string {
  return `${symbol}${formatAmount(amount, locale, Number.isInteger(amount) ? 0 : 2)}`;
}

export interface OrderCardProps {
  order: OrderCardData;
  /** Where choosing the card goes (the order's help); without it the card is not a link. */
  href?: string;
  headingLevel?: 2 | 3 | null;
}

/** An order (spec §2: marketplace, grocery, gift card …): order id, amount with its symbol, modified date. */
export function OrderCard({ order, href, headingLevel = 3 }: OrderCardProps) {
  const { t, intl } = useI18n();
  const titleId = useId();
  const kind = t(`orders.kind.${order.order_type}`, { defaultValue: order.order_type });
  const statusKey = statusWordKey(order.order_status);
  const Title = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'p';
  return (
    <article
      className={href ? 'order-card booking-card--linked' : 'order-card'}
      aria-labelledby={titleId}
      data-testid="order-card"
      data-order-id={order.order_id}
      data-order-type={order.order_type}
    >
      <Title id={titleId} className="booking-card__title">
        {href ? (
          <Link to={href} className="booking-card__link">
            {kind}
          </Link>
        ) : (
          kind
        )}
      </Title>
      <p className="booking-card__meta">
        <span className={`status-badge status-badge--${statusKey}`} data-testid="order-status" data-status={statusKey}>
          {t(`status.${statusKey}`)}
        </span>
      </p>
      <dl className="booking-card__facts">
        <div>
          <dt>{t('orders.orderId')}</dt>
          <dd data-testid="order-id">{order.order_id}</dd>
        </div>
        <div>
          <dt>{t('orders.amount')}</dt>
          <dd data-testid="order-amount">{formatOrderAmount(order.amount, order.currency_symbol, intl)}</dd>
        </div>
        <div>
          <dt>{t('orders.modified')}</dt>
          <dd>
            <time dateTime={isoDateTime(order.modified_at)}>{formatDateTime(order.modified_at, intl)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}
