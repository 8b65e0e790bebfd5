import { ticketRoutes } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

const writeToUsPage = () => import('./routes/write-to-us');
const reportPage = () => import('./routes/report');

/** Write to us, completion and tickets (spec §2): each page its own chunk; pages needing a user check it themselves. */
export const ticketRouteTable: RouteObject[] = [
  lazyRoute(ticketRoutes.writeToUs, writeToUsPage, 'WriteToUsPage'),
  lazyRoute(ticketRoutes.writeToUsDefault, writeToUsPage, 'WriteToUsPage'),
  lazyRoute('/dwritetous/:articleId?', writeToUsPage, 'DwritetousPage'),
  lazyRoute('/:crn/dwritetous/:articleId', writeToUsPage, 'BookingWriteToUsPage'),
  lazyRoute('/write_to_us/:source/:context/dreport/:id', reportPage, 'WriteToUsArticlePage'),
  lazyRoute('/report/:articleId', reportPage, 'ReportPage'),
  lazyRoute('/report/:tag/default', reportPage, 'ReportTagPage'),
  lazyRoute('/report/:context/:previous', reportPage, 'ReportTagPage'),
  lazyRoute(ticketRoutes.dsuccess, () => import('./routes/dsuccess'), 'DsuccessPage'),
  lazyRoute(ticketRoutes.verifyEmail, () => import('./routes/verify-email'), 'VerifyEmailPage'),
  lazyRoute(ticketRoutes.tickets, () => import('./routes/tickets'), 'TicketsPage'),
];
