import {
  apiPaths,
  CSRF_HEADER,
  chatAvailabilityPaths,
  IDEMPOTENCY_HEADER,
  KYC_CSRF_FIELD,
  KYC_FORM_PATH,
  oneTouchPaths,
  ticketPaths,
} from '@selfserve/contract';
import hi from '@selfserve/contract/locales/hi.json';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OneTouchPanel } from '../src/features/onetouch/components/one-touch-panel';
import { useUserInfo } from '../src/features/users/api/get-user-info';
import { setCsrfToken } from '../src/lib/api-client';
import { useSessionQuery } from '../src/lib/get-session';
import { setLocale } from '../src/lib/i18n';
import { setSelectedBooking } from '../src/lib/selected-booking';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya, sessionResponse, userInfo } from './utils';

const booking = { id: 'b-1', crn: '1234567890', cab_category: 'mini' };
const chatOpen = {
  status: 'SUCCESS',
  chat: true,
  live: true,
  opens_at: null,
  live_opens_at: null,
  region: 'in',
  handoff_url: '/api/chat/v1/handoff',
};

const refundArticle = article({
  id: '101101',
  title: 'I was charged a cancellation fee unfairly',
  labels: { one_touch: true, call_type: 'cancellation_fee_refund' },
  label_names: ['neft_refund_option'],
  options: [
    { text: 'The driver was not moving towards me', value: 'driver_not_moving' },
    { text: 'The driver asked me to cancel', value: 'driver_asked_to_cancel', article_id: '101103' },
    {
      text: "I wasn't charged",
      value: 'not_charged',
      showCustomMessage: true,
      customMessageHeading: 'Good news',
      customMessage: 'No cancellation fee was taken for this ride.',
    },
  ],
});
const ticketArticle = article({ id: '101001', labels: { one_touch: true, call_type: 'driver_behaviour' } });
const invoiceArticle = article({
  id: '101004',
  labels: { one_touch: true, call_type: 'send_invoice' },
  label_names: ['send_invoice'],
});

const updateEmailArticle = article({
  id: '100601',
  title: 'Update my e-mail address',
  labels: { one_touch: true, call_type: 'update_email' },
});

const answer = (overrides: Record<string, unknown> = {}) => ({
  status: 'SUCCESS',
  title: 'Refund initiated',
  message: 'Your refund will reach your bank account in 7 to 10 business days.',
  ticket_request_id: null,
  csat_required: false,
  side_load: {},
  ...overrides,
});

function renderPanel(a = refundArticle, route = '/article') {
  return renderWithSession(
    <Routes>
      <Route path="/article" element={<OneTouchPanel article={a} onReload={() => {}} />} />
      <Route path="/dreport/:id" element={<p>Opened article</p>} />
    </Routes>,
    { route, session: { user: riya } },
  );
}

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => setSelectedBooking(booking));
afterEach(() => {
  setSelectedBooking(null);
  setCsrfToken(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OneTouchPanel', () => {
  it('asks for a booking first', () => {
    setSelectedBooking(null);
    renderPanel();
    expect(screen.getByRole('link', { name: 'Choose the ride this is about' })).toHaveAttribute('href', '/bookings');
  });

  it('an option with a custom message shows it instead of submitting', async () => {
    const fetch = mockFetch({});
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: "I wasn't charged" }));
    expect(screen.getByRole('heading', { name: 'Good news' })).toHaveFocus();
    expect(screen.getByText('No cancellation fee was taken for this ride.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an option with an article id opens that article', async () => {
    mockFetch({});
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'The driver asked me to cancel' }));
    expect(await screen.findByText('Opened article')).toBeInTheDocument();
  });

  it('refund destination: Submit waits for a choice; NEFT is sent and the result shows', async () => {
    const fetch = mockFetch({ [oneTouchPaths.submitV1]: () => jsonResponse(answer()) });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'The driver was not moving towards me' }));
    expect(screen.getByText('How would you like to have your refund processed?')).toBeInTheDocument();
    expect(screen.getByText('Processed instantly')).toBeInTheDocument();
    expect(screen.getByText('Takes 7-10 business days')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /NEFT/ }));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Refund initiated' });
    expect(dialog).toHaveTextContent('7 to 10 business days');
    expect(screen.getByRole('heading', { name: 'Refund initiated' })).toHaveFocus();
    expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
    expect(dialog.querySelector('svg')).toHaveAttribute('data-image', 'success');
    const body = bodyOf(fetch.mock.calls[0]?.[1]);
    expect(body).toMatchObject({
      article_id: '101101',
      call_type: 'cancellation_fee_refund',
      booking_id: 'b-1',
      crn: '1234567890',
      car_category: 'mini',
      refund_destination: 'neft',
      option_selected: 'driver_not_moving',
      one_touch_source: 'web',
    });
  });

  it('an article whose response refuses the request shows its message and no options (SHOWMESSAGE)', () => {
    const fetch = mockFetch({});
    renderPanel({ ...refundArticle, response: { refund_allowed: false, message: 'This ride was already refunded.' } });
    expect(screen.getByTestId('onetouch-show-message')).toHaveTextContent('This ride was already refunded.');
    expect(screen.queryByRole('button', { name: 'The driver was not moving towards me' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refund destination: only the destinations the article offers (side_load showNEFT false)', async () => {
    mockFetch({});
    renderPanel({ ...refundArticle, side_load: { showVoucher: true, showNEFT: false } });
    await userEvent.click(screen.getByRole('button', { name: 'The driver was not moving towards me' }));
    expect(screen.getByRole('radio', { name: /Voucher/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Wallet/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /NEFT/ })).not.toBeInTheDocument();
  });

  it('refund destination: Wallet posts the hidden KYC form, not the submit API', async () => {
    const fetch = mockFetch({});
    setCsrfToken('csrf-1');
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'The driver was not moving towards me' }));
    await userEvent.click(screen.getByRole('radio', { name: /Wallet/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted).toHaveLength(1);
    const form = submitted[0];
    if (!form) return;
    expect(form).toBe(screen.getByTestId('kyc-form'));
    expect(form.getAttribute('action')).toBe(KYC_FORM_PATH);
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    const fields = Object.fromEntries(
      [...form.querySelectorAll('input')].map((input) => {
        expect(input.type).toBe('hidden');
        return [input.name, input.value];
      }),
    );
    expect(fields).toEqual({
      cnl: '1234567890',
      nav: '101101',
      banner: 'refund_wallet',
      landing: 'wallet',
      care_redirect_url: '/article?kyc=done',
      source: 'web',
      [KYC_CSRF_FIELD]: 'csrf-1',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('back from the KYC form, the wallet choice notice shows', () => {
    mockFetch({});
    renderPanel(refundArticle, '/article?kyc=done');
    expect(screen.getByTestId('kyc-done')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('kyc-done')).toHaveTextContent(
      'Your wallet choice was recorded. Complete your KYC in the app to receive the refund in your wallet.',
    );
  });

  it('without ?kyc=done there is no notice', () => {
    mockFetch({});
    renderPanel();
    expect(screen.queryByTestId('kyc-done')).toBeNull();
  });

  it('shows the whole step in Hindi, the spec title too', async () => {
    mockFetch({});
    await setLocale('hi');
    try {
      renderPanel();
      await userEvent.click(screen.getByRole('button', { name: 'The driver was not moving towards me' }));
      expect(screen.getByText(hi.messages.refundDestinationQuestion)).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: /वॉलेट/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'सबमिट करें' })).toBeDisabled();
    } finally {
      await setLocale('en');
    }
  });

  it('ALREADY_REFUNDED shows as NOIMAGE', async () => {
    mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse(answer({ status: 'ALREADY_REFUNDED', title: 'Already refunded', message: 'Refunded once.' })),
    });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'The driver was not moving towards me' }));
    await userEvent.click(screen.getByRole('radio', { name: /Voucher/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Already refunded' });
    expect(dialog).toHaveAttribute('data-state', 'NOIMAGE');
    // guided-flows.md §8: NOIMAGE answers show an image too (an information sign).
    expect(dialog.querySelector('svg')).toHaveAttribute('data-image', 'info');
    expect(dialog).toHaveTextContent('Refunded once.');
  });

  it('a 500 with status ERROR is NOIMAGE with its message', async () => {
    mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse({ status: 'ERROR', title: 'Hold on', message: 'We are looking into it.' }, 500),
    });
    renderPanel(ticketArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold on' });
    expect(dialog).toHaveAttribute('data-state', 'NOIMAGE');
    expect(dialog).toHaveTextContent('We are looking into it.');
    expect(dialog.querySelector('svg')).toHaveAttribute('data-image', 'info');
  });

  it('sends the invoice to the e-mail given', async () => {
    const fetch = mockFetch({
      [oneTouchPaths.sendInvoice]: () => jsonResponse(answer({ title: 'Invoice Sent!', message: 'Sent.' })),
    });
    renderPanel(invoiceArticle);
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue(riya.email);
    await userEvent.clear(email);
    await userEvent.type(email, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter A Valid Email');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.type(email, 'me@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice Sent!' })).toBeInTheDocument();
    // guided-flows.md §3: the e-mail, the article and the ride.
    expect(bodyOf(fetch.mock.calls[0]?.[1])).toEqual({
      email: 'me@example.in',
      article_id: '101004',
      article_name: invoiceArticle.title,
      index_name: invoiceArticle.index_name,
      booking_id: 'b-1',
      cab_category: 'mini',
    });
  });

  it('a retry reuses the idempotency key; a failure offers call-us in India', async () => {
    let calls = 0;
    const fetch = mockFetch({
      [oneTouchPaths.submitV1]: () => {
        calls += 1;
        return calls === 1 ? jsonResponse({}, 500) : jsonResponse(answer({ title: 'Request received' }));
      },
    });
    renderPanel(ticketArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    const failed = await screen.findByRole('dialog', { name: 'Sorry' });
    expect(failed).toHaveAttribute('data-state', 'FAILURE');
    // /callUs about this article and ride (the code is bound to them)
    expect(screen.getByRole('link', { name: 'Call us' })).toHaveAttribute(
      'href',
      `/callUs?booking_id=b-1&article_id=${ticketArticle.id}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByRole('dialog', { name: 'Request received' })).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const first = headerOf(fetch.mock.calls[0]?.[1], IDEMPOTENCY_HEADER);
    expect(first).toMatch(/^[\w-]{8,}$/);
    expect(headerOf(fetch.mock.calls[1]?.[1], IDEMPOTENCY_HEADER)).toBe(first);
  });

  it('side_load flags of the answer switch the channels: chat on (while available for the ride), call-us off', async () => {
    const asked: string[] = [];
    mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse(
          answer({
            status: 'FAILURE',
            title: 'Sorry',
            side_load: { one_touch_chat_with_us: true, one_touch_call_us: false },
          }),
        ),
      [chatAvailabilityPaths.availability]: (url) => {
        asked.push(url.search);
        return jsonResponse(chatOpen);
      },
    });
    renderPanel(ticketArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByRole('dialog', { name: 'Sorry' });
    expect(await screen.findByRole('link', { name: 'Chat with us' })).toHaveAttribute(
      'href',
      `/chatbot?booking_id=b-1&crn=1234567890&article_id=${ticketArticle.id}&source=result`,
    );
    expect(asked).toEqual(['?booking_id=b-1']);
    expect(screen.queryByRole('link', { name: 'Call us' })).not.toBeInTheDocument();
  });

  it('chat asked for by side_load but closed for the ride: says when it opens, no link', async () => {
    mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse(answer({ status: 'FAILURE', title: 'Sorry', side_load: { one_touch_chat_with_us: true } })),
      [chatAvailabilityPaths.availability]: () =>
        jsonResponse({ ...chatOpen, chat: false, live: false, opens_at: '2030-01-07T03:30:00.000Z' }),
    });
    renderPanel(ticketArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByRole('dialog', { name: 'Sorry' });
    expect(await screen.findByTestId('chat-opens-at')).toHaveTextContent(/^Chat opens on \S+ at \d\d:\d\d$/);
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
  });

  it('an article with add_chat_with_us offers chat after its answer unless side_load says no', async () => {
    const chatArticle = article({
      id: '101009',
      labels: { one_touch: true, call_type: 'driver_behaviour' },
      label_names: ['add_chat_with_us'],
    });
    let sideLoad: Record<string, boolean> = {};
    mockFetch({
      [oneTouchPaths.submitV1]: () => jsonResponse(answer({ status: 'FAILURE', title: 'Sorry', side_load: sideLoad })),
      [chatAvailabilityPaths.availability]: () => jsonResponse(chatOpen),
    });
    const { unmount } = renderPanel(chatArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByRole('dialog', { name: 'Sorry' });
    expect(await screen.findByRole('link', { name: 'Chat with us' })).toBeInTheDocument();
    unmount();
    sideLoad = { one_touch_chat_with_us: false };
    renderPanel(chatArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByRole('dialog', { name: 'Sorry' });
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
  });

  it('shows the rating when the answer asks for it with a ticket', async () => {
    mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse(answer({ title: 'Request received', ticket_request_id: 'T-1', csat_required: true })),
    });
    renderPanel(ticketArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByTestId('ticket-rating')).toBeInTheDocument();
  });

  it('asks for no rating when the answer does not (csat_required false), even with a ticket (issue 14)', async () => {
    mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse(answer({ title: 'Request received', ticket_request_id: 'T-2', csat_required: false })),
    });
    renderPanel(ticketArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await screen.findByRole('dialog', { name: 'Request received' });
    expect(screen.queryByTestId('ticket-rating')).not.toBeInTheDocument();
    expect(screen.queryByText('How was our support?')).not.toBeInTheDocument();
  });

  it('the Select subscription invoice goes through the article’s submit, with no ride', async () => {
    const fetchMock = mockFetch({
      [oneTouchPaths.submitV1]: () => jsonResponse(answer({ title: 'Invoice Sent!' })),
    });
    renderPanel(
      article({
        id: '100115',
        labels: { one_touch: true, call_type: 'subscription_invoice' },
        label_names: ['send_invoice'],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice Sent!' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(oneTouchPaths.sendInvoice))).toBe(false);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes(oneTouchPaths.submitV1)) ?? [];
    expect(bodyOf(init)).toMatchObject({
      call_type: 'subscription_invoice',
      booking_id: null,
      params: { email: riya.email },
    });
  });

  it('rates an unban request with the user’s e-mail as email_from', async () => {
    const fetchMock = mockFetch({
      [oneTouchPaths.submitV1]: () =>
        jsonResponse(answer({ title: 'Request received', ticket_request_id: 'T-9', csat_required: true })),
      [ticketPaths.csat]: () => jsonResponse({ status: 'SUCCESS' }),
    });
    // A blocked account is not about a ride: no ride to choose first, and none is sent.
    setSelectedBooking(null);
    renderPanel(article({ id: '100609', labels: { one_touch: true, call_type: 'unban' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    const [, submitted] = fetchMock.mock.calls.find(([url]) => String(url).includes(oneTouchPaths.submitV1)) ?? [];
    expect(bodyOf(submitted)).toMatchObject({ call_type: 'unban', booking_id: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Good' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes(ticketPaths.csat))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes(ticketPaths.csat)) ?? [];
    expect(bodyOf(init)).toMatchObject({
      ref_id: 'T-9',
      satisfaction_rating: { score: 'good' },
      email_from: riya.email,
    });
  });
});

describe('OneTouchPanel: the v3 submit (core.md §2, §9)', () => {
  const driverCleaning = article({
    id: '201501',
    index_name: 'driver_in_en',
    title: 'A rider left the car dirty',
    labels: { one_touch: true, call_type: 'driver_cleaning_fee' },
  });
  const customerV3 = article({ id: '101701', labels: { one_touch: true, call_type: 'paid_cash_outstanding' } });

  function renderV3(a: typeof driverCleaning, route = '/article') {
    return renderWithSession(
      <Routes>
        <Route path="/article" element={<OneTouchPanel key="article" article={a} onReload={() => {}} />} />
        <Route
          path="/simple_article"
          element={
            <section data-testid="simple-article">
              <OneTouchPanel key="simple" article={a} onReload={() => {}} />
            </section>
          }
        />
      </Routes>,
      { route, session: { user: riya } },
    );
  }

  it('waits 3000 ms with visible progress before a driver article’s v3 submit, then lands on /simple_article', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = mockFetch({
        [oneTouchPaths.submitV3]: () => jsonResponse(answer({ title: 'Request received' })),
      });
      renderV3(driverCleaning);
      await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
      expect(screen.getByTestId('onetouch-sending')).toHaveTextContent('Sending your request…');
      await vi.advanceTimersByTimeAsync(2900);
      expect(fetchMock).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      // The result article page opens on the answer.
      expect(await screen.findByRole('heading', { name: 'Request received' })).toBeInTheDocument();
      expect(screen.getByTestId('simple-article')).toBeInTheDocument();
      expect(screen.getByTestId('onetouch-panel')).toHaveAttribute('data-form-state', 'COMPLETED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends at once from the heat map, and for a customer’s v3 article', async () => {
    const fetchMock = mockFetch({
      [oneTouchPaths.submitV3]: () => jsonResponse(answer({ title: 'Request received' })),
    });
    renderV3(driverCleaning, '/article?context=heat_map');
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    // No 3 s wait: sent before a second has passed (the test's own time limit is 5 s).
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 1000 });
    expect(await screen.findByRole('heading', { name: 'Request received' })).toBeInTheDocument();
  });

  it('a customer v3 answer also opens on /simple_article; a v1 answer stays on the article', async () => {
    mockFetch({
      [oneTouchPaths.submitV3]: () => jsonResponse(answer({ title: 'Request received' })),
      [oneTouchPaths.submitV1]: () => jsonResponse(answer({ title: 'Request received' })),
    });
    const { unmount } = renderV3(customerV3);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByRole('heading', { name: 'Request received' })).toBeInTheDocument();
    expect(screen.getByTestId('simple-article')).toBeInTheDocument();
    unmount();
    renderV3(ticketArticle);
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByRole('heading', { name: 'Request received' })).toBeInTheDocument();
    expect(screen.queryByTestId('simple-article')).not.toBeInTheDocument();
  });
});

/** Keeps the session and user-info queries observed, as the app's session provider does. */
function SessionQueries() {
  useSessionQuery();
  useUserInfo(riya.id);
  return null;
}

describe('OneTouchPanel: update e-mail', () => {
  beforeEach(() => setSelectedBooking(null));

  it('an invalid new e-mail shows the message and sends nothing', async () => {
    const fetch = mockFetch({});
    renderPanel(updateEmailArticle);
    expect(screen.getByLabelText('Current e-mail')).toHaveValue(riya.email);
    const next = screen.getByLabelText('New e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter A Valid Email');
    await userEvent.type(next, 'a@');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter A Valid Email');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(next);
    await userEvent.type(next, `${'a'.repeat(40)}@example.in`);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter A Valid Email');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("an empty current e-mail is sent and the server's Sorry answer shows", async () => {
    const fetch = mockFetch({
      [oneTouchPaths.updateEmail]: () =>
        jsonResponse(
          answer({ status: 'FAILURE', title: 'Sorry', message: 'Please log in and submit your request again.' }),
        ),
    });
    setCsrfToken('csrf-1');
    renderPanel(updateEmailArticle);
    await userEvent.clear(screen.getByLabelText('Current e-mail'));
    await userEvent.type(screen.getByLabelText('New e-mail'), 'riya.new@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sorry' });
    expect(dialog).toHaveAttribute('data-state', 'FAILURE');
    expect(dialog).toHaveTextContent('Please log in and submit your request again.');
    const init = fetch.mock.calls[0]?.[1];
    expect(bodyOf(init)).toEqual({
      previous_email: '',
      updated_email: 'riya.new@example.in',
      article_id: '100601',
      call_type: 'update_email',
      reason_submitted: 'update_email',
    });
    expect(headerOf(init, CSRF_HEADER)).toBe('csrf-1');
    expect(headerOf(init, IDEMPOTENCY_HEADER)).toMatch(/^[\w-]{8,}$/);
  });

  it('a success shows the dialog and fetches the session and user info again', async () => {
    const sessions = vi.fn(() => jsonResponse(sessionResponse(riya)));
    const infos = vi.fn(() => jsonResponse(userInfo({ email: riya.email })));
    const fetch = mockFetch({
      [apiPaths.session]: sessions,
      [apiPaths.userInfo]: infos,
      [oneTouchPaths.updateEmail]: () =>
        jsonResponse(
          answer({
            title: 'E-mail updated',
            message: 'Your e-mail address is now riya.new@example.in. We have sent a link to verify it.',
          }),
        ),
    });
    renderWithSession(
      <Routes>
        <Route
          path="/article"
          element={
            <>
              <SessionQueries />
              <OneTouchPanel article={updateEmailArticle} onReload={() => {}} />
            </>
          }
        />
      </Routes>,
      { route: '/article', session: { user: riya } },
    );
    await waitFor(() => expect(sessions).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(infos).toHaveBeenCalledTimes(1));
    await userEvent.type(screen.getByLabelText('New e-mail'), 'riya.new@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail updated' });
    expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
    expect(dialog).toHaveTextContent('riya.new@example.in');
    await waitFor(() => expect(sessions).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(infos).toHaveBeenCalledTimes(2));
    const submitted = fetch.mock.calls.find(([input]) => String(input).includes(oneTouchPaths.updateEmail));
    expect(bodyOf(submitted?.[1])).toMatchObject({ previous_email: riya.email, updated_email: 'riya.new@example.in' });
  });

  it('shows our labels in Hindi', async () => {
    mockFetch({});
    await setLocale('hi');
    try {
      renderPanel(updateEmailArticle);
      expect(screen.getByLabelText('मौजूदा ई-मेल')).toHaveValue(riya.email);
      expect(screen.getByLabelText('नया ई-मेल')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'सबमिट करें' })).toBeEnabled();
    } finally {
      await setLocale('en');
    }
  });
});
