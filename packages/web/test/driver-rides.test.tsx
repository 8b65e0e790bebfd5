import {
  type DriverBooking,
  type DriverRidesResponse,
  driverPaths,
  driverRoutes,
  type InvoiceResponse,
  type SessionUser,
  ticketPaths,
} from '@selfserve/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DriverRidesPage } from '../src/features/driver/routes/rides';
import { DriverStatementPage } from '../src/features/driver/routes/statement';
import { TicketsPage } from '../src/features/tickets/routes/tickets';
import { renderInRouter } from './ticket-fixtures';
import { jsonResponse, mockFetch, renderAppRoutes, riya } from './utils';

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

const ride = (i: number): DriverBooking => ({
  crn: `54170${String(i).padStart(5, '0')}`,
  booking_id: `bk_ramesh_${i}`,
  id: `dr_ramesh_${i}`,
  ride_type: i % 5 === 0 ? 'later' : 'now',
  display_type: 'Point to Point',
  car_category: 'prime',
  service_type: 'p2p',
  total_fare: 300 + i,
  osn: null,
  status: 'completed',
  sub_status: null,
  pickup_date: '2026-11-10T10:00:00.000Z',
  cash: i % 2 === 0,
  currency_country: 'IN',
});

/** A server of 9 rides, paged by cursor as the real one (next_page and per_page only while more follow). */
function ridesServer(total: number) {
  const all = Array.from({ length: total }, (_, i) => ride(i + 1));
  const asked: number[] = [];
  const handler = (url: URL) => {
    const per = Number(url.searchParams.get('per_page'));
    asked.push(per);
    const from = Number(url.searchParams.get('next_page')?.split('-')[0] ?? 0);
    const data = all.slice(from, from + per);
    const more = from + per < all.length;
    const body: DriverRidesResponse = {
      status: 'SUCCESS',
      data,
      ...(more ? { next_page: `${from + per}-x`, per_page: per } : {}),
    };
    return jsonResponse(body);
  };
  return { asked, handler };
}

describe('/driver/rides', () => {
  it('asks for pages of 1, 1, 2, 3, 5 … and stops when the answer lacks next_page', async () => {
    const server = ridesServer(9);
    mockFetch({
      [driverPaths.rides]: server.handler,
      [driverPaths.profile]: () =>
        jsonResponse({
          status: 'SUCCESS',
          locale: 'en',
          country_code: 'IN',
          partner_type: 'driver',
          mobile: '+919741203388',
          dialing_code: '+91',
          dialing_number: '9741203388',
          name: 'Ramesh Yadav',
          email: ramesh.email,
          current_car_category: 'prime',
          is_fp_rider: false,
          article_index: 'driver_in_en',
        }),
    });
    renderAppRoutes(
      [{ path: driverRoutes.rides, element: <DriverRidesPage /> }],
      { initialEntries: ['/driver/rides'] },
      {
        user: ramesh,
      },
    );
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('driver-ride-card')).toHaveLength(1));
    expect(await screen.findByTestId('driver-profile')).toHaveTextContent('Ramesh Yadav');
    for (const count of [2, 4, 7]) {
      await user.click(screen.getByRole('button', { name: 'Show more trips' }));
      await waitFor(() => expect(screen.getAllByTestId('driver-ride-card')).toHaveLength(count));
    }
    // The fifth page would hold 5, but only 2 rides are left: the answer has no next_page, so the list ends.
    await user.click(screen.getByRole('button', { name: 'Show more trips' }));
    await waitFor(() => expect(screen.getAllByTestId('driver-ride-card')).toHaveLength(9));
    expect(screen.getByTestId('driver-rides-end')).toHaveTextContent('You have seen all your trips.');
    expect(screen.queryByRole('button', { name: 'Show more trips' })).toBeNull();
    expect(server.asked).toEqual([1, 1, 2, 3, 5]);
    expect(screen.getByTestId('driver-rides-count')).toHaveTextContent('Trips shown: 9');
  });

  it('shows a food-delivery rider the server’s refusal, without a retry', async () => {
    mockFetch({
      [driverPaths.rides]: () =>
        jsonResponse(
          {
            status: 'FAILURE',
            error: { code: 'foodRiderNoBookings', message: 'Food-delivery riders cannot list driver bookings.' },
          },
          403,
        ),
      [driverPaths.profile]: () => jsonResponse({ status: 'FAILURE', error: { code: 'FORBIDDEN', message: 'x' } }, 403),
    });
    renderAppRoutes(
      [{ path: driverRoutes.rides, element: <DriverRidesPage /> }],
      { initialEntries: ['/driver/rides'] },
      {
        user: { ...ramesh, role: 'food_delivery_rider' },
      },
    );
    expect(await screen.findByText('Food-delivery riders cannot list driver bookings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  });
});

describe('/driver/rides/{crn}/statement', () => {
  it('shows the statement’s lines, the cash a driver owes as minus, and the PDF link', async () => {
    const r = ride(2);
    const statement: InvoiceResponse = {
      status: 'SUCCESS',
      data: {
        id: r.id,
        crn: r.crn,
        booking_id: r.booking_id,
        pickup_date: r.pickup_date,
        car_category: 'prime',
        currency_country: 'IN',
        currency_symbol: '₹',
        statement: {
          fare: 300,
          commission: 60,
          incentives: 0,
          tolls: 0,
          cash_collected: 300,
          net_earnings: 240,
          net_payout: -60,
        },
      },
    };
    mockFetch({
      [driverPaths.rideDetails]: () =>
        jsonResponse({
          status: 'SUCCESS',
          data: {
            ...r,
            city: 'Bengaluru',
            pickup_location: '',
            drop_location: '',
            stop_at: null,
            car_number: null,
            car_model: null,
            has_statement: true,
          },
        }),
      [driverPaths.invoice]: () => jsonResponse(statement),
    });
    renderAppRoutes(
      [{ path: driverRoutes.statement, element: <DriverStatementPage /> }],
      { initialEntries: [`/driver/rides/${r.crn}/statement`] },
      { user: ramesh },
    );
    expect(await screen.findByTestId('statement-net_payout')).toHaveTextContent('−₹60');
    expect(screen.getByTestId('statement-commission')).toHaveTextContent('−₹60');
    expect(screen.getByTestId('statement-cash_collected')).toHaveTextContent('−₹300');
    expect(screen.getByTestId('statement-net_earnings')).toHaveTextContent('₹240');
    expect(
      screen.getByText(
        'The cash you collected is more than you earned: the difference is taken from your next payout.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `${driverPaths.invoice}?id=${r.id}&format=pdf`,
    );
  });
});

describe('a partner’s ticket list', () => {
  it.each([
    ['a driver', ramesh, 'driver'],
    ['a food-delivery rider', { ...ramesh, role: 'food_delivery_rider' } as SessionUser, 'driver'],
    ['a customer', riya, null],
  ])('%s asks search_tickets with tag=%s', async (_, user, tag) => {
    const asked: URL[] = [];
    mockFetch({
      [ticketPaths.search]: (url) => {
        asked.push(url);
        return jsonResponse({ status: 'SUCCESS', open: [], closed: [], next_cursor: null });
      },
    });
    renderInRouter(<TicketsPage />, { path: '/tickets', entry: '/tickets', session: { user } });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked[0]?.searchParams.get('tag')).toBe(tag);
  });
});
