import {
  DRIVER_V3_SUBMIT_DELAY_MS,
  type DriverBooking,
  driverPaths,
  messages,
  type SessionUser,
  V3_SUBMIT_PATH,
} from '@selfserve/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

// The cleaning-fee claim (docs/driver.md "Driver one-touch articles"): the trip, what happened, 2 to 4 photos, the
// 3-second wait of a driver article's v3 submit, the answer.

let uploaded = 0;
vi.mock('../src/lib/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/upload-image')>()),
  uploadImage: vi.fn(async () => {
    uploaded += 1;
    return `doc-seat-${uploaded}`;
  }),
}));

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
const trip: DriverBooking = {
  crn: '5473000014',
  booking_id: 'bk_ramesh_clean',
  id: 'dr_ramesh_clean',
  ride_type: 'now',
  display_type: 'Point to Point',
  car_category: 'prime',
  service_type: 'p2p',
  total_fare: 236,
  osn: null,
  status: 'completed',
  sub_status: null,
  pickup_date: '2026-11-24T07:00:00.000Z',
  cash: false,
  currency_country: 'IN',
};
const cleaning = article({
  id: '200303',
  index_name: 'driver_in_en',
  title: 'Claim a cleaning fee after a customer soiled your car',
  labels: { one_touch: true, call_type: 'driver_cleaning_fee' },
  label_names: ['driver_cleaning_fee', 'api_call__v3_submit'],
  options: [
    { text: 'Food or drink spill', value: 'food_drink_spill', type: 'cleaning_fee', bill_amount: 150 },
    { text: 'Vomit or body fluids', value: 'body_fluids', type: 'cleaning_fee', bill_amount: 500 },
  ] as never,
});

beforeEach(() => {
  uploaded = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('the cleaning-fee claim form', () => {
  it('asks for 2 to 4 photos, waits 3 seconds with its progress, then sends the option and the photos', async () => {
    const submitted: Record<string, unknown>[] = [];
    mockFetch({
      [driverPaths.rides]: (url) => {
        expect(url.searchParams.get('status')).toBe('completed');
        return jsonResponse({ status: 'SUCCESS', data: [trip] });
      },
      [V3_SUBMIT_PATH]: (_url, init) => {
        submitted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return jsonResponse({
          status: 'SUCCESS',
          title: messages.driverCleaningClaimedTitle,
          title_code: 'driverCleaningClaimedTitle',
          code: 'driverCleaningClaimed',
          params: { amount: '₹150' },
          message: 'We will review your claim of ₹150 within 48 hours.',
          ticket_request_id: 'T-9',
          csat_required: false,
          side_load: {},
        });
      },
    });
    renderWithSession(
      <Routes>
        <Route path="/article" element={<ArticleFlowPanel article={cleaning} onReload={() => {}} />} />
      </Routes>,
      { route: '/article', session: { user: ramesh } },
    );
    const form = await screen.findByTestId('cleaning-fee');
    expect(await screen.findByRole('combobox', { name: 'Which trip?' })).toHaveValue('bk_ramesh_clean');
    await user().click(screen.getByRole('radio', { name: 'Food or drink spill – ₹150' }));
    await user().click(screen.getByRole('button', { name: 'Submit claim' }));
    expect(screen.getByTestId('cleaning-error')).toHaveTextContent(messages.driverCleaningPhotos);

    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await user().upload(input, [
      new File(['x'], 'seat-1.png', { type: 'image/png' }),
      new File(['y'], 'seat-2.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit claim' })).toBeEnabled());
    await user().click(screen.getByRole('button', { name: 'Submit claim' }));
    expect(await screen.findByTestId('cleaning-progress')).toHaveTextContent('Sending your claim…');
    await act(() => vi.advanceTimersByTimeAsync(DRIVER_V3_SUBMIT_DELAY_MS - 100));
    expect(submitted).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByRole('dialog', { name: 'Cleaning fee claim received' })).toBeInTheDocument();
    expect(submitted[0]).toMatchObject({
      booking_id: 'bk_ramesh_clean',
      call_type: 'driver_cleaning_fee',
      article_id: '200303',
      params: { option: 'food_drink_spill' },
      uploaded_image_ids: ['doc-seat-1', 'doc-seat-2'],
    });
  });

  it('says so when the driver has no completed trip', async () => {
    mockFetch({ [driverPaths.rides]: () => jsonResponse({ status: 'SUCCESS', data: [] }) });
    renderWithSession(<ArticleFlowPanel article={cleaning} onReload={() => {}} />, {
      route: '/article',
      session: { user: ramesh },
    });
    expect(await screen.findByTestId('cleaning-no-trips')).toHaveTextContent(
      'You have no completed trip to claim a cleaning fee for.',
    );
  });
});
