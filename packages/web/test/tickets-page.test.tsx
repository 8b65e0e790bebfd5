import { messages, TOAST_DURATION_MS, ticketPaths } from '@selfserve/contract';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TicketsPage } from '../src/features/tickets/routes/tickets';
import { rememberAppVersion } from '../src/lib/app-version';
import type { TicketSummary } from '../src/lib/tickets/get-tickets';
import { failure, renderInRouter } from './ticket-fixtures';
import { type FetchHandler, jsonResponse, mockFetch, riya } from './utils';

function ticket(id: string, status: TicketSummary['status'], created: string, over: Partial<TicketSummary> = {}) {
  return {
    ticket_id: id,
    status,
    subject: `Subject ${id}`,
    created_at: created,
    updated_at: created,
    booking_id: null,
    order_id: null,
    article_name: null,
    rated: false,
    ...over,
  } satisfies TicketSummary;
}

const open = [
  ticket('4810001', 'open', '2026-01-05T10:00:00.000Z'),
  ticket('4810004', 'open', '2026-01-10T10:00:00.000Z'),
  ticket('4810002', 'open', '2026-01-07T10:00:00.000Z'),
];
const closed = [
  ticket('4810003', 'solved', '2026-01-08T10:00:00.000Z', { rated: true }),
  ticket('4810005', 'closed', '2026-01-12T10:00:00.000Z'),
  ticket('4810006', 'solved', '2026-01-09T10:00:00.000Z'),
  ticket('4810007', 'closed', '2026-01-06T10:00:00.000Z'),
];

const serveLists: { open: TicketSummary[]; closed: TicketSummary[]; next_cursor?: string | null } = { open, closed };
function serve(extra: Record<string, FetchHandler> = {}, lists = serveLists) {
  const ratings: unknown[] = [];
  const fetchMock = mockFetch({
    [ticketPaths.search]: () => jsonResponse({ status: 'SUCCESS', ...lists }),
    [ticketPaths.csat]: (_url, init) => {
      ratings.push(JSON.parse(String(init?.body)));
      return jsonResponse({ status: 'SUCCESS' });
    },
    ...extra,
  });
  return { ratings, fetchMock };
}

const idsIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByTestId('ticket')
    .map((t) => t.getAttribute('data-ticket-id'));
const card = (id: string) => {
  const found = screen.getAllByTestId('ticket').find((t) => t.getAttribute('data-ticket-id') === id);
  if (!found) throw new Error(`no ticket ${id}`);
  return found;
};

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

describe('/tickets', () => {
  it('puts the latest ticket on top, then open and resolved ones newest first, with their badges', async () => {
    serve();
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My tickets' })).toBeInTheDocument();
    const latest = await screen.findByTestId('tickets-latest');
    const top = within(latest).getByTestId('ticket');
    expect(top).toHaveAttribute('data-ticket-id', '4810005');
    expect(top).toHaveAttribute('data-latest', 'true');
    expect(within(top).getByTestId('ticket-badge')).toHaveTextContent('Resolved');

    expect(idsIn('tickets-open')).toEqual(['4810004', '4810002', '4810001']);
    for (const id of ['4810004', '4810002', '4810001']) {
      expect(within(card(id)).getByTestId('ticket-badge')).toHaveTextContent('Open');
    }
    // The latest is on top as well, not instead: the history lists it too.
    expect(idsIn('tickets-closed')).toEqual(['4810005', '4810006', '4810003', '4810007']);
    expect(within(card('4810003')).getByTestId('ticket-badge')).toHaveTextContent('Resolved');
    expect(within(card('4810003')).getByTestId('ticket-rated')).toHaveTextContent('You rated this request.');
    expect(within(card('4810006')).getByRole('button', { name: 'Good' })).toBeInTheDocument();
  });

  it('asks for a rating only once a ticket is solved or closed (issue 14)', async () => {
    serve();
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    await screen.findByTestId('tickets-latest');
    for (const id of ['4810004', '4810002', '4810001']) {
      expect(within(card(id)).queryByTestId('ticket-rating')).not.toBeInTheDocument();
      expect(within(card(id)).queryByText('How was our support?')).not.toBeInTheDocument();
    }
    for (const id of ['4810005', '4810006', '4810007']) {
      expect(within(card(id)).getByRole('group', { name: 'How was our support?' })).toBeInTheDocument();
    }
  });

  it('highlights an open ticket when it is the newest, and still lists it under open requests', async () => {
    serve({}, { open: [ticket('4810009', 'open', '2026-02-01T00:00:00.000Z')], closed });
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    const top = within(await screen.findByTestId('tickets-latest')).getByTestId('ticket');
    expect(top).toHaveAttribute('data-ticket-id', '4810009');
    expect(within(top).getByTestId('ticket-badge')).toHaveTextContent('Open');
    expect(idsIn('tickets-open')).toEqual(['4810009']);
    expect(screen.queryByTestId('tickets-open-empty')).not.toBeInTheDocument();
  });

  it('never says there are no open requests while the only ticket is open (Latest · Open)', async () => {
    serve({}, { open: [ticket('4810010', 'open', '2026-02-02T00:00:00.000Z')], closed: [] });
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    const top = within(await screen.findByTestId('tickets-latest')).getByTestId('ticket');
    expect(top).toHaveAttribute('data-latest', 'true');
    expect(within(top).getByTestId('ticket-badge')).toHaveTextContent('Open');
    expect(screen.queryByText('You have no open requests.')).not.toBeInTheDocument();
    const listed = within(screen.getByTestId('tickets-open')).getByTestId('ticket');
    expect(listed).toHaveAttribute('data-ticket-id', '4810010');
    expect(within(listed).getByTestId('ticket-badge')).toHaveTextContent('Open');
    expect(screen.getByTestId('tickets-closed-empty')).toHaveTextContent('No resolved requests yet.');
    // Two cards of one ticket, each named by its own heading.
    const headings = screen.getAllByRole('heading', { level: 3, name: 'Subject 4810010' });
    expect(headings).toHaveLength(2);
    expect(new Set(headings.map((h) => h.id)).size).toBe(2);
  });

  it('says so when there are no tickets, with a way to write to us', async () => {
    serve({}, { open: [], closed: [] });
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    expect(await screen.findByTestId('tickets-none')).toHaveTextContent('You have not written to us yet.');
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/writetous');
  });

  it.each([
    ['website', false, null, 'IN', true],
    ['app, version unknown', true, null, 'IN', false],
    ['app above 91403 in India', true, '91404', 'IN', true],
    ['app at 91403 in India', true, '91403', 'IN', false],
    ['app at 91404 elsewhere', true, '91404', 'GB', false],
    ['app above 91459 elsewhere', true, '91460', 'GB', true],
  ])('support history: %s → %s', async (_name, inApp, version, country, shown) => {
    serve();
    renderInRouter(<TicketsPage />, {
      path: '/tickets',
      entry: version ? `/tickets?app_version=${version}` : '/tickets',
      session: { inApp, user: { ...riya, country_code: country } },
    });
    await screen.findByTestId('tickets-latest');
    if (shown) expect(screen.getByTestId('support-history')).toHaveTextContent('Support history');
    else expect(screen.queryByTestId('support-history')).not.toBeInTheDocument();
  });

  // The version comes from the host app: the app_version query of the page it opened, kept for the tab
  // (main.tsx rememberAppVersion), so /tickets reached later without the query still knows it.
  it('support history: the app version remembered at entry counts on a later page without the query', async () => {
    window.sessionStorage.clear();
    rememberAppVersion('?app_version=91404&lang=hi');
    serve();
    renderInRouter(<TicketsPage />, {
      path: '/tickets',
      session: { inApp: true, user: { ...riya, country_code: 'IN' } },
    });
    await screen.findByTestId('tickets-latest');
    expect(screen.getByTestId('support-history')).toBeInTheDocument();
    window.sessionStorage.clear();
  });

  it.each([
    ['a non-numeric version', '?app_version=91404abc'],
    ['a version with a sign', '?app_version=-91500'],
    ['no version at all', '?lang=hi'],
  ])('support history: %s at entry counts as unknown (hidden in the app)', async (_name, entry) => {
    window.sessionStorage.clear();
    rememberAppVersion(entry);
    serve();
    renderInRouter(<TicketsPage />, {
      path: '/tickets',
      session: { inApp: true, user: { ...riya, country_code: 'IN' } },
    });
    await screen.findByTestId('tickets-latest');
    expect(screen.queryByTestId('support-history')).not.toBeInTheDocument();
  });

  it('loads older requests a page at a time with Show more until every one is shown', async () => {
    // 230 tickets, newest first, served 100 to a page as the server does (next_cursor until the last page).
    const many = Array.from({ length: 230 }, (_, i) =>
      ticket(
        String(4900000 + i),
        i % 3 === 0 ? 'solved' : 'open',
        new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
      ),
    );
    const asked: (string | null)[] = [];
    serve({
      [ticketPaths.search]: (url) => {
        const cursor = url.searchParams.get('cursor');
        asked.push(cursor);
        const start = cursor ? Number(cursor.replace('after-', '')) : 0;
        const page = many.slice(start, start + 100);
        return jsonResponse({
          status: 'SUCCESS',
          open: page.filter((x) => x.status === 'open'),
          closed: page.filter((x) => x.status !== 'open'),
          next_cursor: start + 100 < many.length ? `after-${start + 100}` : null,
        });
      },
    });
    const user = userEvent.setup();
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    await screen.findByTestId('tickets-latest');
    // Every ticket in its list, plus the latest on top.
    expect(screen.getAllByTestId('ticket')).toHaveLength(101);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('ticket')).toHaveLength(201));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('ticket')).toHaveLength(231));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(asked).toEqual([null, 'after-100', 'after-200']);
    // Still newest first after the merge, and the oldest of all is there.
    expect(within(screen.getByTestId('tickets-latest')).getByTestId('ticket')).toHaveAttribute(
      'data-ticket-id',
      '4900000',
    );
    expect(idsIn('tickets-open').at(-1)).toBe('4900229');
    expect(idsIn('tickets-closed').at(-1)).toBe('4900228');
  }, 20_000); // 230 cards with their rating buttons: slow on a loaded 2-core machine

  it('offers no Show more when the list fits one page', async () => {
    serve({}, { open, closed, next_cursor: null } as typeof serveLists);
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    await screen.findByTestId('tickets-latest');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('reads the app version the session entered with when the page has none', async () => {
    window.sessionStorage.setItem('selfserve.app.version', '91500');
    serve();
    renderInRouter(<TicketsPage />, { path: '/tickets', session: { inApp: true } });
    expect(await screen.findByTestId('support-history')).toBeInTheDocument();
  });
});

describe('support rating', () => {
  it('sends Good at once, thanks the user and shows the ticket as rated', async () => {
    const { ratings } = serve();
    const user = userEvent.setup();
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    await screen.findByTestId('tickets-latest');
    await user.click(within(card('4810006')).getByRole('button', { name: 'Good' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Thank you for your feedback!');
    expect(ratings).toEqual([{ ref_id: '4810006', reason: null, satisfaction_rating: { score: 'good', comment: '' } }]);
    await waitFor(() => expect(within(card('4810006')).getByTestId('ticket-rated')).toBeInTheDocument());
    expect(within(card('4810006')).queryByRole('button', { name: 'Good' })).not.toBeInTheDocument();
    // The thank-you toast lasts 2 seconds (guided-flows.md §4).
    const shownAt = Date.now();
    await waitForElementToBeRemoved(() => screen.queryByTestId('toast'), { timeout: TOAST_DURATION_MS + 1000 });
    expect(Date.now() - shownAt).toBeGreaterThan(TOAST_DURATION_MS - 500);
  });

  it('asks Bad for a reason and a comment, then sends them', async () => {
    const { ratings } = serve();
    const user = userEvent.setup();
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    await screen.findByTestId('tickets-latest');
    const target = card('4810007');
    await user.click(within(target).getByRole('button', { name: 'Bad' }));
    const form = within(target).getByTestId('rating-bad-form');
    const reasons = within(form).getAllByRole('radio');
    expect(reasons.map((r) => r.closest('label')?.textContent)).toEqual([
      'Too slow',
      'Not resolved',
      'Rude or unhelpful',
      'Other',
    ]);
    const send = within(form).getByRole('button', { name: 'Submit rating' });
    expect(send).toBeDisabled();
    await user.click(within(form).getByRole('radio', { name: 'Not resolved' }));
    await user.type(within(form).getByRole('textbox', { name: 'Tell us more (optional)' }), 'Still charged twice');
    expect(send).not.toBeDisabled();
    await user.click(send);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Thank you for your feedback!');
    expect(ratings).toEqual([
      {
        ref_id: '4810007',
        reason: 'not_resolved',
        satisfaction_rating: { score: 'bad', comment: 'Still charged twice' },
      },
    ]);
    await waitFor(() => expect(within(card('4810007')).getByTestId('ticket-rated')).toBeInTheDocument());
  });

  it('takes an already-rated answer (409) as rated', async () => {
    serve({
      [ticketPaths.csat]: () => failure(409, 'CONFLICT', 'You have already rated this request. Thank you!'),
    });
    const user = userEvent.setup();
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    await screen.findByTestId('tickets-latest');
    await user.click(within(card('4810006')).getByRole('button', { name: 'Good' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You have already rated this request. Thank you!');
    await waitFor(() => expect(within(card('4810006')).getByTestId('ticket-rated')).toBeInTheDocument());
  });

  it('says why when the server will not take the rating yet (409 ticketNotRatableYet), and keeps asking', async () => {
    serve({
      [ticketPaths.csat]: () => failure(409, 'ticketNotRatableYet', messages.ticketNotRatableYet),
    });
    const user = userEvent.setup();
    renderInRouter(<TicketsPage />, { path: '/tickets' });
    await screen.findByTestId('tickets-latest');
    await user.click(within(card('4810006')).getByRole('button', { name: 'Good' }));
    expect(await within(card('4810006')).findByRole('alert')).toHaveTextContent(messages.ticketNotRatableYet);
    expect(within(card('4810006')).queryByTestId('ticket-rated')).not.toBeInTheDocument();
    expect(within(card('4810006')).getByRole('button', { name: 'Good' })).toBeInTheDocument();
  });
});
