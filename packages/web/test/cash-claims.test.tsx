import { type Bill, type BillResponse, bookingPaths, messages, oneTouchPaths } from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { ExtraCashForm } from '../src/features/flows/extra-cash/extra-cash-form';
import { flowFormFor } from '../src/features/flows/flow-forms';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

// The invoice upload itself is the picker's (image-picker.test.tsx); here it answers a document id at once.
vi.mock('../src/lib/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/upload-image')>()),
  uploadImage: vi.fn(async () => 'doc-invoice-1'),
}));

const booking = { id: 'b-cash', crn: '5391000006', cab_category: 'mini' };
const bill = (total: number): Bill => ({
  currency_country: 'IN',
  lines: [
    { key: 'base_fare', amount: 50 },
    { key: 'distance', amount: total - 50 },
  ],
  total,
  distance_km: null,
  route_km: null,
  ride_minutes: null,
  waiting_minutes: null,
  estimated_fare: null,
});
const billBody = (total: number): BillResponse => ({
  status: 'SUCCESS',
  booking_id: booking.id,
  crn: booking.crn,
  bill: bill(total),
  map_url: null,
  dispute: null,
});

/** content/kb/customer/101006-driver-asked-extra-cash.md in miniature. */
const extraCashArticle = article({
  id: '101006',
  title: 'The driver asked me for extra cash',
  labels: { one_touch: true, call_type: 'extra_cash' },
  options: [
    { text: 'The driver demanded more than the fare', value: 'driver_demanded_extra_cash' },
    { text: "The driver didn't have change", value: 'selfserve_driver_did_not_have_change' },
    { text: 'I paid the toll or parking in cash', value: 'paid_toll_parking_cash' },
  ],
  side_load: {
    cash_to_be_paid: 420,
    bill_amount: 420,
    option_limits: [
      { key: 'driver_demanded_extra_cash', limit: 2000 },
      { key: 'selfserve_driver_did_not_have_change', limit: 500 },
    ],
    confirm_message: 'We will refund the extra amount to your wallet and recover it from the driver.',
    decline_message: 'You can still write to us with more details and we will look into it.',
  },
});

/** content/kb/customer/101005-paid-cash-app-shows-due.md in miniature. */
const paidCashArticle = article({
  id: '101005',
  title: 'I paid cash to the driver but the app shows an amount due',
  labels: { one_touch: true, call_type: 'paid_cash_outstanding' },
  label_names: ['api_call__v3_submit', 'hide_email'],
});

const credited = {
  status: 'SUCCESS',
  title: 'Amount refunded',
  message: 'We have added ₹50 to your wallet.',
  ticket_request_id: null,
  csat_required: false,
  side_load: {},
};

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const posts = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([input]) => String(input).includes(path));

function renderPanel(a: typeof extraCashArticle) {
  return renderWithSession(
    <Routes>
      <Route path="/article" element={<ArticleFlowPanel article={a} onReload={() => {}} />} />
    </Routes>,
    { route: '/article', session: { user: riya } },
  );
}

beforeEach(() => setSelectedBooking(booking));
afterEach(() => {
  setSelectedBooking(null);
  vi.unstubAllGlobals();
});

it('both articles get their form', () => {
  expect(flowFormFor(extraCashArticle)).not.toBeNull();
  expect(flowFormFor(paidCashArticle)).not.toBeNull();
  expect(flowFormFor(extraCashArticle)).not.toBe(flowFormFor(paidCashArticle));
  expect(ExtraCashForm).toBeTypeOf('function');
});

describe('extra cash', () => {
  const total = () => screen.getByLabelText('Total cash you gave the driver');
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  const retype = async (text: string) => {
    await userEvent.clear(total());
    if (text) await userEvent.type(total(), text);
    await submit();
  };

  it('says the spec’s messages for the reason, the limit, no extra and an extra above the bill', async () => {
    const fetch = mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody(300)) });
    renderPanel(extraCashArticle);
    expect(await screen.findByText('The fare of this ride is ₹300. Enter up to 4 digits.')).toBeInTheDocument();
    await userEvent.type(total(), '350');
    expect(screen.getByTestId('extra-cash-extra')).toHaveTextContent('Extra amount: ₹50');
    await submit();
    expect(await screen.findByText(messages.ecChooseReason)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: "The driver didn't have change" }));
    await retype('501');
    expect(await screen.findByText(messages.ecAmountTooHigh)).toBeInTheDocument();
    await retype('300');
    expect(await screen.findByText(messages.ecCashCorrect)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'The driver demanded more than the fare' }));
    await retype('601');
    expect(await screen.findByText(messages.ecExtraAboveBill)).toBeInTheDocument();
    await retype('');
    expect(await screen.findByText(messages.cantBeEmpty)).toBeInTheDocument();
    // Letters never reach the field.
    await userEvent.type(total(), '4a0b0');
    expect(total()).toHaveValue('400');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(fetch, oneTouchPaths.submitV1)).toHaveLength(0);
  });

  it('opens the terms in a modal; ACCEPT sends the total, the extra and the amount, then shows the result', async () => {
    const fetch = mockFetch({
      [bookingPaths.bill]: () => jsonResponse(billBody(300)),
      [oneTouchPaths.submitV1]: () => jsonResponse(credited),
    });
    renderPanel(extraCashArticle);
    await userEvent.click(await screen.findByRole('radio', { name: 'The driver demanded more than the fare' }));
    await userEvent.type(total(), '350');
    await submit();
    const terms = await screen.findByRole('dialog', { name: 'Before we refund the extra amount' });
    expect(terms).toHaveAccessibleDescription(
      'We will refund the extra amount to your wallet and recover it from the driver.',
    );
    expect(posts(fetch, oneTouchPaths.submitV1)).toHaveLength(0);
    await userEvent.click(within(terms).getByRole('button', { name: 'ACCEPT' }));
    const result = await screen.findByRole('dialog', { name: 'Amount refunded' });
    expect(result).toHaveAttribute('data-state', 'SUCCESS');
    const [call] = posts(fetch, oneTouchPaths.submitV1);
    expect(bodyOf(call?.[1])).toMatchObject({
      article_id: '101006',
      call_type: 'extra_cash',
      booking_id: 'b-cash',
      option_selected: 'driver_demanded_extra_cash',
      total_cash: 350,
      extra_cash: 50,
      user_input_amount: 350,
    });
  });

  it('DECLINE shows the article’s decline message under “Sorry for the inconvenience”, and sends nothing', async () => {
    const fetch = mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody(300)) });
    renderPanel(extraCashArticle);
    await userEvent.click(await screen.findByRole('radio', { name: 'The driver demanded more than the fare' }));
    await userEvent.type(total(), '350');
    await submit();
    await userEvent.click(await screen.findByRole('button', { name: 'DECLINE' }));
    const declined = await screen.findByTestId('extra-cash-declined');
    expect(within(declined).getByRole('heading', { name: 'Sorry for the inconvenience' })).toHaveFocus();
    expect(declined).toHaveTextContent('You can still write to us with more details and we will look into it.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(fetch, oneTouchPaths.submitV1)).toHaveLength(0);
    // BACK returns to the form as it was.
    await userEvent.click(within(declined).getByRole('button', { name: 'BACK' }));
    expect(total()).toHaveValue('350');
  });

  it('keeps what was typed after a refused submit', async () => {
    mockFetch({
      [bookingPaths.bill]: () => jsonResponse(billBody(300)),
      [oneTouchPaths.submitV1]: () =>
        jsonResponse({ status: 'FAILURE', error: { code: 'ecAmountTooHigh', message: messages.ecAmountTooHigh } }, 400),
    });
    renderPanel(extraCashArticle);
    await userEvent.click(await screen.findByRole('radio', { name: 'The driver demanded more than the fare' }));
    await userEvent.type(total(), '350');
    await submit();
    await userEvent.click(await screen.findByRole('button', { name: 'ACCEPT' }));
    const result = await screen.findByRole('dialog');
    expect(result).toHaveAttribute('data-state', 'FAILURE');
    expect(result).toHaveTextContent(messages.ecAmountTooHigh);
    await userEvent.click(within(result).getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Total cash you gave the driver')).toHaveValue('350');
    expect(screen.getByRole('radio', { name: 'The driver demanded more than the fare' })).toBeChecked();
  });
});

describe('paid cash outstanding', () => {
  const amount = () => screen.getByLabelText('Amount you paid the driver in cash');
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  const retype = async (text: string) => {
    await userEvent.clear(amount());
    if (text) await userEvent.type(amount(), text);
    await submit();
  };

  it('says the spec’s messages for the amount, the payment and the invoice', async () => {
    const fetch = mockFetch({ [bookingPaths.bill]: () => jsonResponse(billBody(233)) });
    renderPanel(paidCashArticle);
    expect(await screen.findByText('The bill of this ride is ₹233.')).toBeInTheDocument();
    await retype('');
    expect(await screen.findByText(messages.cantBeEmpty)).toBeInTheDocument();
    expect(await screen.findByText(messages.pcoChoosePayment)).toBeInTheDocument();
    await retype('0233');
    expect(await screen.findByText(messages.enterValidAmount)).toBeInTheDocument();
    await retype('234');
    expect(await screen.findByText(messages.pcoAboveBill)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Online payment (cashless)' }));
    await retype('233');
    expect(await screen.findByText(messages.pcoUploadInvoice)).toBeInTheDocument();
    expect(posts(fetch, oneTouchPaths.submitV3)).toHaveLength(0);
  });

  it('sends a cashless claim on the v3 submit with its one invoice image', async () => {
    const fetch = mockFetch({
      [bookingPaths.bill]: () => jsonResponse(billBody(233)),
      [oneTouchPaths.submitV3]: () =>
        jsonResponse({
          status: 'SUCCESS',
          title: 'Request received',
          message: 'We will check the ₹233 you paid for ride 5391000006 and reply by e-mail within 48 hours.',
          ticket_request_id: 'T-1',
          csat_required: false,
          side_load: {},
        }),
    });
    renderPanel(paidCashArticle);
    await userEvent.type(await screen.findByLabelText('Amount you paid the driver in cash'), '233');
    await userEvent.click(screen.getByRole('radio', { name: 'Online payment (cashless)' }));
    const input = screen.getByTestId('issue-images').querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'bill.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await submit();
    expect(await screen.findByRole('dialog', { name: 'Request received' })).toHaveAttribute('data-state', 'SUCCESS');
    const [call] = posts(fetch, oneTouchPaths.submitV3);
    expect(bodyOf(call?.[1])).toMatchObject({
      article_id: '101005',
      call_type: 'paid_cash_outstanding',
      booking_id: 'b-cash',
      params: { amount: '233', payment: 'cashless' },
      user_input_amount: 233,
      uploaded_image_ids: ['doc-invoice-1'],
      is_image_uploaded: true,
    });
  });

  it('a cash claim carries no image, and the amount survives a failed submit', async () => {
    const fetch = mockFetch({
      [bookingPaths.bill]: () => jsonResponse(billBody(233)),
      [oneTouchPaths.submitV3]: () =>
        jsonResponse({ status: 'FAILURE', error: { code: 'pcoAboveBill', message: messages.pcoAboveBill } }, 400),
    });
    renderPanel(paidCashArticle);
    await userEvent.type(await screen.findByLabelText('Amount you paid the driver in cash'), '200');
    await userEvent.click(screen.getByRole('radio', { name: 'Cash' }));
    await submit();
    const result = await screen.findByRole('dialog');
    expect(result).toHaveTextContent(messages.pcoAboveBill);
    const [call] = posts(fetch, oneTouchPaths.submitV3);
    expect(bodyOf(call?.[1])).toMatchObject({ params: { amount: '200', payment: 'cash' } });
    expect(bodyOf(call?.[1]).uploaded_image_ids).toBeUndefined();
    await userEvent.click(within(result).getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Amount you paid the driver in cash')).toHaveValue('200');
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();
  });
});
