import { INVOICE_CONFIRM_PAGE } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

/** The page an invoice's one-time link opens: it asks before the invoice is sent. */
export const oneTouchRouteTable: RouteObject[] = [
  lazyRoute(INVOICE_CONFIRM_PAGE, () => import('./routes/invoice-confirm'), 'InvoiceConfirmPage'),
];
