import {
  bookingRoutes,
  DEEP_LINK_PATH,
  INVOICE_CONFIRM_PAGE,
  routes,
  type SessionResponse,
  ticketRoutes,
} from '@selfserve/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { sessionQueryKey, sessionQueryOptions } from '../features/auth/api/get-session';
import { configureApiClient } from '../lib/api-client';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';
import { UnmatchedRoute } from './unmatched-route';

function PageLoader() {
  return <Loader fullPage />;
}

const sectionPage = () => import('../features/kb/routes/section');
const articlePage = () => import('../features/kb/routes/article');
const dreportPage = () => import('../features/kb/routes/dreport');
const kbPage = () => import('../features/kb/routes/kb');

/** The knowledge base (spec §2): open to visitors, each page its own chunk. */
const kbRouteObjects: RouteObject[] = [
  { path: '/search', lazy: () => import('../features/kb/routes/search').then((m) => ({ Component: m.SearchPage })) },
  { path: '/section', lazy: () => sectionPage().then((m) => ({ Component: m.SectionPage })) },
  { path: '/section/driver_default', lazy: () => sectionPage().then((m) => ({ Component: m.SectionPage })) },
  { path: '/subsection', lazy: () => sectionPage().then((m) => ({ Component: m.SubsectionPage })) },
  { path: '/mainarticle', lazy: () => articlePage().then((m) => ({ Component: m.MainArticlePage })) },
  { path: '/article', lazy: () => articlePage().then((m) => ({ Component: m.LastArticlePage })) },
  { path: '/article/:id', lazy: () => articlePage().then((m) => ({ Component: m.ArticlePage })) },
  { path: '/article/:id/:flag/driver_default', lazy: () => articlePage().then((m) => ({ Component: m.ArticlePage })) },
  {
    path: '/articles',
    lazy: () => import('../features/kb/routes/driver-articles').then((m) => ({ Component: m.DriverArticlesPage })),
  },
  { path: '/dreport/:articleId?/:type?', lazy: () => dreportPage().then((m) => ({ Component: m.DreportPage })) },
  {
    path: '/support/dreport/:articleId/select',
    lazy: () => dreportPage().then((m) => ({ Component: m.SupportSelectArticlePage })),
  },
  { path: '/kb', lazy: () => kbPage().then((m) => ({ Component: m.KbPage })) },
  { path: '/kb/:id1', lazy: () => kbPage().then((m) => ({ Component: m.KbPage })) },
  { path: '/kb/:id1/:id2', lazy: () => kbPage().then((m) => ({ Component: m.KbPage })) },
  { path: '/kb/:id1/:id2/:id3', lazy: () => kbPage().then((m) => ({ Component: m.KbPage })) },
  {
    path: '/simple_article',
    lazy: () => import('../features/kb/routes/simple-article').then((m) => ({ Component: m.SimpleArticlePage })),
  },
  // Last: on a tie in rank (/kb/x against /{id}/mainsection) React Router prefers the earlier route.
  { path: '/:categoryId/mainsection', lazy: () => sectionPage().then((m) => ({ Component: m.MainSectionPage })) },
];

const mainPage = () => import('../features/bookings/routes/main');
const bookingsPage = () => import('../features/bookings/routes/bookings');
const bdetailsPage = () => import('../features/bookings/routes/bdetails');
const bookingArticlePage = () => import('../features/bookings/routes/booking-article');

/** Bookings and orders (spec §2): every page sends visitors to /home itself, each page its own chunk. */
const bookingRouteObjects: RouteObject[] = [
  { path: bookingRoutes.main, lazy: () => mainPage().then((m) => ({ Component: m.MainPage })) },
  { path: bookingRoutes.bookings, lazy: () => bookingsPage().then((m) => ({ Component: m.BookingsPage })) },
  { path: bookingRoutes.bookingsDefault, lazy: () => bookingsPage().then((m) => ({ Component: m.BookingsPage })) },
  { path: bookingRoutes.myRides, lazy: () => bookingsPage().then((m) => ({ Component: m.MyRidesPage })) },
  {
    path: bookingRoutes.bookingDetails,
    lazy: () => bdetailsPage().then((m) => ({ Component: m.BookingDetailsPage })),
  },
  {
    path: `${bookingRoutes.bookingDetails}/billing_issue/:source`,
    lazy: () => import('../features/bookings/routes/billing-issue').then((m) => ({ Component: m.BillingIssuePage })),
  },
  { path: '/bdetails/:crn?', lazy: () => bdetailsPage().then((m) => ({ Component: m.BdetailsPage })) },
  {
    path: '/:crn/dreport/:articleId/:bookingId?/:carCategory?',
    lazy: () => bookingArticlePage().then((m) => ({ Component: m.BookingArticlePage })),
  },
  {
    path: '/support/:bid/dreport/:articleId',
    lazy: () => bookingArticlePage().then((m) => ({ Component: m.SupportBookingArticlePage })),
  },
  { path: bookingRoutes.dsection, lazy: () => bookingArticlePage().then((m) => ({ Component: m.DsectionPage })) },
  { path: '/:crn/dsection', lazy: () => bookingArticlePage().then((m) => ({ Component: m.DsectionPage })) },
  {
    path: '/bookingsByType/:articleId/:previous',
    lazy: () =>
      import('../features/bookings/routes/bookings-by-type').then((m) => ({ Component: m.BookingsByTypePage })),
  },
  {
    path: '/orders/:kind/:orderId',
    lazy: () => import('../features/orders/routes/order-help').then((m) => ({ Component: m.OrderHelpPage })),
  },
  {
    path: DEEP_LINK_PATH,
    lazy: () => import('../features/bookings/routes/deep-link').then((m) => ({ Component: m.DeepLinkPage })),
  },
];

const writeToUsPage = () => import('../features/tickets/routes/write-to-us');
const reportPage = () => import('../features/tickets/routes/report');

/** Write to us, completion and tickets (spec §2): each page its own chunk; pages needing a user check it themselves. */
const ticketRouteObjects: RouteObject[] = [
  { path: ticketRoutes.writeToUs, lazy: () => writeToUsPage().then((m) => ({ Component: m.WriteToUsPage })) },
  { path: ticketRoutes.writeToUsDefault, lazy: () => writeToUsPage().then((m) => ({ Component: m.WriteToUsPage })) },
  { path: '/dwritetous/:articleId?', lazy: () => writeToUsPage().then((m) => ({ Component: m.DwritetousPage })) },
  {
    path: '/:crn/dwritetous/:articleId',
    lazy: () => writeToUsPage().then((m) => ({ Component: m.BookingWriteToUsPage })),
  },
  {
    path: '/write_to_us/:source/:context/dreport/:id',
    lazy: () => reportPage().then((m) => ({ Component: m.WriteToUsArticlePage })),
  },
  { path: '/report/:articleId', lazy: () => reportPage().then((m) => ({ Component: m.ReportPage })) },
  { path: '/report/:tag/default', lazy: () => reportPage().then((m) => ({ Component: m.ReportTagPage })) },
  { path: '/report/:context/:previous', lazy: () => reportPage().then((m) => ({ Component: m.ReportTagPage })) },
  {
    path: ticketRoutes.dsuccess,
    lazy: () => import('../features/tickets/routes/dsuccess').then((m) => ({ Component: m.DsuccessPage })),
  },
  {
    path: ticketRoutes.verifyEmail,
    lazy: () => import('../features/tickets/routes/verify-email').then((m) => ({ Component: m.VerifyEmailPage })),
  },
  {
    path: ticketRoutes.tickets,
    lazy: () => import('../features/tickets/routes/tickets').then((m) => ({ Component: m.TicketsPage })),
  },
  {
    path: INVOICE_CONFIRM_PAGE,
    lazy: () =>
      import('../features/onetouch/routes/invoice-confirm').then((m) => ({ Component: m.InvoiceConfirmPage })),
  },
  {
    path: ticketRoutes.devOutbox,
    lazy: () => import('../features/mail/routes/outbox').then((m) => ({ Component: m.OutboxPage })),
  },
];

/** Every page is its own chunk; the shell and these few lines are all the first page pays for routing. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: AppShell,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteError,
      // Know who the user is before the first page renders, so nothing flashes from visitor to user.
      loader: async ({ request }) => {
        const pending = queryClient.ensureQueryData(sessionQueryOptions());
        // The refresh page must render even when the session cannot be fetched at all.
        if (new URL(request.url).pathname === routes.loginRefresh) {
          pending.catch(() => {});
          return null;
        }
        try {
          await pending;
        } catch {
          // Without a session the app still renders for a visitor; the API client decides on redirects.
        }
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            {
              path: routes.home,
              lazy: () => import('../features/kb/routes/home').then((m) => ({ Component: m.HomePage })),
            },
            {
              path: routes.selfServe,
              lazy: () => import('../features/kb/routes/home').then((m) => ({ Component: m.HomePage })),
            },
            ...kbRouteObjects,
            ...bookingRouteObjects,
            ...ticketRouteObjects,
            {
              path: routes.login,
              lazy: () => import('../features/auth/routes/login').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: routes.loginRefresh,
              lazy: () =>
                import('../features/auth/routes/login-refresh').then((m) => ({ Component: m.LoginRefreshPage })),
            },
            {
              path: routes.articleNotFound,
              lazy: () => import('../components/article-not-found').then((m) => ({ Component: m.ArticleNotFound })),
            },
            { path: '*', Component: UnmatchedRoute },
          ],
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(createAppRoutes(queryClient));

  const isHeadingTo = (path: string) =>
    router.state.location.pathname === path || router.state.navigation.location?.pathname === path;

  configureApiClient({
    isInApp: () => queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.in_app ?? false,
    // Spec §6: outside the app an unauthorized answer logs the user out in this browser.
    onUnauthorized: () => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (old) => (old ? { ...old, user: null } : old));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      if (!isHeadingTo(routes.home)) void router.navigate(routes.home, { replace: true });
    },
    // Spec §6: no response at all (outside the app) sends the user to the login refresh page.
    onNoResponse: () => {
      if (!isHeadingTo(routes.loginRefresh)) void router.navigate(routes.loginRefresh);
    },
  });
  return router;
}
