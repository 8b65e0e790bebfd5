import {
  couponPath,
  IDEMPOTENCY_HEADER,
  type ListedSubscription,
  messages,
  oneTouchPaths,
  type RideCouponResponse,
  subscriptionsPath,
} from '@selfserve/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { CouponForm } from '../src/features/flows/coupon/coupon-form';
import { flowFormFor } from '../src/features/flows/flow-forms';
import { SubscriptionInvoiceForm } from '../src/features/flows/subscription-invoice/subscription-invoice-form';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article } from './kb-fixtures';
import { arjun, jsonResponse, mockFetch, renderWithSession, riya, userInfo } from './utils';

const booking = { id: 'b-1', crn: '1234567890', cab_category: 'mini' };
const DESCRIPTION = 'The coupon was accepted when I booked';

/** content/kb/customer/100701-coupon-not-applied.md in miniature. */
const couponArticle = article({
  id: '100701',
  title: 'My coupon did not apply',
  labels: { one_touch: true, call_type: 'coupon_issue' },
});
/** content/kb/customer/100115-subscription-invoice.md in miniature. */
const invoiceArticle = article({
  id: '100115',
  title: 'Get an invoice for my Select subscription',
  labels: { one_touch: true, call_type: 'subscription_invoice', one_touch_source: 'select_invoice' },
  label_names: ['select_paid_members', 'send_invoice'],
});

const rideCoupon = (overrides: Partial<RideCouponResponse> = {}): RideCouponResponse => ({
  status: 'SUCCESS',
  booking_id: booking.id,
  country: 'IN',
  coupon_code: 'RIDE50',
  coupon_applied: false,
  coupon_discount: 50,
  credited: null,
  ...overrides,
});
const credited = {
  status: 'SUCCESS',
  title: messages.couponCreditedTitle,
  message: 'Coupon RIDE50 did not apply to ride 1234567890. We have added its discount of ₹50 to your wallet.',
  code: 'couponCredited',
  ticket_request_id: null,
  csat_required: false,
  side_load: {},
};

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];
const submits = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes(oneTouchPaths.submitV1));

function renderCoupon(a = couponArticle) {
  return renderWithSession(
    <Routes>
      <Route path="/article" element={<CouponForm article={a} booking={booking} onReload={() => {}} />} />
    </Routes>,
    { route: '/article', session: { user: riya } },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('coupon form', () => {
  it('refuses other characters as typed, stops at 15, and enables Submit only for 3 to 15', async () => {
    mockFetch({ [couponPath]: () => jsonResponse(rideCoupon()) });
    renderCoupon();
    const code = await screen.findByRole('textbox', { name: 'Coupon code' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(code, 'R!@#I-');
    expect(code).toHaveValue('RI');
    expect(submit).toBeDisabled();
    await userEvent.type(code, 'D');
    expect(code).toHaveValue('RID');
    expect(submit).toBeEnabled();
    await userEvent.type(code, 'E 5_0abcdefghijk');
    expect(code).toHaveValue('RIDE 5_0abcdefg');
    expect(submit).toBeEnabled();
    await userEvent.clear(code);
    await userEvent.type(code, 'ab');
    expect(submit).toBeDisabled();
  });

  it('says what the ride data knows of its coupon, and asks 20 characters of description with the spec text', async () => {
    const fetch = mockFetch({
      [couponPath]: () => jsonResponse(rideCoupon()),
      [oneTouchPaths.submitV1]: () => jsonResponse(credited),
    });
    renderCoupon();
    expect(await screen.findByTestId('coupon-on-ride')).toHaveTextContent(
      'This ride was booked with coupon RIDE50, but its discount was not applied.',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'ride50');
    await userEvent.type(screen.getByRole('textbox', { name: 'What happened?' }), 'too short!!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter atleast 20 characters')).toBeInTheDocument();
    expect(submits(fetch)).toHaveLength(0);
    const description = screen.getByRole('textbox', { name: 'What happened?' });
    // Letters, digits and spaces only: the '!!' never stayed.
    expect(description).toHaveValue('too short');
    await userEvent.clear(description);
    await userEvent.type(description, DESCRIPTION);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: messages.couponCreditedTitle })).toBeInTheDocument();
    const [sent] = submits(fetch);
    expect(bodyOf(sent?.[1])).toMatchObject({
      call_type: 'coupon_issue',
      article_id: '100701',
      booking_id: 'b-1',
      params: { coupon_code: 'ride50', description: DESCRIPTION },
    });
  });

  it('keeps what was typed after a failure, and a retry reuses the idempotency key', async () => {
    let calls = 0;
    const fetch = mockFetch({
      [couponPath]: () => jsonResponse(rideCoupon()),
      [oneTouchPaths.submitV1]: () => {
        calls += 1;
        return calls === 1 ? jsonResponse({}, 500) : jsonResponse(credited);
      },
    });
    renderCoupon();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'RIDE50');
    await userEvent.type(screen.getByRole('textbox', { name: 'What happened?' }), DESCRIPTION);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const failed = await screen.findByRole('dialog', { name: messages.sorry });
    await userEvent.click(within(failed).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveValue('RIDE50');
    expect(screen.getByRole('textbox', { name: 'What happened?' })).toHaveValue(DESCRIPTION);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: messages.couponCreditedTitle })).toBeInTheDocument();
    const [first, second] = submits(fetch);
    expect(headerOf(second?.[1], IDEMPOTENCY_HEADER)).toBe(headerOf(first?.[1], IDEMPOTENCY_HEADER));
  });

  it('in India, a ride without a coupon says so instead of the form', async () => {
    mockFetch({ [couponPath]: () => jsonResponse(rideCoupon({ coupon_code: null, coupon_applied: null })) });
    renderCoupon();
    expect(await screen.findByTestId('coupon-none')).toHaveTextContent(messages.couponNoneOnRide);
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
  });

  it('abroad, a ride without a coupon still takes the form (a person checks it)', async () => {
    mockFetch({
      [couponPath]: () => jsonResponse(rideCoupon({ country: 'GB', coupon_code: null, coupon_applied: null })),
    });
    renderCoupon();
    expect(await screen.findByRole('textbox', { name: 'Coupon code' })).toBeInTheDocument();
  });

  it('a ride whose discount was credited says so, and asks nothing more', async () => {
    mockFetch({ [couponPath]: () => jsonResponse(rideCoupon({ credited: 50 })) });
    renderCoupon();
    expect(await screen.findByTestId('coupon-on-ride')).toHaveTextContent(
      'This ride was booked with coupon RIDE50, but its discount was not applied. We have already added its discount, ₹50, to your wallet.',
    );
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
  });

  it('an article that hides the description asks the code only', async () => {
    mockFetch({ [couponPath]: () => jsonResponse(rideCoupon()) });
    renderCoupon({ ...couponArticle, label_names: ['hide_description'] });
    expect(await screen.findByRole('textbox', { name: 'Coupon code' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'What happened?' })).toBeNull();
  });

  it('is the registered form of coupon_issue, about a ride', async () => {
    expect(flowFormFor(couponArticle)).not.toBeNull();
    setSelectedBooking(booking);
    mockFetch({ [couponPath]: () => jsonResponse(rideCoupon()) });
    renderWithSession(<ArticleFlowPanel article={couponArticle} onReload={() => {}} />, { session: { user: riya } });
    expect(await screen.findByTestId('coupon')).toBeInTheDocument();
    setSelectedBooking(null);
  });
});

describe('subscription invoice form', () => {
  const subs: ListedSubscription[] = Array.from({ length: 7 }, (_, i) => ({
    id: `sub-${i + 1}`,
    user_id: arjun.id,
    amount_paid: i === 6 ? 0 : 149,
    package_name: i === 6 ? 'Select Free Trial' : `Plan ${i + 1}`,
    package_id: 'SELECT-1M',
    trial: i === 6,
    status: i === 0 ? 'active' : 'expired',
    activated_on: `2026-0${9 - i}-01T00:00:00.000Z`,
    expires_on: `2026-${String(10 - i).padStart(2, '0')}-01T00:00:00.000Z`,
    has_invoice: i !== 6,
  }));
  const sent = {
    status: 'SUCCESS',
    title: messages.invoiceSent,
    message: `We have sent the invoice for Plan 4 to ${arjun.email}.`,
    code: 'invoiceSentForPlan',
    ticket_request_id: null,
    csat_required: false,
    side_load: {},
  };
  const renderInvoice = () =>
    renderWithSession(<SubscriptionInvoiceForm article={invoiceArticle} booking={null} onReload={() => {}} />, {
      session: { user: arjun, userInfo: userInfo(), isMember: true },
    });
  beforeEach(() => setSelectedBooking(null));

  it('lists 1, then 3, then 6, then all 7 with Show more; the trial says it has no invoice', async () => {
    mockFetch({ [subscriptionsPath]: () => jsonResponse({ status: 'SUCCESS', subscriptions: subs }) });
    renderInvoice();
    const group = await screen.findByRole('group', { name: 'Choose the subscription payment' });
    const more = () => screen.getByRole('button', { name: 'Show more' });
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    await userEvent.click(more());
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(more());
    expect(within(group).getAllByRole('radio')).toHaveLength(6);
    await userEvent.click(more());
    expect(within(group).getAllByRole('radio')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(
      within(group)
        .getByRole('radio', { name: /Select Free Trial/ })
        .closest('label'),
    ).toHaveTextContent('Free trial: there is no invoice, as nothing was paid.');
  });

  it('sends the chosen subscription and the e-mail, and shows the answer', async () => {
    const fetch = mockFetch({
      [subscriptionsPath]: () => jsonResponse({ status: 'SUCCESS', subscriptions: subs }),
      [oneTouchPaths.submitV1]: () => jsonResponse(sent),
    });
    renderInvoice();
    await userEvent.click(await screen.findByRole('button', { name: 'Send invoice' }));
    expect(await screen.findByText(messages.chooseSubscription)).toBeInTheDocument();
    expect(submits(fetch)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await userEvent.click(screen.getByRole('radio', { name: /Plan 4/ }));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue(arjun.email);
    await userEvent.click(screen.getByRole('button', { name: 'Send invoice' }));
    expect(await screen.findByRole('dialog', { name: messages.invoiceSent })).toBeInTheDocument();
    const [request] = submits(fetch);
    expect(bodyOf(request?.[1])).toMatchObject({
      call_type: 'subscription_invoice',
      params: { subscription_id: 'sub-4', email: arjun.email },
    });
  });

  it('after a FAILURE (a trial), Back shows the list as it was, with the choice and the typed address', async () => {
    const fetch = mockFetch({
      [subscriptionsPath]: () => jsonResponse({ status: 'SUCCESS', subscriptions: subs }),
      [oneTouchPaths.submitV1]: () =>
        jsonResponse({
          ...sent,
          status: 'FAILURE',
          title: messages.sorry,
          message: messages.subscriptionTrialNoInvoice,
        }),
    });
    renderInvoice();
    for (let i = 0; i < 3; i++) await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await userEvent.click(screen.getByRole('radio', { name: /Select Free Trial/ }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'accounts@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send invoice' }));
    const failed = await screen.findByRole('dialog', { name: messages.sorry });
    expect(failed).toHaveTextContent(messages.subscriptionTrialNoInvoice);
    await userEvent.click(within(failed).getByRole('button', { name: 'Back' }));
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(screen.getByRole('radio', { name: /Select Free Trial/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('accounts@example.in');
    expect(bodyOf(submits(fetch)[0]?.[1])).toMatchObject({
      params: { subscription_id: 'sub-7', email: 'accounts@example.in' },
    });
  });

  it('is the registered form of subscription_invoice, about the account', () => {
    expect(flowFormFor(invoiceArticle)).toBe(SubscriptionInvoiceForm);
  });
});
