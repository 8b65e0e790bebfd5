import { bookingPaths, bookingRoutes, messages, oneTouchPaths } from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { InvoiceViewPage } from '../src/features/bookings/routes/invoices';
import type { SessionState } from '../src/lib/session';
import { bookings } from './booking-fixtures';
import { jsonResponse, mockFetch, renderAppRoutes, riya, userInfo } from './utils';

const signedIn: Partial<SessionState> = {
  user: { ...riya, is_member: false },
  userInfo: userInfo({ email: riya.email, name: riya.name, is_select: false, active_subscription: null }),
  userInfoStatus: 'success',
};

function renderInvoices(session: Partial<SessionState> = signedIn) {
  return renderAppRoutes(
    [
      { path: '/home', element: <h1>Home page</h1> },
      { path: bookingRoutes.viewInvoice, element: <InvoiceViewPage /> },
    ],
    { initialEntries: [bookingRoutes.viewInvoice] },
    session,
  ).router;
}

const rides = bookings(2);

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('/report/viewinvoice/default (the invoice view)', () => {
  it('lists the rider’s completed rides and mails a ride’s invoice through send_invoice', async () => {
    const lists: URL[] = [];
    const posts: unknown[] = [];
    mockFetch({
      [bookingPaths.list]: (url) => {
        lists.push(url);
        return jsonResponse({ status: 'SUCCESS', data: rides, next_page: false, page_key: null });
      },
      [oneTouchPaths.sendInvoice]: (_url, init) => {
        posts.push(JSON.parse(String(init?.body)));
        return jsonResponse({
          status: 'SUCCESS',
          title: messages.invoiceSent,
          title_code: 'invoiceSent',
          message: `We have sent the invoice for ride ${rides[1]?.crn} to ${riya.email}.`,
          code: 'invoiceSentForRide',
          params: { crn: rides[1]?.crn ?? '', address: riya.email },
          ticket_request_id: null,
          csat_required: false,
          side_load: {},
        });
      },
    });
    const user = userEvent.setup();
    renderInvoices();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your invoices' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('booking-card');
    expect(cards).toHaveLength(2);
    expect(lists[0]?.searchParams.get('status')).toBe('completed');

    await user.click(screen.getByRole('button', { name: `Get the invoice of ride ${rides[1]?.crn}` }));
    const form = screen.getByTestId(`invoice-form-${rides[1]?.id}`);
    const email = within(form).getByRole('textbox', { name: 'Send the invoice to' });
    expect(email).toHaveValue(riya.email);
    await user.click(within(form).getByRole('button', { name: 'E-mail the invoice' }));

    const dialog = await screen.findByTestId('onetouch-result');
    expect(within(dialog).getByRole('heading', { name: messages.invoiceSent })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(riya.email);
    expect(posts).toEqual([{ booking_id: rides[1]?.id, cab_category: 'prime', email: riya.email }]);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByTestId('onetouch-result')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('booking-card')).toHaveLength(2);
  });

  it('checks the address before sending', async () => {
    const posts: unknown[] = [];
    mockFetch({
      [bookingPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: rides, next_page: false, page_key: null }),
      [oneTouchPaths.sendInvoice]: (_url, init) => {
        posts.push(init?.body);
        return jsonResponse({});
      },
    });
    const user = userEvent.setup();
    renderInvoices();
    await user.click(await screen.findByRole('button', { name: `Get the invoice of ride ${rides[0]?.crn}` }));
    const email = screen.getByRole('textbox', { name: 'Send the invoice to' });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'E-mail the invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.enterValidEmail);
    expect(posts).toEqual([]);
  });

  it('says so when there are no completed rides yet', async () => {
    mockFetch({
      [bookingPaths.list]: () => jsonResponse({ status: 'SUCCESS', data: [], next_page: false, page_key: null }),
    });
    renderInvoices();
    expect(await screen.findByTestId('booking-list-empty')).toHaveTextContent(
      'You have no completed rides yet. Invoices appear here once a ride is completed.',
    );
  });

  it('sends a visitor home', async () => {
    mockFetch({});
    const router = renderInvoices({ user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
