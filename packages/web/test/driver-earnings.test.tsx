import {
  type AttachedCar,
  aggregateEarnings,
  type EarningsHistory,
  earningsPaths,
  type SessionUser,
} from '@selfserve/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { niceTicks } from '../src/features/driver/earnings/earnings-chart';
import { DriverEarningsPage } from '../src/features/driver/earnings/earnings-page';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

const driver = (over: Partial<SessionUser>): SessionUser => ({
  id: 'u_driver_in',
  email: 'ramesh.driver@example.in',
  name: 'Ramesh Yadav',
  role: 'driver',
  country_code: 'IN',
  city: 'Bengaluru',
  locale: 'en-IN',
  is_member: false,
  staff_role: null,
  ...over,
});
const ramesh = driver({});
const jack = driver({ id: 'u_driver_au', name: 'Jack Taylor', country_code: 'AU', city: 'Sydney', locale: 'en-AU' });

const at = (iso: string) => Date.parse(iso);
/** A server that sums a few fixed rides as the real one does (the contract's aggregation); car DXR41M has one ride. */
function earningsServer(currency: string) {
  const bodies: Record<string, unknown>[] = [];
  const rides = [
    { at: at('2026-09-03T05:00:00Z'), fare: 400, tolls: 0, commission: 80, incentives: 20, cash: false, car: 'A1' },
    { at: at('2026-10-10T05:00:00Z'), fare: 600, tolls: 50, commission: 110, incentives: 0, cash: true, car: 'A1' },
    { at: at('2026-11-02T05:00:00Z'), fare: 300, tolls: 0, commission: 60, incentives: 0, cash: false, car: 'DXR41M' },
  ];
  const handler = (_url: URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    bodies.push(body);
    const mine = rides.filter((r) => !body.car || r.car === body.car);
    const { buckets, totals } = aggregateEarnings(mine, {
      from: body.from ?? '',
      to: body.to ?? '',
      granularity: body.granularity as 'month',
      timeZone: 'UTC',
    });
    const data: EarningsHistory = {
      from: body.from ?? '',
      to: body.to ?? '',
      granularity: body.granularity as 'month',
      time_zone: 'UTC',
      currency_country: currency,
      car: body.car ?? null,
      city: null,
      buckets,
      totals,
    };
    return jsonResponse({ status: 'SUCCESS', data });
  };
  return { bodies, handler };
}

const oneCity = () => jsonResponse({ status: 'SUCCESS', data: [{ name: 'Bengaluru', country_code: 'IN' }] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/driver/earnings', () => {
  it('asks for the last six months by month and shows the chart and the table of the same figures', async () => {
    vi.useFakeTimers({ now: at('2026-11-20T06:00:00Z'), toFake: ['Date'] });
    const server = earningsServer('IN');
    mockFetch({
      [earningsPaths.history]: server.handler,
      [earningsPaths.attachedCars]: () => jsonResponse({ status: 'SUCCESS', data: [] }),
      [earningsPaths.cities]: oneCity,
    });
    renderWithSession(<DriverEarningsPage />, { route: '/driver/earnings', session: { user: ramesh } });

    const table = await screen.findByTestId('earnings-table');
    // The driver's today in India, 183 days back.
    expect(server.bodies[0]).toEqual({ from: '2026-05-22', to: '2026-11-20', granularity: 'month' });
    const rows = within(table).getAllByTestId('earnings-row');
    expect(rows.map((r) => r.dataset.start)).toEqual([
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    const chart = screen.getByRole('img', { name: 'Net earnings' });
    const bars = within(screen.getByTestId('earnings-chart')).getAllByTestId('earnings-bar');
    expect(bars).toHaveLength(7);
    // Each bar is its row's net earnings: fare − commission + incentives.
    expect(bars.map((b) => Number(b.dataset.value))).toEqual([0, 0, 0, 0, 340, 490, 240]);
    expect(chart).toHaveAccessibleDescription(/The table below has the same figures/);
    expect(within(chart).getByText('Net earnings (₹)')).toBeTruthy();
    const total = screen.getByTestId('earnings-total');
    expect(total.querySelector('[data-key="net_earnings"]')?.getAttribute('data-value')).toBe('1070');
    expect(total.querySelector('[data-key="net_payout"]')?.getAttribute('data-value')).toBe('470'); // 1070 − 600 cash
    expect(screen.getByTestId('earnings-summary').textContent).toBe('Trips: 3. Net earnings: ₹1,070.');
    // A driver with no fleet has no car filter; one with one city no city filter.
    expect(screen.queryByLabelText('Car')).toBeNull();
    expect(screen.queryByLabelText('City')).toBeNull();

    // By week over the last 30 days: Monday weeks, the first one clipped to the period.
    vi.useRealTimers();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    await user.selectOptions(screen.getByLabelText('Show by'), 'Week');
    await waitFor(() =>
      expect(server.bodies.at(-1)).toEqual({ from: '2026-10-22', to: '2026-11-20', granularity: 'week' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('earnings-row').map((r) => r.dataset.start)).toEqual([
        '2026-10-19',
        '2026-10-26',
        '2026-11-02',
        '2026-11-09',
        '2026-11-16',
      ]),
    );
    expect(screen.getAllByTestId('earnings-row')[0]?.querySelector('th')?.textContent).toMatch(
      /^(22 Oct|Oct 22) – (25 Oct|Oct 25)$/,
    );
  });

  it('lets a fleet partner see one car at a time', async () => {
    vi.useFakeTimers({ now: at('2026-11-20T06:00:00Z'), toFake: ['Date'] });
    const server = earningsServer('AU');
    const cars: AttachedCar[] = [
      { car_number: 'A1', car_model: 'Toyota Camry Hybrid', car_category: 'sedan' },
      { car_number: 'DXR41M', car_model: 'Hyundai Sonata', car_category: 'sedan' },
    ];
    mockFetch({
      [earningsPaths.history]: server.handler,
      [earningsPaths.attachedCars]: () => jsonResponse({ status: 'SUCCESS', data: cars }),
      [earningsPaths.cities]: () => jsonResponse({ status: 'SUCCESS', data: [{ name: 'Sydney', country_code: 'AU' }] }),
    });
    renderWithSession(<DriverEarningsPage />, { route: '/driver/earnings', session: { user: jack } });
    const select = await screen.findByLabelText('Car');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All cars', 'A1 · Toyota Camry Hybrid', 'DXR41M · Hyundai Sonata']);
    await waitFor(() => expect(screen.getByTestId('earnings-summary').dataset.rides).toBe('3'));
    vi.useRealTimers();
    await userEvent.setup().selectOptions(select, 'DXR41M');
    await waitFor(() => expect(server.bodies.at(-1)?.car).toBe('DXR41M'));
    await waitFor(() => expect(screen.getByTestId('earnings-summary').dataset.rides).toBe('1'));
    expect(screen.getByTestId('earnings-summary').textContent).toContain('$240.00');
  });

  it('asks for the dates the driver chooses, and keeps the period when a date is cleared', async () => {
    vi.useFakeTimers({ now: at('2026-11-20T06:00:00Z'), toFake: ['Date'] });
    const server = earningsServer('IN');
    mockFetch({
      [earningsPaths.history]: server.handler,
      [earningsPaths.attachedCars]: () => jsonResponse({ status: 'SUCCESS', data: [] }),
      [earningsPaths.cities]: oneCity,
    });
    renderWithSession(<DriverEarningsPage />, { route: '/driver/earnings', session: { user: ramesh } });
    await screen.findByTestId('earnings-table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await waitFor(() =>
      expect(server.bodies.at(-1)).toEqual({ from: '2026-10-01', to: '2026-10-31', granularity: 'month' }),
    );
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('custom');
    await waitFor(() => expect(screen.getByTestId('earnings-summary').dataset.rides).toBe('1'));
    const asked = server.bodies.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-01');
    expect(server.bodies).toHaveLength(asked);
  });

  it('offers a city filter to a driver who drove in more than one city, and none otherwise', async () => {
    const server = earningsServer('IN');
    mockFetch({
      [earningsPaths.history]: server.handler,
      [earningsPaths.attachedCars]: () => jsonResponse({ status: 'SUCCESS', data: [] }),
      [earningsPaths.cities]: () =>
        jsonResponse({
          status: 'SUCCESS',
          data: [
            { name: 'Bengaluru', country_code: 'IN' },
            { name: 'Mysuru', country_code: 'IN' },
          ],
        }),
    });
    renderWithSession(<DriverEarningsPage />, { route: '/driver/earnings', session: { user: ramesh } });
    const select = await screen.findByLabelText('City');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All cities', 'Bengaluru', 'Mysuru']);
    await userEvent.setup().selectOptions(select, 'Mysuru');
    await waitFor(() => expect(server.bodies.at(-1)?.city).toBe('Mysuru'));
  });

  it('says why a period was refused', async () => {
    mockFetch({
      [earningsPaths.history]: () =>
        jsonResponse(
          {
            error: {
              code: 'earningsRangeTooLong',
              message: 'Please choose a period of at most 366 days.',
            },
          },
          400,
        ),
      [earningsPaths.attachedCars]: () => jsonResponse({ status: 'SUCCESS', data: [] }),
      [earningsPaths.cities]: oneCity,
    });
    renderWithSession(<DriverEarningsPage />, { route: '/driver/earnings', session: { user: ramesh } });
    expect((await screen.findByRole('alert')).textContent).toContain('Please choose a period of at most 366 days.');
  });
});

describe('chart ticks', () => {
  it.each([
    [0, 1070, [0, 500, 1000, 1500]],
    [0, 95, [0, 50, 100]],
    [-120, 300, [-200, 0, 200, 400]],
    [0, 0, [0]],
  ])('%d … %d → %j', (min, max, ticks) => {
    expect(niceTicks(min, max)).toEqual(ticks);
  });
});
