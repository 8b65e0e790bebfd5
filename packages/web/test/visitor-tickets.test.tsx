import { countries, countryPaths, messages, oneTouchPaths, ticketPaths } from '@selfserve/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleFlowPanel } from '../src/app/article-flow-forms';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

// The real widget solves a proof of work (the Playwright journey runs it); here a button hands over its payload.
vi.mock('../src/components/captcha/captcha', () => ({
  Captcha: ({ onChange }: { onChange: (p: string | null) => void }) => (
    <button type="button" onClick={() => onChange('solved-captcha')}>
      solve captcha
    </button>
  ),
}));

/** content/kb/customer/100502-lost-phone.md and 100306-unrecognised-charge.md in miniature. */
const lostPhone = article({ id: '100502', title: 'I lost my phone in a cab' });
const charge = article({
  id: '100306',
  title: "I don't recognise a charge on my card",
  labels: { one_touch: true, call_type: 'unrecognised_charge' },
});

const success = { status: 'success', request_status: 'CREATED', ticket_id: '48151623', code: 'ticketSuccess' };
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function serve(answer: () => Response = () => jsonResponse(success)) {
  return mockFetch({
    [ticketPaths.visitorTicket]: answer,
    [ticketPaths.unrecognisedTransaction]: answer,
    [oneTouchPaths.submitWithoutLogin]: () =>
      jsonResponse({
        status: 'SUCCESS',
        title: 'Request received',
        code: 'ticketSuccess',
        message: messages.ticketSuccess,
      }),
    [ticketPaths.formToken]: () => jsonResponse({ status: 'SUCCESS', token: 'form-token', expires_in: 1800 }),
    [countryPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: countries }),
  });
}

const show = (a = lostPhone, user: typeof riya | null = null) =>
  renderWithSession(<ArticleFlowPanel article={a} onReload={() => {}} />, {
    route: `/dreport/${a.id}`,
    session: { user },
  });

async function fillLostPhone(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText('E-mail'), 'visitor@example.org');
  await u.type(screen.getByLabelText('Ride date'), '2026-01-05');
  await u.type(screen.getByLabelText('Ride time'), '21:30');
  await u.type(screen.getByLabelText('Pickup location'), 'MG Road metro station');
  await u.type(screen.getByLabelText('Drop location'), 'Indiranagar 100 ft road');
  await u.type(screen.getByLabelText('Phone make and model'), 'Pixel 7 black case');
  await u.type(screen.getByLabelText('Comments'), 'I left it on the back seat of the cab.');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Typing whole forms is slow on a loaded machine.
describe('visitor ticket modals', { timeout: 30_000 }, () => {
  it('offers a signed-in user no modal, and a visitor the modal instead of Sign in', async () => {
    serve();
    const { unmount } = show(lostPhone, riya);
    expect(screen.queryByTestId('visitor-ticket-open')).toBeNull();
    unmount();
    show();
    expect(await screen.findByTestId('visitor-ticket-open')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /sign in/i })).toBeNull();
  });

  it('checks the rules before sending, keeps what was typed, and sends the spec payload with the captcha', async () => {
    const fetch = serve();
    const u = userEvent.setup({ delay: null });
    show();
    await u.click(await screen.findByTestId('visitor-ticket-open'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await u.type(screen.getByLabelText('E-mail'), 'visitor@example.org');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Enter the comments');
    await u.type(screen.getByLabelText('Comments'), 'too short');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please input minimum 15 Characters');
    expect(screen.getByLabelText('E-mail')).toHaveValue('visitor@example.org');
    await u.clear(screen.getByLabelText('Comments'));
    await fillLostPhone(u);
    await u.clear(screen.getByLabelText('E-mail'));
    await u.type(screen.getByLabelText('E-mail'), 'visitor@example.org');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.captchaInvalid);
    await u.click(screen.getByRole('button', { name: 'solve captcha' }));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.ticketSuccess)).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => String(url).includes(ticketPaths.visitorTicket));
    expect(bodyOf(sent?.[1])).toMatchObject({
      modal: 'lost_phone',
      article_id: '100502',
      secret_key: 'form-token',
      captcha: 'solved-captcha',
      country_code: 'IN',
      index_name: expect.any(String),
      custom_field_map: { email: 'visitor@example.org', rideTime: '21:30', rideDate: '2026-01-05' },
    });
  });

  it('counts down from 5 to 0, once a second, then closes', async () => {
    serve();
    const u = userEvent.setup({ delay: null });
    show();
    await u.click(await screen.findByTestId('visitor-ticket-open'));
    await fillLostPhone(u);
    await u.click(screen.getByRole('button', { name: 'solve captcha' }));
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveValue('IN'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // the token and the ticket calls answer (promises, no timers)
    for (let i = 0; i < 10 && !screen.queryByTestId('visitor-ticket-countdown'); i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    }
    for (const n of [5, 4, 3, 2, 1]) {
      expect(screen.getByTestId('visitor-ticket-countdown')).toHaveTextContent(`This window closes in ${n}`);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    }
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the retry text for an answer that is not a success, and a bound’s own text for a 400', async () => {
    let answer = () => jsonResponse({ status: 'FAILURE', reason: 'invalidToken', code: 'formExpired', message: 'x' });
    serve(() => answer());
    const u = userEvent.setup({ delay: null });
    show(charge);
    await u.click(await screen.findByTestId('visitor-ticket-open'));
    await u.type(screen.getByLabelText('E-mail'), 'visitor@example.org');
    await u.type(screen.getByLabelText('Transaction date'), '2026-01-05');
    await u.type(screen.getByLabelText('Amount'), '10.123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.verifyInputs);
    await u.clear(screen.getByLabelText('Amount'));
    await u.type(screen.getByLabelText('Amount'), '999.99');
    await u.type(screen.getByLabelText('First 6 digits of the card'), '41111');
    await u.type(screen.getByLabelText('Last 4 digits of the card'), '1111');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please input a valid Card Information');
    await u.type(screen.getByLabelText('First 6 digits of the card'), '1');
    await u.type(screen.getByLabelText(/Comments/), 'card 4111-1111-1111-1111 was charged');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.cardInComment);
    await u.clear(screen.getByLabelText(/Comments/));
    await u.click(screen.getByRole('button', { name: 'solve captcha' }));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.retry));
    answer = () =>
      jsonResponse(
        { status: 'FAILURE', error: { code: 'visitorCardInvalid', message: messages.visitorCardInvalid } },
        400,
      );
    await u.click(screen.getByRole('button', { name: 'solve captcha' }));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.visitorCardInvalid));
    expect(screen.getByLabelText('Amount')).toHaveValue('999.99');
  });

  it('lets a visitor in a city we cannot place send a one-touch request with the captcha', async () => {
    const fetch = serve();
    const u = userEvent.setup({ delay: null });
    const refund = article({
      id: '22',
      title: 'I was charged for a cancelled ride',
      labels: { one_touch: true, call_type: 'refund' },
    });
    show(refund);
    expect(await screen.findByTestId('login-prompt')).toBeInTheDocument();
    await u.click(screen.getByTestId('unknown-city-open'));
    await u.type(screen.getByLabelText('E-mail'), 'far-away@example.org');
    await u.type(screen.getByLabelText('Your city'), 'Shillong');
    await u.type(screen.getByLabelText('How can we help?'), 'too short');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.enterValidComment);
    await u.type(screen.getByLabelText('How can we help?'), ' but now it is long enough');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.captchaInvalid);
    await u.click(screen.getByRole('button', { name: 'solve captcha' }));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.ticketSuccess)).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => String(url).includes(oneTouchPaths.submitWithoutLogin));
    expect(bodyOf(sent?.[1])).toMatchObject({
      article_id: '22',
      call_type: 'refund',
      email: 'far-away@example.org',
      city: 'Shillong',
      secret_key: 'form-token',
      captcha: 'solved-captcha',
    });
  });
});
