import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** Help for one order (spec §2); the page sends visitors to /home itself. */
export const orderRouteTable: RouteObject[] = [
  lazyRoute('/orders/:kind/:orderId', () => import('./routes/order-help'), 'OrderHelpPage'),
];
