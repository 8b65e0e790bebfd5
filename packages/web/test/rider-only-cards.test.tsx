import { type EntryMode, kbPaths, type SessionUser } from '@selfserve/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from '../src/app/shell/header';
import { HomePage } from '../src/features/kb/routes/home';
import { metaResponse, ridesCategory } from './kb-fixtures';
import { arjun, jsonResponse, mockFetch, renderWithSession, riya, userInfo } from './utils';

// Issue 14: the riders' Select membership (card on the home page, stamp in the header) is never shown to a driver,
// a food-delivery rider or anyone in the operator or restaurant app.
const ramesh: SessionUser = {
  ...arjun,
  id: 'u_driver_in',
  email: 'ramesh.driver@example.in',
  name: 'Ramesh',
  role: 'driver',
};
const sunil: SessionUser = { ...arjun, id: 'u_food_rider', name: 'Sunil', role: 'food_delivery_rider' };

const signedIn = (user: SessionUser, entryMode: EntryMode = 'customer_website') => ({
  user,
  entryMode,
  isMember: true,
  userInfo: userInfo(),
  userInfoStatus: 'success' as const,
});

async function home(user: SessionUser, entryMode?: EntryMode) {
  mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([ridesCategory])) });
  const view = renderWithSession(<HomePage />, { session: signedIn(user, entryMode) });
  await screen.findByTestId('category-list');
  return view;
}

describe('rider-only cards', () => {
  it('a Select member rider sees the membership card and the stamp', async () => {
    await home(arjun);
    expect(screen.getByRole('heading', { name: 'Membership' })).toBeInTheDocument();
    expect(screen.getByTestId('membership-status')).toHaveAttribute('data-member', 'true');
    renderWithSession(<Header />, { session: signedIn(arjun) });
    expect(within(screen.getByRole('banner')).getByTestId('membership-stamp')).toBeInTheDocument();
  });

  it.each([
    ['a driver on the website', ramesh, 'customer_website'],
    ['a driver in the driver app', ramesh, 'driver_app'],
    ['an operator (the operator app)', ramesh, 'operator_app'],
    ['a food-delivery rider', sunil, 'customer_website'],
    ['a food-delivery rider in the restaurant app', sunil, 'restaurant'],
    ['a customer signed into the restaurant app', riya, 'restaurant'],
  ] as const)('%s sees no Select membership card or stamp', async (_who, user, mode) => {
    const view = await home(user, mode);
    expect(screen.queryByRole('heading', { name: 'Membership' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-membership')).not.toBeInTheDocument();
    expect(screen.queryByTestId('membership-status')).not.toBeInTheDocument();
    view.unmount();
    renderWithSession(<Header />, { session: signedIn(user, mode) });
    expect(screen.queryByTestId('membership-stamp')).not.toBeInTheDocument();
  });

  it('a driver still gets the bookings card and My Bookings: they list the trips they drove', async () => {
    await home(ramesh, 'driver_app');
    expect(screen.getByTestId('home-bookings')).toBeInTheDocument();
    renderWithSession(<Header />, { session: signedIn(ramesh, 'customer_website') });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Side menu' }));
    expect(menu.getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/bookings');
  });

  it('a mode without a booking list (restaurant) offers no bookings card', async () => {
    await home(riya, 'restaurant');
    expect(screen.queryByTestId('home-bookings')).not.toBeInTheDocument();
  });
});
