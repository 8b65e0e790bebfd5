import { callUsRoutes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** Call us with a one-time code, and the demo phone (demo mode only). */
export const callUsRouteTable: RouteObject[] = [
  lazyRoute(callUsRoutes.callUs, () => import('./routes/call-us'), 'CallUsPage'),
  lazyRoute(callUsRoutes.demoPhone, () => import('./routes/demo-phone'), 'DemoPhonePage'),
];
