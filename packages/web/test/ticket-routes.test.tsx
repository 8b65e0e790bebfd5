import {
  bookingPaths,
  kbPaths,
  mailPaths,
  messages,
  monitoringDeviceFields,
  orderPaths,
  ticketPaths,
  ticketRoutes,
} from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxPage } from '../src/features/mail/routes/outbox';
import { DsuccessPage } from '../src/features/tickets/routes/dsuccess';
import { ReportPage, ReportTagPage, WriteToUsArticlePage } from '../src/features/tickets/routes/report';
import { VerifyEmailPage } from '../src/features/tickets/routes/verify-email';
import { BookingWriteToUsPage, DwritetousPage, WriteToUsPage } from '../src/features/tickets/routes/write-to-us';
import { safeReturnPath } from '../src/lib/return-path';
import { setSelectedBooking } from '../src/lib/selected-booking';
import type { SessionState } from '../src/lib/session';
import { booking, validCrn } from './booking-fixtures';
import { article, articleResponse, notFoundBody } from './kb-fixtures';
import { created, signedInRiya } from './ticket-fixtures';
import { type FetchHandler, jsonResponse, mockFetch, renderAppRoutes, riya } from './utils';

const articles: Record<string, ReturnType<typeof article>> = {
  '100607': article({ id: '100607', title: 'My issue isn’t listed. Write to us', labels: { tag: 'write_to_us' } }),
  '101005': article({ id: '101005', title: 'I paid cash to the driver', labels: { one_touch: true } }),
  '100601': article({ id: '100601', title: 'How do I verify my email', body: '<p>Open the link.</p>' }),
  '180302': article({ id: '180302', title: 'Write to us', labels: { tag: 'write_to_us' } }),
};

function serveApi(extra: Record<string, FetchHandler> = {}) {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  const fetchMock = mockFetch({
    [kbPaths.articles]: (url) => {
      const found = articles[url.searchParams.get('id') ?? ''];
      return found ? jsonResponse(articleResponse(found)) : jsonResponse(notFoundBody, 404);
    },
    [ticketPaths.create]: (url, init) => {
      posts.push({ path: url.pathname + url.search, body: JSON.parse(String(init?.body)) });
      return jsonResponse(created('4812000'));
    },
    [bookingPaths.getByCrn]: (url) =>
      url.searchParams.get('ref_no') === validCrn
        ? jsonResponse({ status: 'SUCCESS', data: booking() })
        : jsonResponse(
            { status: 'FAILURE', error: { code: 'bookingNotFound', message: messages.bookingNotFound } },
            404,
          ),
    '/user_tracking/add_track': () => jsonResponse({ status: 'SUCCESS' }),
    ...extra,
  });
  return { posts, fetchMock };
}

function renderRoutes(
  entry: string | { pathname: string; state: unknown },
  session: Partial<SessionState> = signedInRiya,
) {
  return renderAppRoutes(
    [
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/main', element: <h1>Main page</h1> },
      { path: '/bookings', element: <h1>Bookings page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: ticketRoutes.writeToUs, element: <WriteToUsPage /> },
      { path: ticketRoutes.writeToUsDefault, element: <WriteToUsPage /> },
      { path: '/dwritetous/:articleId?', element: <DwritetousPage /> },
      { path: '/:crn/dwritetous/:articleId', element: <BookingWriteToUsPage /> },
      { path: '/write_to_us/:source/:context/dreport/:id', element: <WriteToUsArticlePage /> },
      { path: '/report/:articleId', element: <ReportPage /> },
      { path: '/report/:tag/default', element: <ReportTagPage /> },
      { path: '/report/:context/:previous', element: <ReportTagPage /> },
      { path: ticketRoutes.dsuccess, element: <DsuccessPage /> },
      { path: ticketRoutes.verifyEmail, element: <VerifyEmailPage /> },
      { path: ticketRoutes.devOutbox, element: <OutboxPage /> },
    ],
    { initialEntries: [entry] },
    session,
  ).router;
}

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const LONG = 'The app crashes when I open my wallet page';

beforeEach(() => {
  window.sessionStorage.clear();
  setSelectedBooking(null);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('/writetous', () => {
  it('sends a ride issue to the booking list', async () => {
    serveApi();
    const user = userEvent.setup();
    renderRoutes('/writetous');
    expect(await h1('Write to us')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: messages.issueWithRide }));
    expect(screen.getByRole('link', { name: 'Choose a booking' })).toHaveAttribute('href', '/bookings');
    expect(screen.queryByTestId('issue-form')).not.toBeInTheDocument();
  });

  it('asks a visitor to log in for ride issues', async () => {
    serveApi();
    const user = userEvent.setup();
    renderRoutes('/writetous/default', {});
    await user.click(await screen.findByRole('radio', { name: messages.issueWithRide }));
    expect(screen.getByTestId('ticket-login-prompt')).toHaveTextContent(messages.loginForRides);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?return=${encodeURIComponent('/writetous/default')}`,
    );
  });

  it('opens the form for an issue not related to a ride and sends it without an article', async () => {
    const { posts } = serveApi();
    const user = userEvent.setup();
    renderRoutes('/writetous');
    await user.click(await screen.findByRole('radio', { name: messages.issueNotRelatedToRide }));
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), LONG);
    await user.click(screen.getByTestId('issue-submit'));
    expect(await screen.findByTestId('ticket-message')).toHaveTextContent(messages.ticketSuccess);
    expect(posts[0]?.body).toEqual({ query: LONG, email_from: riya.email, country_code: 'IN' });
  });
});

describe('/dwritetous', () => {
  it('goes to /main without an article', async () => {
    serveApi();
    renderRoutes('/dwritetous');
    expect(await h1('Main page')).toBeInTheDocument();
  });

  it('asks a visitor to sign in, and brings them back to this form (its order too) afterwards', async () => {
    const { fetchMock } = serveApi();
    const user = userEvent.setup();
    const form = '/dwritetous/100607?order_id=GFT5572016&order_type=giftcard';
    const router = renderRoutes(form, {});
    const prompt = await screen.findByTestId('ticket-login-prompt');
    expect(prompt).toHaveTextContent('Sign in to write to us about this.');
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('issue-form')).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('link', { name: 'Sign in' }));
    expect(await h1('Login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?return=${encodeURIComponent(form)}`);
    expect(safeReturnPath(new URLSearchParams(router.state.location.search).get('return'))).toBe(form);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('createTicket'))).toBe(false);
  });

  it('asks a visitor to sign in for a booking’s form too (/{crn}/dwritetous/{articleId})', async () => {
    serveApi();
    renderRoutes(`/${validCrn}/dwritetous/100607`, {});
    expect(await screen.findByTestId('ticket-login-prompt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?return=${encodeURIComponent(`/${validCrn}/dwritetous/100607`)}`,
    );
  });

  it('takes a visitor who taps Write to us under an article to the sign-in prompt, not home', async () => {
    serveApi();
    const user = userEvent.setup();
    const router = renderRoutes('/report/101005', {});
    await user.click(await screen.findByTestId('write-to-us-link'));
    expect(await screen.findByTestId('ticket-login-prompt')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dwritetous/101005');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?return=${encodeURIComponent('/dwritetous/101005')}`,
    );
  });

  it("shows the article's form and sends the article with the ticket", async () => {
    const { posts } = serveApi();
    const user = userEvent.setup();
    renderRoutes('/dwritetous/100607');
    expect(await h1('My issue isn’t listed. Write to us')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), LONG);
    await user.click(screen.getByTestId('issue-submit'));
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.body).toMatchObject({ issue_id: '100607', article_type: 'write_to_us', query: LONG });
  });

  it("shows 'Article not found.' for an unknown article", async () => {
    serveApi();
    renderRoutes('/dwritetous/999999');
    expect(await h1(messages.articleNotFound)).toBeInTheDocument();
  });

  it('puts the booking card on top and sends the booking with /{crn}/dwritetous/{articleId}', async () => {
    const { posts } = serveApi();
    const user = userEvent.setup();
    renderRoutes(`/${validCrn}/dwritetous/100607`);
    expect(await h1('My issue isn’t listed. Write to us')).toBeInTheDocument();
    expect(within(screen.getByTestId('booking-context')).getByTestId('booking-card')).toBeInTheDocument();
    // A valid ride id makes the description optional.
    await user.click(screen.getByTestId('issue-submit'));
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.body).toMatchObject({ booking_id: 'bk_riya_001', cab_category: 'prime', issue_id: '100607' });
  });

  it("shows 'Booking Not found.' for a reference that fails the check", async () => {
    serveApi();
    renderRoutes('/12345/dwritetous/100607');
    expect(await h1(messages.bookingNotFound)).toBeInTheDocument();
  });

  it("takes an order's items as the checklist with ?order_id=&order_type=", async () => {
    const order = {
      order_id: 'GRC7730155',
      order_type: 'grocery',
      order_status: 'delivered',
      amount: 420,
      currency_symbol: '₹',
      modified_at: '2026-11-10T10:00:00.000Z',
      items: [{ item_id: 'onion', item_name: 'Onions 1 kg', quantity: 2 }],
      customer_details: { name: 'Riya', contact: null, email: null, user_id: riya.id },
    };
    articles['410201'] = article({ id: '410201', title: 'An item is missing', labels: { call_type: 'item_missing' } });
    serveApi({
      [kbPaths.metaVariant('grocery')]: () =>
        jsonResponse({ status: 'SUCCESS', index_name: ['grocery'], context: null, data: [], order }),
      [orderPaths.context]: () => jsonResponse({ status: 'SUCCESS', data: order }),
    });
    renderRoutes('/dwritetous/410201?order_id=GRC7730155&order_type=grocery');
    expect(await h1('An item is missing')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Onions 1 kg' })).toBeInTheDocument();
  });
});

describe('/report and /write_to_us', () => {
  it('shows the form under an article that is not a one-touch', async () => {
    serveApi();
    renderRoutes('/report/100607');
    expect(await h1('My issue isn’t listed. Write to us')).toBeInTheDocument();
    expect(within(screen.getByTestId('article-write-to-us')).getByTestId('issue-form')).toBeInTheDocument();
    expect(screen.queryByTestId('write-to-us-link')).not.toBeInTheDocument();
  });

  it('leaves the form out for a one-touch article', async () => {
    serveApi();
    renderRoutes('/report/101005');
    expect(await h1('I paid cash to the driver')).toBeInTheDocument();
    expect(screen.queryByTestId('issue-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('write-to-us-link')).toHaveAttribute('href', '/dwritetous/101005');
  });

  it('asks a visitor to sign in instead of showing the form', async () => {
    serveApi();
    renderRoutes('/report/100607', {});
    expect(await screen.findByTestId('ticket-login-prompt')).toBeInTheDocument();
    expect(screen.queryByTestId('issue-form')).not.toBeInTheDocument();
  });

  it('opens the article the contract names for /report/{tag}/default, searching nothing', async () => {
    const { fetchMock } = serveApi();
    renderRoutes('/report/verify_email/default');
    expect(await h1('How do I verify my email')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked.some((path) => path.includes('/search'))).toBe(false);
  });

  it('opens /report/{context}/{previous} by the same table, in the viewer’s own index', async () => {
    serveApi();
    renderRoutes('/report/write_to_us/home');
    expect(await h1('My issue isn’t listed. Write to us')).toBeInTheDocument();
  });

  it('gives a visitor on the UK site the UK article of a context', async () => {
    serveApi();
    renderRoutes('/report/write_to_us/home', { ukHost: true });
    expect(await h1('Write to us')).toBeInTheDocument();
  });

  it("says 'Article not found.' for a context the table does not name", async () => {
    serveApi();
    renderRoutes('/report/ctx/home');
    expect(await h1(messages.articleNotFound)).toBeInTheDocument();
    renderRoutes('/report/nothing_like_this/default');
    expect((await screen.findAllByRole('heading', { level: 1, name: messages.articleNotFound })).length).toBe(2);
  });

  it('sends the source page with /write_to_us/{source}/{context}/dreport/{id}', async () => {
    const { posts } = serveApi();
    const user = userEvent.setup();
    renderRoutes('/write_to_us/PACKAGE/rides/dreport/101005');
    expect(await h1('I paid cash to the driver')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), LONG);
    await user.click(screen.getByTestId('issue-submit'));
    await screen.findByTestId('ticket-result');
    expect(posts[0]?.path).toBe('/api/v1/ticket?source_page=PACKAGE');
  });
});

describe('completion and verify pages', () => {
  it('/dsuccess after a submit shows its answer and the ways home', async () => {
    renderRoutes({ pathname: '/dsuccess', state: created('4812001') });
    expect(await h1('Request received')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-message')).toHaveTextContent(messages.ticketSuccess);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/selfServe', '/main', '/home']);
  });

  it.each([
    ['opened directly', null],
    ['with a state that is no answer', { from: '/dwritetous/100607' }],
    ['with an answer that names no ticket', { ...created('4812002'), ticket_id: '' }],
  ])('/dsuccess %s goes home without thanking anyone', async (_name, state) => {
    renderRoutes({ pathname: '/dsuccess', state });
    expect(await h1('Home page')).toBeInTheDocument();
    expect(screen.queryByText(messages.ticketSuccess)).not.toBeInTheDocument();
  });

  it('/verify-email explains where to verify and leads back to the request', async () => {
    renderRoutes({ pathname: '/verify-email', state: { from: '/dwritetous/100607' } });
    expect(await h1('Verify your e-mail address')).toBeInTheDocument();
    expect(screen.getByText(/riya\.customer@example\.in/)).toBeInTheDocument();
    expect(screen.getByText(/verification link we sent to your mailbox/)).toBeInTheDocument();
    expect(screen.getByTestId('verify-back')).toHaveAttribute('href', '/dwritetous/100607');
  });

  it('/verify-email ignores a return path that leaves the site', async () => {
    renderRoutes({ pathname: '/verify-email', state: { from: 'https://evil.example/x' } });
    expect(await h1('Verify your e-mail address')).toBeInTheDocument();
    expect(screen.queryByTestId('verify-back')).not.toBeInTheDocument();
  });
});

describe('/dev/outbox', () => {
  it('lists the newest mails in demo mode, bodies as text', async () => {
    mockFetch({
      [mailPaths.devOutbox]: () =>
        jsonResponse({
          status: 'SUCCESS',
          messages: [
            {
              id: 'ob_1',
              to: riya.email,
              subject: 'We received your request #4812000',
              text: 'Hello Riya,\nwe received your request.',
              html: '<img src=x onerror=alert(1)>',
              kind: 'ticket_confirmation',
              transport: 'outbox',
              created_at: '2026-11-12T05:00:00.000Z',
              sent_at: null,
            },
          ],
        }),
    });
    renderRoutes('/dev/outbox', { ...signedInRiya, demo: true });
    expect(await h1('Outbox')).toBeInTheDocument();
    const mail = await screen.findByTestId('outbox-mail');
    expect(mail).toHaveTextContent('We received your request #4812000');
    expect(mail).toHaveTextContent(riya.email);
    expect(mail).toHaveTextContent('we received your request.');
    expect(mail.querySelector('img')).toBeNull();
  });

  it('does not exist outside demo mode', async () => {
    const fetchMock = mockFetch({});
    renderRoutes('/dev/outbox', { ...signedInRiya, demo: false });
    expect(await h1(messages.NOT_FOUND)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in first: it shows only the signed-in user’s own mail', async () => {
    const fetchMock = mockFetch({});
    renderRoutes('/dev/outbox', { demo: true });
    expect(await h1('Login page')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('monitoring', () => {
  it('reports the timing and outcome of each ticket call (not in development)', async () => {
    vi.stubEnv('DEV', false);
    const events: Record<string, unknown>[] = [];
    serveApi({
      [ticketPaths.monitoring]: (_url, init) => {
        events.push(JSON.parse(String(init?.body)));
        return jsonResponse({ status: 'SUCCESS' });
      },
    });
    const user = userEvent.setup();
    renderRoutes('/dwritetous/100607');
    await user.type(await screen.findByRole('textbox', { name: 'Describe your issue' }), LONG);
    await user.click(screen.getByTestId('issue-submit'));
    await screen.findByTestId('ticket-result');
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({
      event_name: 'ticket_call',
      endpoint: ticketPaths.create,
      outcome: 'CREATED',
      http_status: 200,
      profileCountry: 'IN',
      appRequest: false,
      // core.md §7: every device field is sent, null where the browser does not say (never a guess).
      profileCity: null,
      versionId: null,
      deviceName: null,
    });
    for (const field of monitoringDeviceFields) expect(events[0]).toHaveProperty(field);
    expect(typeof events[0]?.duration_ms).toBe('number');
  });

  it('sends nothing in development', async () => {
    const { fetchMock } = serveApi();
    const user = userEvent.setup();
    renderRoutes('/dwritetous/100607');
    await user.type(await screen.findByRole('textbox', { name: 'Describe your issue' }), LONG);
    await user.click(screen.getByTestId('issue-submit'));
    await screen.findByTestId('ticket-result');
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith(ticketPaths.monitoring))).toBe(false);
  });
});
