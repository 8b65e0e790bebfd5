import { kbPaths } from '@selfserve/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HomeCategories, HomePage } from '../src/features/kb/routes/home';
import { clearKbSelection, kbSelectionStore } from '../src/lib/kb/kb-selection';
import { kbViewerOf } from '../src/lib/kb/viewer';
import { selectedBookingStore, setSelectedBooking } from '../src/lib/selected-booking';
import { memberCategory, metaResponse, paymentsCategory, ridesCategory } from './kb-fixtures';
import { arjun, jsonResponse, mockFetch, renderWithSession, riya, userInfo } from './utils';

beforeEach(() => {
  window.sessionStorage.clear();
  clearKbSelection();
});

function categoryButtons() {
  return within(screen.getByTestId('category-list')).getAllByRole('button');
}

describe('knowledge-base home: main category list', () => {
  it('preselects the first category and shows its children', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([ridesCategory, paymentsCategory])) });
    renderWithSession(<HomeCategories />);
    await screen.findByTestId('category-list');
    const [rides, payments] = categoryButtons();
    expect(rides).toHaveTextContent('Rides and fares');
    expect(rides).toHaveAttribute('aria-pressed', 'true');
    expect(payments).toHaveAttribute('aria-pressed', 'false');
    const children = screen.getByTestId('category-children');
    expect(within(children).getByRole('link', { name: 'How is my fare calculated?' })).toHaveAttribute(
      'href',
      '/article/100201',
    );
    expect(kbSelectionStore.get().categoryId).toBe('100200');

    fireEvent.click(payments as HTMLElement);
    expect(payments).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(screen.getByTestId('category-children')).getByRole('link', { name: 'How refunds work' }),
    ).toBeVisible();
    await waitFor(() => expect(kbSelectionStore.get().categoryId).toBe('100300'));
  });

  it('applies the audience rules again: a visitor never sees the members-only first category', async () => {
    // The server already drops it; a stale or cached tree must still not show it.
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([memberCategory, ridesCategory])) });
    renderWithSession(<HomeCategories />);
    await screen.findByTestId('category-list');
    expect(categoryButtons().map((b) => b.textContent)).toEqual(['Rides and fares']);
    expect(categoryButtons()[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('changes nothing for a paid member: all membership topics stay', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([memberCategory, ridesCategory])) });
    renderWithSession(<HomeCategories />, {
      session: { user: arjun, isMember: true, userInfo: userInfo(), userInfoStatus: 'success' },
    });
    await screen.findByTestId('category-list');
    expect(categoryButtons().map((b) => b.textContent)).toEqual(['Select Membership', 'Rides and fares']);
    const children = within(screen.getByTestId('category-children'));
    // A section opens by its id (issue 14), so the link can be shared.
    expect(children.getByRole('link', { name: 'Managing My Membership' })).toHaveAttribute('href', '/section/100110');
    expect(children.getByRole('link', { name: 'Canceling my membership' })).toBeInTheDocument();
  });

  it('hides Canceling my membership from a trial member without auto-renew', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([memberCategory, ridesCategory])) });
    const trial = userInfo({ membership_type: 'trial' });
    renderWithSession(<HomeCategories />, {
      session: { user: arjun, isMember: true, userInfo: trial, userInfoStatus: 'success', autorenew: false },
    });
    await screen.findByTestId('category-list');
    const children = within(screen.getByTestId('category-children'));
    expect(children.getByRole('link', { name: 'What is Select membership?' })).toBeInTheDocument();
    expect(children.queryByRole('link', { name: 'Canceling my membership' })).not.toBeInTheDocument();
    expect(children.queryByRole('link', { name: 'Managing My Membership' })).not.toBeInTheDocument();
  });

  it('waits for get_user_info before judging a signed-in user', () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([memberCategory, ridesCategory])) });
    renderWithSession(<HomeCategories />, { session: { user: arjun, userInfoStatus: 'pending' } });
    expect(screen.queryByTestId('category-list')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  });

  it('shows the generic failure when the categories cannot be loaded', async () => {
    mockFetch({
      [kbPaths.meta]: () => jsonResponse({ status: 'FAILURE', error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    renderWithSession(<HomeCategories />);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it("a visitor's sign-in prompt shows once the categories are in place (it never jumps down), or after a failure", async () => {
    let answer: ((r: Response) => void) | undefined;
    mockFetch({ [kbPaths.meta]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { unmount } = renderWithSession(<HomePage />);
    await waitFor(() => expect(answer).not.toBe(undefined));
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('login-prompt')).toBeNull();
    answer?.(jsonResponse(metaResponse([ridesCategory])));
    await screen.findByTestId('category-list');
    expect(screen.getByTestId('login-prompt')).toBeInTheDocument();
    unmount();
    mockFetch({
      [kbPaths.meta]: () => jsonResponse({ status: 'FAILURE', error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    renderWithSession(<HomePage />);
    expect(await screen.findByTestId('login-prompt')).toBeInTheDocument();
  });

  it('clears the selected booking and keeps the signed-in cards', async () => {
    setSelectedBooking({ id: 'b-1', crn: '4992739872' });
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([ridesCategory])) });
    renderWithSession(<HomePage />, {
      session: { user: riya, userInfo: userInfo({ is_select: false }), userInfoStatus: 'success' },
    });
    await screen.findByTestId('category-list');
    expect(selectedBookingStore.get()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your bookings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Bookings' })).toHaveAttribute('href', '/bookings');
    expect(screen.getByTestId('membership-status')).toBeInTheDocument();
  });

  it('offers a food-delivery rider no booking list, which they may not open (core.md §6)', async () => {
    mockFetch({ [kbPaths.meta]: () => jsonResponse(metaResponse([ridesCategory])) });
    const sunil = { ...riya, id: 'u_food_rider', role: 'food_delivery_rider' as const, name: 'Sunil Kumar' };
    renderWithSession(<HomePage />, {
      session: { user: sunil, userInfo: userInfo({ is_select: false }), userInfoStatus: 'success' },
    });
    await screen.findByTestId('category-list');
    expect(screen.queryByRole('link', { name: 'Go to My Bookings' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-bookings')).not.toBeInTheDocument();
    // Select membership is the riders' (issue 14).
    expect(screen.queryByTestId('membership-status')).not.toBeInTheDocument();
  });
});

describe('kbViewerOf (the audience as the browser knows it)', () => {
  const base = { user: null, inApp: false, isMember: false, userInfo: undefined, autorenew: null };

  it.each([
    [
      'visitor on the website',
      base,
      { isMember: false, isPaidMember: false, isTrial: false, desktop: true, isDriver: false },
    ],
    ['inside the app', { ...base, inApp: true }, { desktop: false }],
    [
      'paid member',
      { ...base, user: arjun, isMember: true, userInfo: userInfo() },
      { isMember: true, isPaidMember: true, isTrial: false },
    ],
    [
      'trial member, auto-renew unknown yet (hides nothing)',
      { ...base, user: arjun, isMember: true, userInfo: userInfo({ membership_type: 'trial' }) },
      { isPaidMember: false, isTrial: true, autorenew: true },
    ],
    [
      'trial member without auto-renew',
      { ...base, user: arjun, isMember: true, userInfo: userInfo({ membership_type: 'trial' }), autorenew: false },
      { isTrial: true, autorenew: false },
    ],
    [
      'membership flags not confirmed',
      { ...base, user: arjun, isMember: false, userInfo: userInfo() },
      { isMember: false, isPaidMember: false },
    ],
    ['driver', { ...base, user: { ...riya, role: 'driver' as const } }, { isDriver: true, callRequestsAllowed: true }],
  ])('%s', (_name, session, expected) => {
    expect(kbViewerOf(session)).toMatchObject(expected);
  });
});
