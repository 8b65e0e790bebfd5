import {
  DRIVER_V3_SUBMIT_DELAY_MS,
  type DriverRideDetails,
  driverPaths,
  driverRoutes,
  kbPaths,
  type PreRecompleteCheck,
  recompletePaths,
  type SessionUser,
  V3_SUBMIT_PATH,
  withCrnCheckDigit,
} from '@selfserve/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecompletePage } from '../src/features/driver/recomplete/recomplete-page';
import { DriverRidePage } from '../src/features/driver/routes/ride';
import { article, articleResponse } from './kb-fixtures';
import { jsonResponse, mockFetch, renderAppRoutes } from './utils';

// The recompute page (docs/driver.md "Recomplete"): the trip's pre-check, the visible wait, the submit, the answer.

const ramesh: SessionUser = {
  id: 'u_driver_in',
  email: 'ramesh.driver@example.in',
  name: 'Ramesh Yadav',
  role: 'driver',
  country_code: 'IN',
  city: 'Bengaluru',
  locale: 'en-IN',
  is_member: false,
  staff_role: null,
};
const CRN = withCrnCheckDigit('541700001');
const ride: DriverRideDetails = {
  crn: CRN,
  booking_id: 'bk_ramesh_d01',
  id: 'dr_ramesh_d01',
  ride_type: 'now',
  display_type: 'Point to Point',
  car_category: 'prime',
  service_type: 'p2p',
  total_fare: 236,
  osn: null,
  status: 'completed',
  sub_status: null,
  pickup_date: '2026-11-10T10:00:00.000Z',
  cash: false,
  currency_country: 'IN',
  city: 'Bengaluru',
  pickup_location: btoa('Domlur'),
  drop_location: btoa('Airport'),
  stop_at: '2026-11-10T10:40:00.000Z',
  car_number: null,
  car_model: null,
  has_statement: true,
};
const check: PreRecompleteCheck = {
  status: 'SUCCESS',
  customer_recomplete_check_enabled: true,
  is_ping_confidence_check_enabled: true,
  booking_id: ride.booking_id,
  crn: CRN,
  ride_id: ride.id,
  currency_country: 'IN',
  fare: 236,
  ended_short_km: 4.6,
  gps_pings: 16,
  outcome: 'recompute',
  reason: null,
  recomputed: null,
};
const recomputeArticle = article({
  id: '210106',
  title: 'Trip ended before the drop? Get the fare recomputed',
  index_name: 'driver_in_en_trip',
  labels: { call_type: 'ldt_recomplete' },
  label_names: ['api_call__v3_submit'],
});

const routes = [
  { path: driverRoutes.recomplete, element: <RecompletePage /> },
  { path: driverRoutes.ride, element: <DriverRidePage /> },
  { path: driverRoutes.statement, element: <p>statement page</p> },
  { path: driverRoutes.rides, element: <p>trips list</p> },
];

function mockServer(answer: Record<string, unknown>) {
  const calls: string[] = [];
  const submitted: Record<string, unknown>[] = [];
  mockFetch({
    [driverPaths.rideDetails]: () => jsonResponse({ status: 'SUCCESS', data: ride }),
    [kbPaths.articles]: () => jsonResponse(articleResponse(recomputeArticle)),
    [recompletePaths.preCheck]: (url) => {
      expect(url.searchParams.get('booking_id')).toBe(ride.booking_id);
      return jsonResponse(check);
    },
    [recompletePaths.token]: () => {
      calls.push('token');
      return jsonResponse({ status: 'SUCCESS', token: 'header.payload.signature', expires_at: '2026-11-10T11:00:00Z' });
    },
    [V3_SUBMIT_PATH]: (_url, init) => {
      calls.push('submit');
      submitted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return jsonResponse(answer);
    },
  });
  return { calls, submitted };
}

const done = {
  status: 'SUCCESS',
  title: 'Fare recomputed',
  title_code: 'recompleteDoneTitle',
  code: 'recompleteDone',
  params: { km: 12.3, fare: '₹335', previous: '₹236' },
  message: 'Your trip was recomputed on 12.3 km driven: the new fare is ₹335 (it was ₹236).',
  ticket_request_id: null,
  csat_required: false,
  side_load: {},
};

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('/ldt_article/{id}/{crn}/driver_default', () => {
  it('shows the trip’s record, waits 3 seconds with a progress bar before the submit, then the recomputed fare', async () => {
    const { calls, submitted } = mockServer(done);
    renderAppRoutes(routes, { initialEntries: [`/ldt_article/210106/${CRN}/driver_default`] }, { user: ramesh });
    const panel = await screen.findByTestId('recomplete-panel');
    expect(await within(panel).findByText('Ended 4.6 km before the drop')).toBeInTheDocument();
    expect(within(panel).getByText('GPS points recorded: 16')).toBeInTheDocument();
    expect(within(panel).getByTestId('recomplete-outcome')).toHaveTextContent(
      'Your trip qualifies: the fare will be recomputed on the distance the GPS proves.',
    );
    await user().click(within(panel).getByRole('button', { name: 'Recompute my fare' }));
    expect(await screen.findByTestId('recomplete-progress')).toHaveTextContent('Checking your trip’s GPS record…');
    expect(screen.getByRole('progressbar', { name: 'Checking the trip' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(DRIVER_V3_SUBMIT_DELAY_MS - 100));
    expect(calls).toEqual(['token']);
    await act(() => vi.advanceTimersByTimeAsync(200));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Fare recomputed');
    expect(dialog).toHaveTextContent('the new fare is ₹335');
    expect(calls).toEqual(['token', 'submit']);
    expect(submitted[0]).toMatchObject({
      article_id: '210106',
      call_type: 'ldt_recomplete',
      booking_id: ride.booking_id,
      crn: CRN,
      index_name: 'driver_in_en_trip',
      params: { token: 'header.payload.signature' },
    });
  });

  it('sends at once when help was opened from the heat map (no progress shown)', async () => {
    const { calls } = mockServer(done);
    renderAppRoutes(
      routes,
      { initialEntries: [`/ldt_article/210106/${CRN}/driver_default?context=heat_map`] },
      { user: ramesh },
    );
    const panel = await screen.findByTestId('recomplete-panel');
    await user().click(await within(panel).findByRole('button', { name: 'Recompute my fare' }));
    await screen.findByRole('dialog');
    expect(calls).toEqual(['token', 'submit']);
    expect(screen.queryByTestId('recomplete-progress')).toBeNull();
  });

  it('without a trip in the path: the article and where to start', async () => {
    mockServer(done);
    renderAppRoutes(routes, { initialEntries: ['/ldt_article/210106/0/driver_default'] }, { user: ramesh });
    expect(await screen.findByTestId('recomplete-choose-trip')).toHaveTextContent('Open the trip that ended early');
    expect(screen.queryByTestId('recomplete-panel')).toBeNull();
  });

  it('the trip’s page links its recompute article', async () => {
    mockServer(done);
    renderAppRoutes(routes, { initialEntries: [`/driver/rides/${CRN}`] }, { user: ramesh });
    const link = await screen.findByRole('link', { name: 'Trip ended early? Recompute' });
    // ramesh's trip index in English: driver_in_en_trip → 210106
    expect(link).toHaveAttribute('href', `/ldt_article/210106/${CRN}/driver_default`);
    await waitFor(() => expect(screen.getByTestId('driver-recomplete-link')).toBeInTheDocument());
  });
});
