import { driverRoutes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The driver's trips (docs/driver.md): each page its own chunk. */
export const driverRouteTable: RouteObject[] = [
  lazyRoute(driverRoutes.rides, () => import('./routes/rides'), 'DriverRidesPage'),
  lazyRoute(driverRoutes.ride, () => import('./routes/ride'), 'DriverRidePage'),
  lazyRoute(driverRoutes.statement, () => import('./routes/statement'), 'DriverStatementPage'),
  // the recompute of a trip ended short (docs/driver.md "Recomplete")
  lazyRoute(driverRoutes.recomplete, () => import('./recomplete/recomplete-page'), 'RecompletePage'),
  lazyRoute(driverRoutes.lostItems, () => import('./articles/lost-items-page'), 'DriverLostItemsPage'),
  lazyRoute(driverRoutes.earnings, () => import('./earnings/earnings-page'), 'DriverEarningsPage'),
];
