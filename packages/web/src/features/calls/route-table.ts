import { OVERLAY_ROUTE } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The calls' one page: /overlay, the click-to-call failure popup (its own chunk). */
export const callsRouteTable: RouteObject[] = [lazyRoute(OVERLAY_ROUTE, () => import('./overlay-page'), 'OverlayPage')];
