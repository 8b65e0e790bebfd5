import { driverRoutes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The driver's trips (docs/driver.md): each page its own chunk. */
export const driverRouteTable: RouteObject[] = [
  lazyRoute(driverRoutes.rides, () => import('./routes/rides'), 'DriverRidesPage'),
  lazyRoute(driverRoutes.ride, () => import('./routes/ride'), 'DriverRidePage'),
  lazyRoute(driverRoutes.statement, () => import('./routes/statement'), 'DriverStatementPage'),
  lazyRoute(driverRoutes.earnings, () => import('./earnings/earnings-page'), 'DriverEarningsPage'),
];
