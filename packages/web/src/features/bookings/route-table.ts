import { bookingRoutes, DEEP_LINK_PATH } from '@selfserve/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-route';

const mainPage = () => import('./routes/main');
const bookingsPage = () => import('./routes/bookings');
const bdetailsPage = () => import('./routes/bdetails');
const bookingArticlePage = () => import('./routes/booking-article');

/** Bookings (spec §2): every page sends visitors to /home itself, each page its own chunk. */
export const bookingRouteTable: RouteObject[] = [
  lazyRoute(bookingRoutes.main, mainPage, 'MainPage'),
  lazyRoute(bookingRoutes.bookings, bookingsPage, 'BookingsPage'),
  lazyRoute(bookingRoutes.bookingsDefault, bookingsPage, 'BookingsPage'),
  lazyRoute(bookingRoutes.myRides, bookingsPage, 'MyRidesPage'),
  lazyRoute(bookingRoutes.bookingDetails, bdetailsPage, 'BookingDetailsPage'),
  lazyRoute(`${bookingRoutes.bdetails}/:crn?`, bdetailsPage, 'BdetailsPage'),
  lazyRoute('/:crn/dreport/:articleId/:bookingId?/:carCategory?', bookingArticlePage, 'BookingArticlePage'),
  lazyRoute('/support/:bid/dreport/:articleId', bookingArticlePage, 'SupportBookingArticlePage'),
  lazyRoute(bookingRoutes.dsection, bookingArticlePage, 'DsectionPage'),
  lazyRoute('/:crn/dsection', bookingArticlePage, 'DsectionPage'),
  lazyRoute('/bookingsByType/:articleId/:previous', () => import('./routes/bookings-by-type'), 'BookingsByTypePage'),
  lazyRoute(DEEP_LINK_PATH, () => import('./routes/deep-link'), 'DeepLinkPage'),
  // Static, so it outranks /report/{tag}/default whatever the order of the tables.
  lazyRoute(bookingRoutes.viewInvoice, () => import('./routes/invoices'), 'InvoiceViewPage'),
];
