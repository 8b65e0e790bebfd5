import {
  bookingPaths,
  type CustomerBooking,
  kbPaths,
  messages,
  orderPaths,
  withCrnCheckDigit,
} from '@selfserve/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BdetailsPage, BookingDetailsPage } from '../src/features/bookings/routes/bdetails';
import {
  BookingArticlePage,
  DsectionPage,
  SupportBookingArticlePage,
} from '../src/features/bookings/routes/booking-article';
import { BookingsPage, MyRidesPage } from '../src/features/bookings/routes/bookings';
import { BookingsByTypePage } from '../src/features/bookings/routes/bookings-by-type';
import { MainPage } from '../src/features/bookings/routes/main';
import { bookingSectionStore } from '../src/lib/bookings/selection';
import { selectedBookingStore, setSelectedBooking } from '../src/lib/selected-booking';
import type { SessionState } from '../src/lib/session';
import { booking, bookings, validCrn } from './booking-fixtures';
import { article, articleResponse, category, leaf, metaResponse, summary } from './kb-fixtures';
import { type FetchHandler, jsonResponse, mockFetch, renderAppRoutes, riya, userInfo } from './utils';

const sunil = {
  ...riya,
  id: 'u_food_rider',
  email: 'sunil.rider@example.in',
  name: 'Sunil Kumar',
  role: 'food_delivery_rider' as const,
  is_member: false,
};

const signedIn: Partial<SessionState> = {
  user: { ...riya, is_member: false },
  userInfo: userInfo({ email: riya.email, name: riya.name, is_select: false, active_subscription: null }),
  userInfoStatus: 'success',
};

function failure(status: number, code: string, message: string) {
  return jsonResponse({ status: 'FAILURE', error: { code, message } }, status);
}

const feeCategory = category('101100', 'Cancellation fee charged', [
  leaf('101101', 'Dispute the cancellation fee', '101100'),
  {
    ...summary('101110', 'Fee questions', { type: 'sub_category', parent_id: '101100' }),
    articles: [leaf('101111', 'Why was I charged?', '101110')],
  },
]);
const charged = booking({ status: 'cancelled', fare: 50, context: 'rides_Cancelled_Charged' });

/** The API a signed-in customer with one cancelled-and-charged ride sees. */
function serveBookingApi(extra: Record<string, FetchHandler> = {}) {
  return mockFetch({
    [bookingPaths.getByCrn]: (url) =>
      url.searchParams.get('ref_no') === charged.crn
        ? jsonResponse({ status: 'SUCCESS', data: charged })
        : failure(404, 'NOT_FOUND', messages.bookingNotFound),
    [bookingPaths.details]: (url) =>
      url.searchParams.get('id') === charged.id
        ? jsonResponse({
            status: 'SUCCESS',
            stop_at: null,
            driver_phone: null,
            imei: null,
            cash_involved: false,
            city: 'Bengaluru',
            data: charged,
          })
        : failure(404, 'NOT_FOUND', messages.bookingNotFound),
    [kbPaths.meta]: (url) =>
      url.searchParams.get('booking_id') === charged.crn
        ? jsonResponse({ ...metaResponse([feeCategory]), context: 'rides_Cancelled_Charged' })
        : jsonResponse(metaResponse([])),
    [kbPaths.articles]: (url) =>
      jsonResponse(
        articleResponse(article({ id: url.searchParams.get('id') ?? '', title: 'Dispute the cancellation fee' })),
      ),
    '/user_tracking/add_track': () => jsonResponse({ status: 'SUCCESS' }),
    ...extra,
  });
}

function renderRoutes(entry: string, session: Partial<SessionState> = signedIn) {
  return renderAppRoutes(
    [
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/main', element: <MainPage /> },
      { path: '/bookings', element: <BookingsPage /> },
      { path: '/myrides', element: <MyRidesPage /> },
      { path: '/bookingdetails', element: <BookingDetailsPage /> },
      { path: '/bdetails/:crn?', element: <BdetailsPage /> },
      { path: '/:crn/dreport/:articleId/:bookingId?/:carCategory?', element: <BookingArticlePage /> },
      { path: '/support/:bid/dreport/:articleId', element: <SupportBookingArticlePage /> },
      { path: '/dsection', element: <DsectionPage /> },
      { path: '/:crn/dsection', element: <DsectionPage /> },
      { path: '/bookingsByType/:articleId/:previous', element: <BookingsByTypePage /> },
      { path: '/dreport/:articleId', element: <h1>Dreport page</h1> },
    ],
    { initialEntries: [entry] },
    session,
  ).router;
}

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  window.sessionStorage.clear();
  setSelectedBooking(null);
  bookingSectionStore.set(null);
  window.history.replaceState({ idx: 0 }, '');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/bdetails/{crn}', () => {
  it('rejects an invalid CRN without asking the server, clearing the selected booking', async () => {
    const fetchMock = serveBookingApi();
    setSelectedBooking({ id: 'bk_old', crn: validCrn });
    const bad = `${validCrn.slice(0, -1)}${(Number(validCrn.at(-1)) + 1) % 10}`;
    renderRoutes(`/bdetails/${bad}`);
    expect(await h1(messages.bookingNotFound)).toBeInTheDocument();
    await waitFor(() => expect(selectedBookingStore.get()).toBeNull());
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith(bookingPaths.getByCrn))).toBe(false);
  });

  it.each(['12ab567890', '123'])('treats %s as not found', async (crn) => {
    serveBookingApi();
    renderRoutes(`/bdetails/${crn}`);
    expect(await h1(messages.bookingNotFound)).toBeInTheDocument();
  });

  it("shows 'Booking Not found.' when the server has no such booking", async () => {
    serveBookingApi();
    renderRoutes(`/bdetails/${withCrnCheckDigit('123456789')}`);
    expect(await h1(messages.bookingNotFound)).toBeInTheDocument();
  });

  it("shows the booking card and 'Choose an Issue' with the categories of its state", async () => {
    const fetchMock = serveBookingApi();
    renderRoutes(`/bdetails/${charged.crn}`);
    expect(await h1(messages.chooseAnIssue)).toBeInTheDocument();
    const card = screen.getByTestId('booking-card');
    expect(within(card).getByTestId('booking-status')).toHaveTextContent('Cancelled');
    expect(within(card).getByTestId('booking-fare')).toHaveTextContent('₹50');
    const list = await screen.findByTestId('category-list');
    expect(within(list).getByRole('button', { name: 'Cancellation fee charged' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const children = screen.getByTestId('category-children');
    expect(within(children).getByRole('link', { name: 'Dispute the cancellation fee' })).toHaveAttribute(
      'href',
      `/${charged.crn}/dreport/101101`,
    );
    expect(within(children).getByRole('link', { name: 'Fee questions' })).toHaveAttribute(
      'href',
      `/${charged.crn}/dsection`,
    );
    // The categories are asked for this booking; the server derives its help context.
    const metaCall = fetchMock.mock.calls.find(([input]) => String(input).startsWith(kbPaths.meta));
    expect(new URL(String(metaCall?.[0]), 'http://localhost').searchParams.get('booking_id')).toBe(charged.crn);
    await waitFor(() =>
      expect(selectedBookingStore.get()).toEqual({
        id: charged.id,
        crn: charged.crn,
        cab_category: 'prime',
        city: charged.city,
      }),
    );
    expect(await screen.findByTestId('booking-details')).toHaveTextContent('Bengaluru');
  });

  it('always offers write to us and call us for the booking, even with no help topics for its state', async () => {
    serveBookingApi({ [kbPaths.meta]: () => jsonResponse(metaResponse([])) });
    renderRoutes(`/bdetails/${charged.crn}`);
    expect(await h1(messages.chooseAnIssue)).toBeInTheDocument();
    const contact = await screen.findByTestId('booking-contact');
    expect(within(contact).getByRole('link', { name: 'Write to us' })).toHaveAttribute(
      'href',
      `/${charged.crn}/dwritetous/100607`,
    );
    expect(within(contact).getByRole('link', { name: 'Call us' })).toHaveAttribute(
      'href',
      `/callUs?booking_id=${charged.id}`,
    );
  });

  it.each<[string, Partial<CustomerBooking>, string]>([
    ['a UK rider', { country: 'GB', cab_category: 'sedan' }, '180302'],
    ['an Australian rider', { country: 'AU', cab_category: 'sedan' }, '161001'],
    ['an auto ride', { cab_category: 'auto' }, '100607'],
  ])('writes to us through the write-to-us article of the booking’s index for %s', async (_who, b, articleId) => {
    const country = b.country ?? 'IN';
    const ride = { ...charged, ...b };
    serveBookingApi({
      [bookingPaths.getByCrn]: () => jsonResponse({ status: 'SUCCESS', data: ride }),
      [kbPaths.meta]: () => jsonResponse(metaResponse([])),
    });
    renderRoutes(`/bdetails/${charged.crn}`, {
      ...signedIn,
      user: { ...riya, is_member: false, country_code: country },
    });
    const contact = await screen.findByTestId('booking-contact');
    expect(within(contact).getByRole('link', { name: 'Write to us' })).toHaveAttribute(
      'href',
      `/${charged.crn}/dwritetous/${articleId}`,
    );
  });

  it('leaves out a channel whose master switch is off', async () => {
    serveBookingApi();
    renderRoutes(`/bdetails/${charged.crn}`, {
      ...signedIn,
      switches: { write_to_us: true, call_us: false, chat: true },
    });
    const contact = await screen.findByTestId('booking-contact');
    expect(within(contact).getByRole('link', { name: 'Write to us' })).toBeInTheDocument();
    expect(within(contact).queryByRole('link', { name: 'Call us' })).not.toBeInTheDocument();
  });

  it('opens a section of the booking as /{crn}/dsection', async () => {
    serveBookingApi();
    const router = renderRoutes(`/bdetails/${charged.crn}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Fee questions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${charged.crn}/dsection`));
    expect(bookingSectionStore.get()).toEqual({ crn: charged.crn, sectionId: '101110' });
  });

  it('sends bare /bdetails to /main', async () => {
    serveBookingApi({ [bookingPaths.list]: () => jsonResponse(listPage(1, 0, false)) });
    const router = renderRoutes('/bdetails');
    await h1(messages.helpWithLastBookings);
    expect(router.state.location.pathname).toBe('/main');
  });
});

describe('booking pages for visitors', () => {
  it.each([
    '/main',
    '/bookings',
    '/myrides?previous=home',
    '/bookingdetails',
    `/bdetails/${validCrn}`,
    `/${validCrn}/dreport/101101`,
    '/support/bk_riya_001/dreport/101101',
    '/dsection',
    '/bookingsByType/101101/home',
  ])('%s sends a visitor to /home', async (path) => {
    const fetchMock = mockFetch({});
    const router = renderRoutes(path, { user: null });
    await h1('Home page');
    expect(router.state.location.pathname).toBe('/home');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

function listPage(page: number, n: number, more: boolean) {
  return {
    status: 'SUCCESS',
    data: bookings(n, (page - 1) * 25),
    next_page: more,
    page_key: more ? `key-${page + 1}` : null,
  };
}

describe('/main', () => {
  it("shows 'Help with your last bookings?' and the user's bookings, each opening its help", async () => {
    serveBookingApi({ [bookingPaths.list]: () => jsonResponse(listPage(1, 3, false)) });
    const router = renderRoutes('/main');
    expect(await h1(messages.helpWithLastBookings)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('booking-card');
    expect(cards).toHaveLength(3);
    const first = bookings(1)[0] as CustomerBooking;
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bdetails/${first.crn}`));
    expect(selectedBookingStore.get()).toEqual({
      id: first.id,
      crn: first.crn,
      cab_category: 'prime',
      city: first.city,
    });
  });

  it("says 'No booking found' when there are none", async () => {
    mockFetch({ [bookingPaths.list]: () => jsonResponse(listPage(1, 0, false)) });
    renderRoutes('/main');
    expect(await screen.findByTestId('booking-list-empty')).toHaveTextContent(messages.noBookingFound);
  });

  it('shows the retry text when the list fails, and loads it on retry', async () => {
    let fail = true;
    mockFetch({
      [bookingPaths.list]: () => (fail ? failure(500, 'INTERNAL', 'Boom') : jsonResponse(listPage(1, 2, false))),
    });
    renderRoutes('/main');
    expect(await screen.findByTestId('booking-list-error')).toHaveTextContent(messages.retry);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('booking-card')).toHaveLength(2);
  });

  it('tells a food-delivery rider why the list is refused and what to do instead, with no retry', async () => {
    const fetchMock = mockFetch({
      [bookingPaths.list]: () => failure(403, 'foodRiderNoBookings', messages.foodRiderNoBookings),
    });
    renderRoutes('/main', { ...signedIn, user: sunil });
    const refused = await screen.findByTestId('booking-list-refused');
    expect(refused).toHaveTextContent(messages.foodRiderNoBookings);
    expect(within(refused).getByRole('link', { name: 'See help topics' })).toHaveAttribute('href', '/home');
    // Straight to the food-delivery riders' write-to-us form, not the page that asks for a ride first.
    expect(within(refused).getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/dwritetous/260105');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText(messages.retry)).not.toBeInTheDocument();
    // A permanent refusal is asked once: no automatic retries either.
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith(bookingPaths.list))).toHaveLength(1);
  });

  it('shows the refusal on /bookings too, without write to us when its switch is off', async () => {
    mockFetch({ [bookingPaths.list]: () => failure(403, 'foodRiderNoBookings', messages.foodRiderNoBookings) });
    renderRoutes('/bookings', {
      ...signedIn,
      user: sunil,
      switches: { write_to_us: false, call_us: true, chat: true },
    });
    const refused = await screen.findByTestId('booking-list-refused');
    expect(within(refused).queryByRole('link', { name: 'Write to us' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('booking-list-error')).not.toBeInTheDocument();
  });

  it('asks for page 2 with the key page 1 gave, and a failed page ends paging with the retry text', async () => {
    const fetchMock = mockFetch({
      [bookingPaths.list]: (url) =>
        url.searchParams.get('page_no') === '1'
          ? jsonResponse(listPage(1, 25, true))
          : failure(500, 'INTERNAL', 'Boom'),
    });
    renderRoutes('/main');
    expect(await screen.findAllByTestId('booking-card')).toHaveLength(25);
    // jsdom has no layout: the page counts as scrolled to the bottom, so page 2 is asked at once.
    expect(await screen.findByTestId('booking-list-error')).toHaveTextContent(messages.retry);
    const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(calls.map((u) => [u.searchParams.get('page_no'), u.searchParams.get('page_key')])).toEqual([
      ['1', null],
      ['2', 'key-2'],
    ]);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getAllByTestId('booking-card')).toHaveLength(25);
  });

  it('stops after page 10', async () => {
    const fetchMock = mockFetch({
      [bookingPaths.list]: (url) => {
        const page = Number(url.searchParams.get('page_no'));
        // The server would stop too; this one keeps offering pages to prove the client's own limit.
        return jsonResponse(listPage(page, 25, true));
      },
    });
    renderRoutes('/main');
    await waitFor(() => expect(screen.getAllByTestId('booking-card')).toHaveLength(250));
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(10);
    expect(screen.getByTestId('booking-list')).toHaveAttribute('data-pages', '10');
  }, 15_000); // ten pages of cards: slow on a loaded 2-core machine

  it('lists the orders in their own tab', async () => {
    mockFetch({
      [bookingPaths.list]: () => jsonResponse(listPage(1, 1, false)),
      [orderPaths.list]: () =>
        jsonResponse({
          status: 'SUCCESS',
          data: [
            {
              order_id: 'ODR-1',
              order_type: 'ondc',
              order_status: 'DELIVERED',
              amount: 1299,
              currency_symbol: '₹',
              modified_at: '2026-11-01T10:00:00.000Z',
              items: [],
              customer_details: { name: null, contact: null, email: null, user_id: 'u-riya' },
            },
            {
              order_id: 'PCL-1',
              order_type: 'parcel',
              order_status: 'IN_TRANSIT',
              amount: 80,
              currency_symbol: '₹',
              modified_at: '2026-11-01T10:00:00.000Z',
              items: [],
              customer_details: { name: null, contact: null, email: null, user_id: 'u-riya' },
            },
          ],
        }),
    });
    const router = renderRoutes('/main');
    const ordersTab = await screen.findByRole('tab', { name: 'Orders' });
    expect(screen.getByRole('tab', { name: 'Rides' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(ordersTab);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=orders'));
    expect(ordersTab).toHaveAttribute('aria-selected', 'true');
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/orders/ondc/ODR-1');
    expect(within(cards[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByTestId('order-amount')).toHaveTextContent('₹1,299');
    // Arrow keys move between the tabs.
    fireEvent.keyDown(ordersTab, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Rides' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: 'Rides' })).toHaveFocus();
  });
});

describe('other booking lists', () => {
  it('/bookings lists the rides; choosing one opens /bdetails/{crn}', async () => {
    mockFetch({ [bookingPaths.list]: () => jsonResponse(listPage(1, 2, false)) });
    const router = renderRoutes('/bookings');
    await h1('My Bookings');
    const cards = await screen.findAllByTestId('booking-card');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bdetails/${bookings(2)[1]?.crn}`));
  });

  it('/myrides?previous=home goes back to /home', async () => {
    mockFetch({ [bookingPaths.list]: () => jsonResponse(listPage(1, 1, false)) });
    renderRoutes('/myrides?previous=home');
    await h1('My Rides');
    expect(screen.getByTestId('kb-back')).toHaveAttribute('href', '/home');
  });

  it("/bookingsByType lists the article's bookings; choosing one selects it and opens /dreport/{id}", async () => {
    const fetchMock = mockFetch({
      [bookingPaths.byType]: () =>
        jsonResponse({ status: 'SUCCESS', bookings: bookings(2), page_no: 1, page_key: null }),
    });
    const router = renderRoutes('/bookingsByType/101101/home');
    await h1('Bookings');
    expect(screen.getByText(messages.selectYourBooking)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Select your booking/));
    const cards = await screen.findAllByTestId('booking-card');
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('link'));
    await h1('Dreport page');
    expect(router.state.location.pathname).toBe('/dreport/101101');
    expect(selectedBookingStore.get()?.id).toBe('bk_0');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('article_id')).toBe('101101');
  });

  it("/bookingsByType says 'No bookings found' when none fit", async () => {
    mockFetch({
      [bookingPaths.byType]: () => jsonResponse({ status: 'SUCCESS', bookings: [], page_no: 1, page_key: null }),
    });
    renderRoutes('/bookingsByType/101101/home');
    expect(await screen.findByTestId('booking-list-empty')).toHaveTextContent(messages.noBookingsFound);
  });
});

describe('articles in a booking context', () => {
  it('/{crn}/dreport/{id} shows the booking above the article', async () => {
    serveBookingApi();
    renderRoutes(`/${charged.crn}/dreport/101101`);
    expect(await h1('Dispute the cancellation fee')).toBeInTheDocument();
    expect(within(screen.getByTestId('booking-context')).getByTestId('booking-card')).toHaveAttribute(
      'data-crn',
      charged.crn,
    );
  });

  it("/{crn}/dreport/{id} shows 'Booking Not found.' for an unknown booking", async () => {
    serveBookingApi();
    renderRoutes(`/${withCrnCheckDigit('123456789')}/dreport/101101`);
    expect(await h1(messages.bookingNotFound)).toBeInTheDocument();
  });

  it('/support/{bid}/dreport/{id} shows the card of the user’s own booking above the article', async () => {
    serveBookingApi();
    renderRoutes(`/support/${charged.id}/dreport/101101`);
    expect(await h1('Dispute the cancellation fee')).toBeInTheDocument();
    const card = within(screen.getByTestId('booking-context')).getByTestId('booking-card');
    expect(card).toHaveAttribute('data-crn', charged.crn);
    expect(within(card).getByTestId('booking-status')).toHaveTextContent('Cancelled');
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/bdetails/${charged.crn}`);
    await waitFor(() =>
      expect(selectedBookingStore.get()).toEqual({
        id: charged.id,
        crn: charged.crn,
        cab_category: 'prime',
        city: charged.city,
      }),
    );
  });

  it("/support/{bid}/dreport/{id} shows 'Booking Not found.' for someone else's booking", async () => {
    serveBookingApi();
    renderRoutes('/support/bk_other/dreport/101101');
    expect(await h1(messages.bookingNotFound)).toBeInTheDocument();
    expect(screen.queryByTestId('booking-card')).not.toBeInTheDocument();
  });
});

describe('/dsection and /bookingdetails', () => {
  it('/{crn}/dsection without a chosen section goes to the booking help', async () => {
    serveBookingApi();
    const router = renderRoutes(`/${charged.crn}/dsection`);
    await h1(messages.chooseAnIssue);
    expect(router.state.location.pathname).toBe(`/bdetails/${charged.crn}`);
  });

  it('/dsection without a booking goes to /main', async () => {
    serveBookingApi({ [bookingPaths.list]: () => jsonResponse(listPage(1, 0, false)) });
    const router = renderRoutes('/dsection');
    await h1(messages.helpWithLastBookings);
    expect(router.state.location.pathname).toBe('/main');
  });

  it('/dsection shows the chosen section of the selected booking', async () => {
    serveBookingApi();
    setSelectedBooking({ id: charged.id, crn: charged.crn });
    bookingSectionStore.set({ crn: charged.crn, sectionId: '101110' });
    renderRoutes('/dsection');
    expect(await h1('Dispute the cancellation fee')).toBeInTheDocument();
  });

  it('/bookingdetails shows the selected booking, else goes to /main', async () => {
    serveBookingApi({ [bookingPaths.list]: () => jsonResponse(listPage(1, 0, false)) });
    setSelectedBooking({ id: charged.id, crn: charged.crn });
    renderRoutes('/bookingdetails');
    expect(await h1(messages.chooseAnIssue)).toBeInTheDocument();
  });

  it('/bookingdetails without a selection goes to /main', async () => {
    serveBookingApi({ [bookingPaths.list]: () => jsonResponse(listPage(1, 0, false)) });
    const router = renderRoutes('/bookingdetails');
    await h1(messages.helpWithLastBookings);
    expect(router.state.location.pathname).toBe('/main');
  });
});
