import { messages, oneTouchPaths, TOLL_DETAILS_PATH, type TollDetails } from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { CancellationFeePanel } from '../src/features/flows/cancellation-fee/cancellation-fee-panel';
import { flowFormFor } from '../src/features/flows/flow-forms';
import { TollParkingForm } from '../src/features/flows/toll-parking/toll-parking-form';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

// The iOS app is told apart by the device the page runs on (lib/device-info) and the session's inApp.
const device = vi.hoisted(() => ({ osName: null as string | null }));
vi.mock('../src/lib/device-info', () => ({
  deviceInfo: () => ({ osName: device.osName, osVersion: null, deviceName: null, deviceModel: null }),
}));

const booking = { id: 'b-toll', crn: '4455667788', cab_category: 'prime' };

/** content/kb/customer/101003-toll-parking-charged.md in miniature (a voucher article). */
const tollArticle = article({
  id: '101003',
  title: "I was charged for tolls or parking I didn't use",
  labels: { one_touch: true, call_type: 'toll_parking', api_call: true },
  label_names: ['api_call__v3_submit'],
  side_load: { showVoucher: true, showNEFT: false },
});
/** content/kb/customer/101101-dispute-cancellation-fee.md in miniature. */
const feeArticle = article({
  id: '101101',
  title: 'I was charged a cancellation fee unfairly',
  labels: { one_touch: true, call_type: 'cancellation_fee', actionable: true },
  label_names: ['neft_refund_option'],
  options: [
    { text: 'The driver was not moving towards me', value: 'driver_not_moving' },
    {
      text: "I wasn't charged",
      value: 'not_charged',
      showCustomMessage: true,
      customMessageHeading: 'Good news',
      customMessage: 'No cancellation fee was taken for this ride.',
    },
  ],
  side_load: { showVoucher: true, showNEFT: true },
  response: { refund_allowed: true, message: 'We can refund a fee the driver caused.' },
});

const details: TollDetails = {
  status: 'SUCCESS',
  booking_id: booking.id,
  currency_country: 'IN',
  toll_amount: 90,
  toll_break_up: {
    tolls: [
      { toll_name: 'Sadahalli Toll Plaza, NH 44', total_tax: 60 },
      { toll_name: 'Kempegowda International Airport parking', total_tax: 30 },
    ],
  },
  refunded: null,
};
const refunded = {
  status: 'SUCCESS',
  title: 'Refund initiated',
  message: 'A voucher for ₹40 has been added to your account. It is ready to use now.',
  title_code: 'refundInitiatedTitle',
  code: 'refundVoucher',
  params: { amount: '₹40' },
  ticket_request_id: null,
  csat_required: true,
  side_load: {},
};

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const submitsTo = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([input]) => String(input).includes(path));

function serve(tolls: TollDetails = details, answer: unknown = refunded, status = 200) {
  return mockFetch({
    [TOLL_DETAILS_PATH]: () => jsonResponse(tolls),
    [oneTouchPaths.submitV3]: () => jsonResponse(answer, status),
    [oneTouchPaths.submitV1]: () => jsonResponse(answer, status),
  });
}

function renderToll(a = tollArticle, inApp = false) {
  return renderWithSession(<TollParkingForm article={a} booking={booking} onReload={() => {}} />, {
    route: '/article',
    session: { user: riya, inApp },
  });
}

beforeEach(() => {
  device.osName = null;
  setSelectedBooking(booking);
});
afterEach(() => {
  setSelectedBooking(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('toll and parking form', () => {
  it('is the registered form of toll_parking articles, and cancellation_fee has its panel', () => {
    expect(flowFormFor(tollArticle)).not.toBeNull();
    expect(flowFormFor(feeArticle)).not.toBeNull();
  });

  it('shows the ride’s toll break-up and its total', async () => {
    serve();
    renderToll();
    const table = await screen.findByRole('table', { name: 'Toll details' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Toll plaza or parkingAmount',
      'Sadahalli Toll Plaza, NH 44₹60',
      'Kempegowda International Airport parking₹30',
      'Toll and parking charges₹90',
    ]);
  });

  it('keeps digits only, at most 3, and shows the bound’s message inline; the typed amount stays', async () => {
    const fetch = serve();
    renderToll();
    const input = await screen.findByLabelText('Amount charged wrongly');
    await userEvent.type(input, '9a1x');
    expect(input).toHaveValue('91');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Amount can't be more than toll/parking charges");
    expect(input).toHaveValue('91');
    await userEvent.clear(input);
    await userEvent.type(input, '9');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.tollAmountTooLow);
    await userEvent.type(input, '9999');
    expect(input).toHaveValue('999');
    expect(submitsTo(fetch, oneTouchPaths.submitV3)).toHaveLength(0);
  });

  it('shows the message as a toast in the iOS app, not under the field', async () => {
    device.osName = 'iOS';
    serve();
    renderToll(tollArticle, true);
    await userEvent.type(await screen.findByLabelText('Amount charged wrongly'), '95');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent("Amount can't be more than toll/parking charges");
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks where the refund goes first on a voucher article, then sends the amount and the toll_map', async () => {
    const fetch = serve();
    renderToll();
    await userEvent.type(await screen.findByLabelText('Amount charged wrongly'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.refundDestinationQuestion)).toBeInTheDocument();
    expect(submitsTo(fetch, oneTouchPaths.submitV3)).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: /Voucher/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Refund initiated' })).toBeInTheDocument();
    const [[, init]] = submitsTo(fetch, oneTouchPaths.submitV3) as [[string, RequestInit]];
    expect(bodyOf(init)).toMatchObject({
      article_id: '101003',
      call_type: 'toll_parking',
      booking_id: booking.id,
      refund_destination: 'voucher',
      user_input_amount: 40,
      toll_map: { 'Sadahalli Toll Plaza, NH 44': 60, 'Kempegowda International Airport parking': 30 },
    });
  });

  it('submits at once when the article is not a voucher one; the amount survives a failed submit', async () => {
    const failed = { status: 'FAILURE', error: { code: 'tollAmountTooHigh', message: messages.tollAmountTooHigh } };
    const fetch = serve(details, failed, 400);
    renderToll({ ...tollArticle, side_load: { showVoucher: false } });
    const input = await screen.findByLabelText('Amount charged wrongly');
    await userEvent.type(input, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(messages.tollAmountTooHigh);
    expect(bodyOf(submitsTo(fetch, oneTouchPaths.submitV3)[0]?.[1])).not.toHaveProperty('refund_destination');
    await userEvent.click(within(dialog).getByRole('button', { name: /back/i }));
    expect(await screen.findByLabelText('Amount charged wrongly')).toHaveValue('50');
  });

  it('says so for a ride without tolls or with less than the least claim, and for one refunded before', async () => {
    serve({ ...details, toll_amount: 0, toll_break_up: { tolls: [] } });
    const { unmount } = renderToll();
    expect(await screen.findByTestId('toll-none')).toHaveTextContent(messages.tollNotEligible);
    unmount();
    const small = serve({
      ...details,
      toll_amount: 5,
      toll_break_up: { tolls: [{ toll_name: 'Heathrow drop-off', total_tax: 5 }] },
    });
    const view = renderToll();
    expect(await screen.findByTestId('toll-none')).toHaveTextContent(messages.tollNotEligible);
    expect(screen.getByRole('table', { name: 'Toll details' })).toHaveTextContent('Heathrow drop-off');
    expect(screen.queryByLabelText('Amount charged wrongly')).not.toBeInTheDocument();
    expect(small).toHaveBeenCalled();
    view.unmount();
    serve({ ...details, refunded: { amount: 40, destination: 'voucher', created_at: '2026-11-20T10:00:00Z' } });
    renderToll();
    expect(await screen.findByTestId('toll-refunded')).toHaveTextContent(
      'We refunded ₹40 for this ride on 2026-11-20.',
    );
  });
});

describe('cancellation-fee panel', () => {
  function renderFee(a = feeArticle) {
    return renderWithSession(
      <Routes>
        <Route path="/article" element={<CancellationFeePanel article={a} booking={booking} onReload={() => {}} />} />
      </Routes>,
      { route: '/article', session: { user: riya } },
    );
  }

  it('shows the article name, the response message and the refund, which runs the refund rules', async () => {
    const fetch = serve();
    renderFee();
    const panel = screen.getByTestId('cancellation-fee');
    expect(within(panel).getByRole('heading', { name: feeArticle.title })).toBeInTheDocument();
    expect(within(panel).getByTestId('cancellation-fee-message')).toHaveTextContent(
      'We can refund a fee the driver caused.',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Refund the cancellation fee' }));
    await userEvent.click(screen.getByRole('button', { name: 'The driver was not moving towards me' }));
    await userEvent.click(await screen.findByRole('radio', { name: /NEFT/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Refund initiated' })).toBeInTheDocument();
    expect(bodyOf(submitsTo(fetch, oneTouchPaths.submitV1)[0]?.[1])).toMatchObject({
      call_type: 'cancellation_fee',
      refund_destination: 'neft',
      option_selected: 'driver_not_moving',
      booking_id: booking.id,
    });
  });

  it('keeps an option’s own message', async () => {
    serve();
    renderFee();
    await userEvent.click(screen.getByRole('button', { name: 'Refund the cancellation fee' }));
    await userEvent.click(screen.getByRole('button', { name: "I wasn't charged" }));
    expect(await screen.findByText('No cancellation fee was taken for this ride.')).toBeInTheDocument();
  });

  it('offers no refund without refund_allowed, and shows the refusal when it is false', async () => {
    const { unmount } = renderFee({ ...feeArticle, response: { message: 'Fees are explained below.' } });
    expect(screen.getByTestId('cancellation-fee-message')).toHaveTextContent('Fees are explained below.');
    expect(screen.queryByRole('button', { name: 'Refund the cancellation fee' })).not.toBeInTheDocument();
    unmount();
    renderFee({ ...feeArticle, response: { refund_allowed: false, message: 'This fee cannot be refunded.' } });
    expect(screen.getByTestId('cancellation-fee-message')).toHaveTextContent('This fee cannot be refunded.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is what the article page shows for the ride', async () => {
    serve();
    renderWithSession(<ArticleFlowPanel article={feeArticle} onReload={() => {}} />, {
      route: '/article',
      session: { user: riya },
    });
    await waitFor(() => expect(screen.getByTestId('cancellation-fee')).toBeInTheDocument());
  });
});
