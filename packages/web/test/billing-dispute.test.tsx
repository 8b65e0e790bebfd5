import {
  adjustedBill,
  type Bill,
  type BillResponse,
  bookingPaths,
  IDEMPOTENCY_HEADER,
  kbPaths,
  labPaths,
  messages,
  type OneTouchResult,
  oneTouchPaths,
} from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { BillingIssuePage } from '../src/app/pages/billing-issue';
import { BillBreakdown } from '../src/components/bill/bill-breakdown';
import { ResultDialog } from '../src/components/one-touch/result-dialog';
import { MainPage } from '../src/features/bookings/routes/main';
import { flowFormFor, flowForms } from '../src/features/flows/flow-forms';
import { setLocale } from '../src/lib/i18n';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { booking as customerBooking } from './booking-fixtures';
import { article, metaResponse } from './kb-fixtures';
import { type FetchHandler, jsonResponse, mockFetch, renderAppRoutes, renderWithSession, riya } from './utils';

const booking = { id: 'b-1', crn: '1234567890', cab_category: 'mini' };

const bill: Bill = {
  currency_country: 'IN',
  lines: [
    { key: 'base_fare', amount: 50 },
    { key: 'distance', amount: 200 },
    { key: 'peak', amount: 0 },
    { key: 'waiting', amount: 20 },
    { key: 'taxes', amount: 14 },
  ],
  total: 284,
  distance_km: 12.4,
  route_km: 9.1,
  ride_minutes: 31,
  waiting_minutes: 2,
  estimated_fare: 230,
};

/** content/kb/customer/101001-charged-more-than-estimate.md in miniature. */
const fareArticle = article({
  id: '101001',
  title: 'I was charged more than the estimate',
  labels: { one_touch: true, call_type: 'fare_higher_than_estimate', context: 'rides_completed' },
  options: [
    { text: "I didn't change the drop location or add stops", value: 'no_route_change' },
    { text: "I was charged waiting time I shouldn't pay", value: 'wrong_waiting_charge' },
    { text: "I was charged a toll or parking I didn't pass", value: 'wrong_toll', article_id: '101003' },
    {
      text: 'I paid in cash',
      value: 'paid_cash',
      showCustomMessage: true,
      customMessageHeading: 'Cash rides',
      customMessage: 'Cash rides are settled with the driver.',
    },
  ],
});

const billBody = (overrides: Partial<BillResponse> = {}): BillResponse => ({
  status: 'SUCCESS',
  booking_id: booking.id,
  crn: booking.crn,
  bill,
  map_url: '/img/maps/route-2.svg',
  dispute: null,
  ...overrides,
});

const adjustedAnswer = {
  status: 'SUCCESS',
  title: 'Fare adjusted',
  message: 'We checked your ride. We have added ₹57 to your wallet.',
  ticket_request_id: null,
  csat_required: false,
  side_load: {},
  bill: adjustedBill(bill, 57),
  distance: '12.4 km',
  map_url: '/img/maps/route-2.svg',
};

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];
const submits = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes(oneTouchPaths.submitV1));

function renderPanel(a = fareArticle) {
  return renderWithSession(
    <Routes>
      <Route path="/article" element={<ArticleFlowPanel article={a} onReload={() => {}} />} />
      <Route path="/dreport/:id" element={<p>Opened article</p>} />
    </Routes>,
    { route: '/article', session: { user: riya } },
  );
}

const panel = () => screen.getByTestId('billing-dispute');

beforeEach(() => setSelectedBooking(booking));
afterEach(() => {
  setSelectedBooking(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BillBreakdown', () => {
  it('names every line, formats the amounts and shows the total and what to compare with', () => {
    renderWithSession(<BillBreakdown bill={bill} />);
    const table = screen.getByRole('table', { name: 'Your bill' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Base fare₹50',
      'Distance (12.4 km)₹200',
      'Peak-time charge₹0',
      'Waiting (2 min)₹20',
      'Taxes₹14',
      'Total₹284',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(screen.getByTestId('bill-estimate')).toHaveTextContent('Estimate at booking₹230');
    expect(screen.getByTestId('bill-charged-distance')).toHaveTextContent('Distance charged12.4 km');
    expect(screen.getByTestId('bill-route-distance')).toHaveTextContent('Route on the map9.1 km');
    expect(screen.getByTestId('bill-ride-time')).toHaveTextContent('Ride time31 min');
  });

  it('names the other lines, shows an adjustment as a minus amount and leaves out what was not recorded', () => {
    const other: Bill = {
      currency_country: 'GB',
      lines: [
        { key: 'distance', amount: 12.5 },
        { key: 'waiting', amount: 1.2 },
        { key: 'toll', amount: 5 },
        { key: 'cancellation_fee', amount: 3 },
        { key: 'adjustment', amount: -2.5 },
      ],
      total: 19.2,
      distance_km: null,
      route_km: null,
      ride_minutes: null,
      waiting_minutes: null,
      estimated_fare: null,
    };
    renderWithSession(<BillBreakdown bill={other} />);
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'Distance£12.50',
      'Waiting£1.20',
      'Toll and parking£5.00',
      'Cancellation fee£3.00',
      'Adjustment−£2.50',
      'Total£19.20',
    ]);
    expect(screen.queryByTestId('bill-estimate')).toBeNull();
    expect(screen.queryByTestId('bill-ride-time')).toBeNull();
  });

  it('shows the line names in Hindi', async () => {
    await setLocale('hi');
    try {
      renderWithSession(<BillBreakdown bill={bill} />);
      expect(screen.getByRole('table', { name: 'आपका बिल' })).toBeInTheDocument();
      expect(screen.getByRole('rowheader', { name: 'दूरी (12.4 किमी)' })).toBeInTheDocument();
    } finally {
      await setLocale('en');
    }
  });
});

describe('ResultDialog: the ride beside the answer', () => {
  const result = (overrides: Partial<OneTouchResult> = {}): OneTouchResult => ({
    state: 'SUCCESS',
    title: 'Fare adjusted',
    message: 'Added to your wallet.',
    ticketId: null,
    csatRequired: false,
    reload: false,
    redirectTo: null,
    sideLoad: {},
    mapUrl: null,
    distance: null,
    bill: null,
    ...overrides,
  });
  const renderDialog = (r: OneTouchResult) =>
    renderWithSession(
      <ResultDialog
        result={r}
        articleId="101001"
        articleTitle="I was charged more than the estimate"
        bookingId="b-1"
        allowCallUs
        allowWriteToUs
        onBack={() => {}}
      />,
      { session: { user: riya } },
    );

  it('shows the map, the distance and the bill when the answer carries them', () => {
    renderDialog(result({ mapUrl: '/img/maps/route-2.svg', distance: '12.4 km', bill: adjustedBill(bill, 57) }));
    const dialog = screen.getByRole('dialog', { name: 'Fare adjusted' });
    expect(within(dialog).getByRole('img', { name: 'Map of the ride from pickup to drop' })).toHaveAttribute(
      'src',
      '/img/maps/route-2.svg',
    );
    expect(within(dialog).getByTestId('onetouch-result-distance')).toHaveTextContent('Distance: 12.4 km');
    // The map zooms (core.md §9): pinch and double tap, and buttons for keyboard users.
    const zoom = within(dialog).getByTestId('onetouch-result-map-zoom');
    expect(within(zoom).getByRole('img', { name: 'Map of the ride from pickup to drop' })).toBeInTheDocument();
    expect(within(zoom).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Your bill' });
    expect(within(table).getByRole('row', { name: 'Adjustment −₹57' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Total ₹227' })).toBeInTheDocument();
  });

  it('shows none of them when the answer has none', () => {
    renderDialog(result());
    const dialog = screen.getByRole('dialog', { name: 'Fare adjusted' });
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(within(dialog).queryByTestId('onetouch-result-distance')).toBeNull();
  });

  it('a distance without a map stands on its own', () => {
    renderDialog(result({ distance: '3 km' }));
    expect(screen.getByTestId('onetouch-result-distance')).toHaveTextContent('Distance: 3 km');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it.each<[OneTouchResult['state'], string]>([
    ['SUCCESS', 'success'],
    ['FAILURE', 'error'],
    ['NOIMAGE', 'info'],
  ])('a %s answer shows the %s image', (state, image) => {
    renderDialog(result({ state, title: 'Answer' }));
    const dialog = screen.getByRole('dialog', { name: 'Answer' });
    expect(dialog.querySelectorAll('svg')).toHaveLength(1);
    expect(dialog.querySelector('svg')).toHaveAttribute('data-image', image);
  });
});

describe('BillingDisputePanel', () => {
  it('without a selected ride asks for one', () => {
    setSelectedBooking(null);
    const fetch = mockFetch({});
    renderPanel();
    expect(screen.getByRole('link', { name: 'Choose the ride this is about' })).toHaveAttribute('href', '/bookings');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('viewing → "This bill looks right" → viewed, with thanks and no request', async () => {
    const fetch = mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody()) });
    renderPanel();
    expect(await screen.findByRole('table', { name: 'Your bill' })).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe(`${bookingPaths.bill}?booking_id=b-1`);
    expect(panel()).toHaveAttribute('data-viewing-flag', 'viewing');
    await userEvent.click(screen.getByRole('button', { name: 'This bill looks right' }));
    expect(panel()).toHaveAttribute('data-viewing-flag', 'viewed');
    expect(screen.getByTestId('bill-looks-right')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('bill-looks-right')).toHaveTextContent('Thank you for checking your bill.');
    expect(screen.queryByRole('button', { name: 'Dispute this bill' })).toBeNull();
    expect(submits(fetch)).toHaveLength(0);
  });

  it('viewing → "Dispute this bill" → viewed; the reason, marked lines and comment are submitted', async () => {
    let disputed = false;
    const fetch = mockFetch({
      [bookingPaths.bill]: () =>
        jsonResponse(
          billBody(disputed ? { dispute: { outcome: 'adjusted', amount: 57, ticket_id: null, created_at: 'x' } } : {}),
        ),
      [oneTouchPaths.submitV1]: () => {
        disputed = true;
        return jsonResponse(adjustedAnswer);
      },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute this bill' }));
    expect(panel()).toHaveAttribute('data-viewing-flag', 'viewed');

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    // Only the disputable lines this bill charges: no peak (0), no taxes.
    const lines = within(screen.getByRole('group', { name: 'Which lines look wrong?' })).getAllByRole('checkbox');
    expect(lines.map((box) => box.getAttribute('value'))).toEqual(['base_fare', 'distance', 'waiting']);
    expect(screen.getByRole('checkbox', { name: /Distance \(12.4 km\)/ })).not.toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: "I didn't change the drop location or add stops" }));
    expect(submit).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /Distance \(12.4 km\)/ }));
    await userEvent.type(screen.getByLabelText('Anything else we should know? (optional)'), 'Short trip.');
    expect(screen.getByLabelText('Anything else we should know? (optional)')).toHaveAttribute('maxlength', '1500');
    await userEvent.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Fare adjusted' });
    expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
    expect(within(dialog).getByRole('row', { name: 'Adjustment −₹57' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('onetouch-result-distance')).toHaveTextContent('12.4 km');
    expect(within(dialog).getByRole('img', { name: 'Map of the ride from pickup to drop' })).toBeInTheDocument();

    const [call] = submits(fetch);
    expect(bodyOf(call?.[1])).toMatchObject({
      article_id: '101001',
      call_type: 'fare_higher_than_estimate',
      booking_id: 'b-1',
      crn: '1234567890',
      option_selected: 'no_route_change',
      params: { disputed_lines: ['distance'] },
      message: 'Short trip.',
      one_touch_source: 'web',
    });
    expect(headerOf(call?.[1], IDEMPOTENCY_HEADER)).toMatch(/^[\w-]{8,}$/);

    // The bill was fetched again: BACK shows the dispute's answer, not a second form.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('bill-earlier-dispute')).toHaveTextContent(
      'We checked this bill and added ₹57 to your wallet.',
    );
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('no marked lines sends an empty list (the whole bill) and no comment', async () => {
    const fetch = mockFetch({
      [bookingPaths.bill]: () => jsonResponse(billBody()),
      [oneTouchPaths.submitV1]: () =>
        jsonResponse({ ...adjustedAnswer, title: 'Request received', bill: bill, ticket_request_id: 'T-7' }),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute this bill' }));
    await userEvent.click(screen.getByRole('radio', { name: "I was charged waiting time I shouldn't pay" }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Request received' })).toBeInTheDocument();
    const body = bodyOf(submits(fetch)[0]?.[1]);
    expect(body).toMatchObject({ option_selected: 'wrong_waiting_charge', params: { disputed_lines: [] } });
    expect(body).not.toHaveProperty('message');
  });

  it('an article without reasons submits without one', async () => {
    const fetch = mockFetch({
      [bookingPaths.bill]: () => jsonResponse(billBody()),
      [oneTouchPaths.submitV1]: () => jsonResponse({ ...adjustedAnswer, title: 'Request received', bill }),
    });
    renderPanel({ ...fareArticle, options: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute this bill' }));
    expect(screen.queryByRole('radio')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Request received' })).toBeInTheDocument();
    expect(bodyOf(submits(fetch)[0]?.[1])).not.toHaveProperty('option_selected');
  });

  it('a retry after a failure keeps the choices and reuses the idempotency key', async () => {
    let calls = 0;
    const fetch = mockFetch({
      [bookingPaths.bill]: () => jsonResponse(billBody()),
      [oneTouchPaths.submitV1]: () => {
        calls += 1;
        return calls === 1 ? jsonResponse({}, 500) : jsonResponse(adjustedAnswer);
      },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute this bill' }));
    await userEvent.click(screen.getByRole('radio', { name: "I didn't change the drop location or add stops" }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Waiting/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const failed = await screen.findByRole('dialog', { name: messages.sorry });
    expect(failed).toHaveAttribute('data-state', 'FAILURE');
    await userEvent.click(within(failed).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: "I didn't change the drop location or add stops" })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Waiting/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Fare adjusted' })).toBeInTheDocument();
    const [first, second] = submits(fetch);
    expect(headerOf(second?.[1], IDEMPOTENCY_HEADER)).toBe(headerOf(first?.[1], IDEMPOTENCY_HEADER));
  });

  it('a reason with an article opens it; one with a custom message shows it; neither submits', async () => {
    const fetch = mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody()) });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute this bill' }));
    await userEvent.click(screen.getByRole('radio', { name: 'I paid in cash' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The message takes focus in an effect after it is drawn (the form's check resolves outside the click).
    const heading = await screen.findByRole('heading', { name: 'Cash rides' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Cash rides are settled with the driver.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('radio', { name: "I was charged a toll or parking I didn't pass" }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Opened article')).toBeInTheDocument();
    expect(submits(fetch)).toHaveLength(0);
  });

  it.each<[string, NonNullable<BillResponse['dispute']>, string, string]>([
    [
      'adjusted',
      { outcome: 'adjusted', amount: 57, ticket_id: null, created_at: '2026-01-01T00:00:00.000Z' },
      'We checked this bill and added ₹57 to your wallet.',
      'Total ₹227',
    ],
    [
      'sent for review',
      { outcome: 'review', amount: 0, ticket_id: 'T-12', created_at: '2026-01-01T00:00:00.000Z' },
      'We are checking this bill (ticket T-12) and will reply by e-mail.',
      'Total ₹284',
    ],
  ])('an earlier dispute (%s) is shown instead of the buttons', async (_name, dispute, text, total) => {
    mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody({ dispute })) });
    renderPanel();
    expect(await screen.findByTestId('bill-earlier-dispute')).toHaveTextContent(text);
    expect(screen.getByRole('row', { name: total })).toBeInTheDocument();
    expect(panel()).toHaveAttribute('data-viewing-flag', 'viewed');
    expect(screen.queryByRole('button', { name: 'Dispute this bill' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'This bill looks right' })).toBeNull();
  });

  it('a ride without a bill says so', async () => {
    mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody({ bill: null })) });
    renderPanel();
    expect(await screen.findByText('This ride has no bill.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute this bill' })).toBeNull();
  });

  it('a failed bill fetch offers a retry', async () => {
    let calls = 0;
    mockFetch({
      [bookingPaths.bill]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ status: 'FAILURE', error: { code: 'INTERNAL', message: 'Boom' } }, 500)
          : jsonResponse(billBody());
      },
    });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the bill of this ride.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your bill' })).toBeInTheDocument();
  });
});

describe('guided forms by call_type', () => {
  it('registers the billing dispute for both fare call types and the lost-item panel for cab_belonging', () => {
    const dispute = flowFormFor(article({ labels: { one_touch: true, call_type: 'fare_dispute' } }));
    expect(dispute).not.toBeNull();
    expect(flowFormFor(article({ labels: { one_touch: true, call_type: 'fare_higher_than_estimate' } }))).toBe(dispute);
    const lostItem = flowFormFor(article({ labels: { one_touch: true, call_type: 'cab_belonging' } }));
    expect(lostItem).toBe(flowForms.cab_belonging);
    expect(lostItem).not.toBe(dispute);
  });

  it('has no form for other call types, nor for an article that is not a one-touch', () => {
    expect(flowFormFor(article({ labels: { one_touch: true, call_type: 'unban' } }))).toBeNull();
    expect(flowFormFor(article({ labels: { call_type: 'fare_dispute' } }))).toBeNull();
    expect(flowFormFor(article())).toBeNull();
  });

  it('the article page shows the registered form, else the one-touch panel', async () => {
    mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody()) });
    const { unmount } = renderPanel();
    expect(await screen.findByTestId('billing-dispute')).toBeInTheDocument();
    expect(screen.queryByTestId('onetouch-panel')).toBeNull();
    unmount();
    renderPanel(article({ id: '100609', labels: { one_touch: true, call_type: 'unban' } }));
    expect(screen.getByTestId('onetouch-panel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit request' })).toBeInTheDocument();
  });

  it('the lost-item panel gets the article and ride ids', async () => {
    const fetch = mockFetch({
      [labPaths.formEnableCheck]: () => jsonResponse({ enabled: false, reason: 'Closed' }),
    });
    renderPanel(article({ id: '100501', labels: { one_touch: true, call_type: 'cab_belonging' } }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]?.[0])).toContain('b-1');
  });

  it('a visitor with a ride still selected is asked to sign in and come back', () => {
    mockFetch({});
    renderWithSession(<ArticleFlowPanel article={fareArticle} onReload={() => {}} />, {
      route: '/support/b-1/dreport/101001',
      session: { user: null },
    });
    expect(screen.getByTestId('login-prompt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toContain(
      encodeURIComponent('/support/b-1/dreport/101001'),
    );
    expect(screen.queryByTestId('billing-dispute')).toBeNull();
  });

  it('a visitor on any one-touch article is asked to sign in, not sent to a booking list', () => {
    mockFetch({});
    setSelectedBooking(null);
    renderWithSession(
      <ArticleFlowPanel
        article={article({ id: '100302', labels: { one_touch: true, call_type: 'refund' } })}
        onReload={() => {}}
      />,
      { route: '/article/100302', session: { user: null } },
    );
    expect(screen.getByTestId('login-prompt')).toBeInTheDocument();
    expect(screen.queryByTestId('onetouch-panel')).toBeNull();
  });

  it('a plain article has no form', () => {
    mockFetch({});
    renderPanel(article());
    expect(screen.queryByTestId('onetouch-panel')).toBeNull();
    expect(screen.queryByTestId('billing-dispute')).toBeNull();
  });
});

describe('/bookingdetails/billing_issue/{source}', () => {
  const ride = customerBooking();
  const routes: Record<string, FetchHandler> = {
    [bookingPaths.getByCrn]: () => jsonResponse({ status: 'SUCCESS', data: ride }),
    [bookingPaths.details]: () =>
      jsonResponse({
        status: 'SUCCESS',
        stop_at: null,
        driver_phone: null,
        imei: null,
        cash_involved: false,
        city: 'Bengaluru',
      }),
    [bookingPaths.bill]: () => jsonResponse(billBody({ booking_id: ride.id, crn: ride.crn })),
    [kbPaths.meta]: () => jsonResponse({ ...metaResponse([]), context: 'rides_completed' }),
    [bookingPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: [], next_page: false, page_key: null }),
  };

  function renderRoute() {
    return renderAppRoutes(
      [
        { path: '/bookingdetails/billing_issue/:source', element: <BillingIssuePage /> },
        { path: '/main', element: <MainPage /> },
        { path: '/home', element: <h1>Home page</h1> },
      ],
      { initialEntries: ['/bookingdetails/billing_issue/driver_default'] },
      { user: riya },
    ).router;
  }

  it("shows the selected booking with its bill above 'Choose an Issue' categories", async () => {
    const fetch = mockFetch(routes);
    setSelectedBooking({ id: ride.id, crn: ride.crn });
    renderRoute();
    expect(await screen.findByRole('heading', { level: 1, name: messages.chooseAnIssue })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your bill' });
    expect(within(table).getByRole('row', { name: 'Total ₹284' })).toBeInTheDocument();
    const issues = await screen.findByTestId('booking-issues');
    // The bill comes before the categories.
    expect(table.compareDocumentPosition(issues) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => String(input) === `${bookingPaths.bill}?booking_id=${ride.id}`)).toBe(
      true,
    );
  });

  it('without a selected booking goes to /main', async () => {
    setSelectedBooking(null);
    mockFetch(routes);
    const router = renderRoute();
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });
});
