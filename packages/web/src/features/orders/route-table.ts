import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** Help for one order (spec §2) and its articles under the order's card; the pages send visitors to /home themselves. */
export const orderRouteTable: RouteObject[] = [
  lazyRoute('/orders/:kind/:orderId', () => import('./routes/order-help'), 'OrderHelpPage'),
  lazyRoute('/orders/:kind/:orderId/dreport/:articleId', () => import('./routes/order-article'), 'OrderArticlePage'),
];
