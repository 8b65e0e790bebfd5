import { routes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** Sign-in and the refresh page an unanswered request leads to (spec §6). */
export const authRouteTable: RouteObject[] = [
  lazyRoute(routes.login, () => import('./routes/login'), 'LoginPage'),
  lazyRoute(routes.loginRefresh, () => import('./routes/login-refresh'), 'LoginRefreshPage'),
];
