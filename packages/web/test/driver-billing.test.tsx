import {
  type DriverBooking,
  type DriverRideDetails,
  driverPaths,
  driverRoutes,
  type InvoiceResponse,
  kbPaths,
  type SessionUser,
} from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BillingIssuePage } from '../src/app/pages/billing-issue';
import { HomePage } from '../src/features/kb/routes/home';
import { clearKbSelection } from '../src/lib/kb/kb-selection';
import { category, leaf, metaResponse, ridesCategory } from './kb-fixtures';
import { jsonResponse, mockFetch, renderAppRoutes, renderWithSession, riya, userInfo } from './utils';

// Issue 18 items 3 and 8 (docs/driver.md "Billing help", "Who lands where").

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

const b64 = (s: string) => btoa(s);
const ride: DriverBooking = {
  crn: '5417000012',
  booking_id: 'bk_ramesh_d12',
  id: 'dr_ramesh_d12',
  ride_type: 'now',
  display_type: 'Point to Point',
  car_category: 'prime',
  service_type: 'p2p',
  total_fare: 450,
  osn: null,
  status: 'completed',
  sub_status: null,
  pickup_date: '2026-11-10T10:00:00.000Z',
  cash: true,
  currency_country: 'IN',
};
const details = (overrides: Partial<DriverRideDetails> = {}): { status: 'SUCCESS'; data: DriverRideDetails } => ({
  status: 'SUCCESS',
  data: {
    ...ride,
    city: 'Bengaluru',
    pickup_location: b64('Domlur'),
    drop_location: b64('Airport'),
    stop_at: null,
    car_number: null,
    car_model: null,
    has_statement: true,
    ...overrides,
  },
});
const invoice: InvoiceResponse = {
  status: 'SUCCESS',
  data: {
    id: ride.id,
    crn: ride.crn,
    booking_id: ride.booking_id,
    pickup_date: ride.pickup_date,
    car_category: 'prime',
    currency_country: 'IN',
    currency_symbol: '₹',
    statement: {
      fare: 450,
      commission: 80,
      incentives: 20,
      tolls: 50,
      cash_collected: 450,
      net_earnings: 390,
      net_payout: -60,
    },
  },
};

// The drivers' index in miniature: the billing category (driver_in_en's 200100) after another one.
const driverIndex = { index_name: 'driver_in_en' };
const documents = category(
  '200200',
  'Documents and account',
  [leaf('200201', 'Attach a car', '200200', driverIndex)],
  driverIndex,
);
const earnings = category(
  '200100',
  'Earnings and payouts',
  [
    leaf('200101', 'When is my weekly payout?', '200100', driverIndex),
    leaf('200104', 'Why was commission taken?', '200100', driverIndex),
  ],
  driverIndex,
);

beforeEach(() => {
  window.sessionStorage.clear();
  clearKbSelection();
});

const billingRoute = [
  { path: '/bookingdetails/billing_issue/:source', element: <BillingIssuePage /> },
  { path: driverRoutes.rides, element: <p>trips list</p> },
  { path: '/main', element: <p>main page</p> },
];

describe('/bookingdetails/billing_issue/{source} for a driver', () => {
  it('shows the trip, its bill from the driver’s side and the billing articles of his index; Back goes to the trip', async () => {
    const asked: string[] = [];
    mockFetch({
      [driverPaths.rideDetails]: (url) => {
        asked.push(url.searchParams.get('crn') ?? '');
        return jsonResponse(details());
      },
      [driverPaths.invoice]: (url) => {
        expect(url.searchParams.get('id')).toBe(ride.id);
        return jsonResponse(invoice);
      },
      [kbPaths.meta]: () => jsonResponse(metaResponse([documents, earnings])),
    });
    renderAppRoutes(
      billingRoute,
      { initialEntries: [`/bookingdetails/billing_issue/driver_ride?crn=${ride.crn}`] },
      {
        user: ramesh,
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing help' })).toBeInTheDocument();
    expect(await screen.findByTestId('billing-net_payout')).toHaveTextContent('−₹60');
    expect(screen.getByTestId('billing-fare')).toHaveTextContent('₹450');
    expect(screen.getByTestId('billing-commission')).toHaveTextContent('−₹80');
    expect(screen.getByTestId('billing-incentives')).toHaveTextContent('₹20');
    expect(screen.getByTestId('billing-net_earnings')).toHaveTextContent('₹390');
    expect(screen.getByTestId('billing-cash_collected')).toHaveTextContent('−₹450');
    expect(screen.getByTestId('billing-tolls')).toHaveTextContent('₹50');
    expect(screen.getByTestId('driver-billing-trip')).toHaveTextContent(`CRN ${ride.crn}`);
    expect(screen.getByText('Domlur → Airport')).toBeInTheDocument();
    expect(asked).toEqual([ride.crn]);

    const articles = within(await screen.findByTestId('billing-articles'));
    await waitFor(() => expect(articles.getAllByRole('link')).toHaveLength(2));
    expect(articles.getByRole('link', { name: 'When is my weekly payout?' })).toHaveAttribute(
      'href',
      '/article/200101',
    );
    expect(articles.queryByRole('link', { name: 'Attach a car' })).toBeNull();

    expect(screen.getByTestId('kb-back')).toHaveAttribute('href', `/driver/rides/${ride.crn}`);
    expect(screen.getByTestId('driver-billing-statement')).toHaveAttribute(
      'href',
      `/driver/rides/${ride.crn}/statement`,
    );
  });

  it('says a trip with nothing earned or charged has no bill, without asking for one', async () => {
    mockFetch({
      [driverPaths.rideDetails]: () => jsonResponse(details({ status: 'cancelled', has_statement: false })),
      [driverPaths.invoice]: () => {
        throw new Error('no statement is asked for');
      },
      [kbPaths.meta]: () => jsonResponse(metaResponse([earnings])),
    });
    renderAppRoutes(
      billingRoute,
      { initialEntries: [`/bookingdetails/billing_issue/driver_rides?crn=${ride.crn}`] },
      {
        user: ramesh,
      },
    );
    expect(await screen.findByTestId('driver-billing-no-bill')).toHaveTextContent(
      'This trip earned nothing and was charged nothing, so it has no bill.',
    );
    expect(screen.queryByTestId('billing-fare')).toBeNull();
    // Came from the trips list: Back goes there.
    expect(screen.getByTestId('kb-back')).toHaveAttribute('href', '/driver/rides');
  });

  it('shows no articles when the index has no billing category', async () => {
    mockFetch({
      [driverPaths.rideDetails]: () => jsonResponse(details()),
      [driverPaths.invoice]: () => jsonResponse(invoice),
      [kbPaths.meta]: () => jsonResponse(metaResponse([ridesCategory])),
    });
    renderAppRoutes(
      billingRoute,
      { initialEntries: [`/bookingdetails/billing_issue/x?crn=${ride.crn}`] },
      {
        user: ramesh,
      },
    );
    expect(await screen.findByText('There are no billing articles in your help yet.')).toBeInTheDocument();
    // An unknown source is the driver app: Back goes home.
    expect(screen.getByTestId('kb-back')).toHaveAttribute('href', '/home');
  });

  it('without a trip, sends the driver to choose one from his trips', async () => {
    mockFetch({});
    renderAppRoutes(billingRoute, { initialEntries: ['/bookingdetails/billing_issue/driver_app'] }, { user: ramesh });
    expect(await screen.findByText('trips list')).toBeInTheDocument();
  });

  it('keeps the rider’s page for a rider: no selected booking goes to /main', async () => {
    mockFetch({});
    renderAppRoutes(
      billingRoute,
      { initialEntries: [`/bookingdetails/billing_issue/default?crn=${ride.crn}`] },
      {
        user: riya,
      },
    );
    expect(await screen.findByText('main page')).toBeInTheDocument();
  });
});

describe('partners’ homes', () => {
  it('the operator app’s home names the operator, offers the partner’s trips and tickets, no customer bookings', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([earnings])) });
    renderWithSession(<HomePage />, {
      route: '/report',
      session: {
        user: ramesh,
        entryMode: 'operator_app',
        inApp: true,
        userInfo: userInfo(),
        userInfoStatus: 'success',
      },
    });
    await screen.findByTestId('category-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Operator help' })).toBeInTheDocument();
    expect(screen.getByTestId('partner-home-lead')).toHaveTextContent('Help for fleet operators');
    expect(screen.getByTestId('home-driver-trips')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my tickets' })).toHaveAttribute('href', '/tickets');
    expect(screen.queryByTestId('home-bookings')).toBeNull();
  });

  it('a customer signed in to the operator app gets no customer booking list either', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([earnings])) });
    renderWithSession(<HomePage />, {
      route: '/report',
      session: { user: riya, entryMode: 'operator_app', inApp: true, userInfo: userInfo(), userInfoStatus: 'success' },
    });
    await screen.findByTestId('category-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Operator help' })).toBeInTheDocument();
    expect(screen.queryByTestId('home-bookings')).toBeNull();
    expect(screen.queryByTestId('home-driver-trips')).toBeNull();
    expect(screen.queryByTestId('membership-status')).toBeNull();
  });

  it('a food-delivery rider’s home is his: its lead and his tickets, no trips and no bookings', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([ridesCategory])) });
    const sunil: SessionUser = { ...ramesh, id: 'u_food_rider', role: 'food_delivery_rider', name: 'Sunil Kumar' };
    renderWithSession(<HomePage />, {
      session: { user: sunil, entryMode: 'driver_app', inApp: true, userInfo: userInfo(), userInfoStatus: 'success' },
    });
    await screen.findByTestId('category-list');
    expect(screen.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeInTheDocument();
    expect(screen.getByTestId('partner-home-lead')).toHaveTextContent(
      'Help for delivery partners: orders, payouts, gear and insurance.',
    );
    expect(screen.getByTestId('home-partner-tickets')).toBeInTheDocument();
    expect(screen.queryByTestId('home-driver-trips')).toBeNull();
    expect(screen.queryByTestId('home-bookings')).toBeNull();
  });

  it('a driver’s home is unchanged: his trips, no partner lead', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([earnings])) });
    renderWithSession(<HomePage />, {
      session: { user: ramesh, entryMode: 'driver_app', inApp: true, userInfo: userInfo(), userInfoStatus: 'success' },
    });
    await screen.findByTestId('category-list');
    expect(screen.getByTestId('home-driver-trips')).toBeInTheDocument();
    expect(screen.queryByTestId('partner-home-lead')).toBeNull();
    expect(screen.queryByTestId('home-partner-tickets')).toBeNull();
  });
});
