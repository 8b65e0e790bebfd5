import { ticketRoutes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The demo outbox: the mails the simulator would have sent. */
export const mailRouteTable: RouteObject[] = [
  lazyRoute(ticketRoutes.devOutbox, () => import('./routes/outbox'), 'OutboxPage'),
];
