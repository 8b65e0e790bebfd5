import { type LabStatusResponse, labPaths } from '@selfserve/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BelongingPanel, LAB_POLL_MS } from '../src/features/flows/lost-item/belonging-panel';
import { setLocale } from '../src/lib/i18n';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

const none = {
  showCustomerConfirm: false,
  showButton: false,
  alreadyRaisedTicket: false,
  showRaiseTicketScreen: false,
};
const status = (overrides: Partial<LabStatusResponse> = {}): LabStatusResponse => ({
  status: 'done',
  state: null,
  message: '',
  code: 'labNoRequest',
  side_load: none,
  ticket_id: null,
  ...overrides,
});
const calling = status({ status: 'inprogress', state: 'calling_driver', message: 'Calling' });
const found = status({
  state: 'driver_found',
  message: 'Your driver found the item and can drop it off today.',
  side_load: { ...none, showCustomerConfirm: true },
});
const notFound = status({
  state: 'not_found',
  message: 'The driver could not find the item.',
  side_load: { ...none, showRaiseTicketScreen: true },
});
const ticketed = status({
  state: 'not_found',
  message: 'We raised a ticket for your item.',
  ticket_id: 'T-42',
  side_load: { ...none, alreadyRaisedTicket: true },
});
const resolved = status({
  state: 'resolved',
  message: 'Your driver will return the item.',
  side_load: { ...none, showButton: true },
});

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function renderPanel() {
  return renderWithSession(
    <Routes>
      <Route path="/article" element={<BelongingPanel articleId="100501" bookingId="b-1" />} />
      <Route path="/home" element={<p>Home page</p>} />
      <Route path="/verify-email" element={<p>Verify page</p>} />
    </Routes>,
    { route: '/article', session: { user: riya } },
  );
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BelongingPanel', () => {
  it('a ride outside the window shows the reason and write-to-us', async () => {
    mockFetch({
      [labPaths.checkAlreadyRaised]: () => jsonResponse(status()),
      [labPaths.formEnableCheck]: () =>
        jsonResponse({ status: 'SUCCESS', enabled: false, reason: 'This ride is older than 7 days.' }),
    });
    renderPanel();
    expect(await screen.findByText('This ride is older than 7 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/dwritetous/100501');
  });

  it('an empty description shows the message and sends nothing', async () => {
    const fetch = mockFetch({
      [labPaths.checkAlreadyRaised]: () => jsonResponse(status()),
      [labPaths.formEnableCheck]: () => jsonResponse({ status: 'SUCCESS', enabled: true, reason: null }),
    });
    renderPanel();
    await user().click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please describe the item');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('submits, polls every 2 s while calling and stops when a screen shows; confirm pick-up posts', async () => {
    let polls = 0;
    const fetch = mockFetch({
      [labPaths.checkAlreadyRaised]: () => {
        polls += 1;
        return jsonResponse(polls === 1 ? status() : polls === 2 ? calling : found);
      },
      [labPaths.formEnableCheck]: () => jsonResponse({ status: 'SUCCESS', enabled: true, reason: null }),
      [labPaths.customerConfirm]: () => jsonResponse(calling),
      [labPaths.driverCustomerConfirmation]: () => jsonResponse(resolved),
    });
    renderPanel();
    const u = user();
    await u.type(await screen.findByLabelText('Item name'), 'Phone');
    await u.type(screen.getByLabelText('Where in the car'), 'Back seat');
    await u.type(screen.getByLabelText('Description'), 'Black phone in a blue case');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('We are calling your driver…')).toBeInTheDocument();
    const confirm = fetch.mock.calls.find(([input]) => String(input).includes(labPaths.customerConfirm));
    expect(bodyOf(confirm?.[1])).toMatchObject({
      booking_id: 'b-1',
      item_name: 'Phone',
      item_at: 'Back seat',
      item_description: 'Black phone in a blue case',
    });
    await vi.advanceTimersByTimeAsync(LAB_POLL_MS);
    await waitFor(() => expect(polls).toBe(2));
    expect(screen.getByText('We are calling your driver…')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(LAB_POLL_MS);
    expect(await screen.findByText('Your driver found the item and can drop it off today.')).toBeInTheDocument();
    expect(polls).toBe(3);
    await vi.advanceTimersByTimeAsync(LAB_POLL_MS * 3);
    expect(polls).toBe(3);

    await u.click(screen.getByRole('button', { name: 'Confirm pick-up' }));
    expect(await screen.findByText('Your driver will return the item.')).toBeInTheDocument();
    const decision = fetch.mock.calls.find(([input]) => String(input).includes(labPaths.driverCustomerConfirmation));
    expect(bodyOf(decision?.[1])).toEqual({ booking_id: 'b-1', decision: 'confirm_pickup' });
  });

  it('polling stops on unmount', async () => {
    let polls = 0;
    mockFetch({
      [labPaths.checkAlreadyRaised]: () => {
        polls += 1;
        return jsonResponse(calling);
      },
    });
    const { unmount } = renderPanel();
    expect(await screen.findByText('We are calling your driver…')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(LAB_POLL_MS);
    await waitFor(() => expect(polls).toBe(2));
    unmount();
    await vi.advanceTimersByTimeAsync(LAB_POLL_MS * 3);
    expect(polls).toBe(2);
  });

  it('an existing not-found request shows raise-a-ticket, which posts the decision', async () => {
    const fetch = mockFetch({
      [labPaths.checkAlreadyRaised]: () => jsonResponse(notFound),
      [labPaths.driverCustomerConfirmation]: () => jsonResponse(ticketed),
    });
    renderPanel();
    expect(await screen.findByText('The driver could not find the item.')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Raise a ticket' }));
    expect(await screen.findByText('We raised a ticket for your item.')).toBeInTheDocument();
    const decision = fetch.mock.calls.find(([input]) => String(input).includes(labPaths.driverCustomerConfirmation));
    expect(bodyOf(decision?.[1])).toEqual({ booking_id: 'b-1', decision: 'raise_ticket' });
    expect(fetch.mock.calls.some(([input]) => String(input).includes(labPaths.formEnableCheck))).toBe(false);
  });

  it('raising a ticket with an unverified e-mail goes to verify; another refusal shows its message', async () => {
    let calls = 0;
    mockFetch({
      [labPaths.checkAlreadyRaised]: () => jsonResponse(notFound),
      [labPaths.driverCustomerConfirmation]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(
              { status: 'FAILURE', error: { code: 'CONFLICT', message: 'We are still calling your driver.' } },
              409,
            )
          : jsonResponse({ status: 'FAILURE', error: { code: 'email_not_verified', message: 'Please verify.' } }, 403);
      },
    });
    renderPanel();
    await user().click(await screen.findByRole('button', { name: 'Raise a ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are still calling your driver.');
    cleanup();
    renderPanel();
    await user().click(await screen.findByRole('button', { name: 'Raise a ticket' }));
    expect(await screen.findByText('Verify page')).toBeInTheDocument();
  });

  it('an already raised ticket shows its number and a link to the tickets', async () => {
    mockFetch({ [labPaths.checkAlreadyRaised]: () => jsonResponse(ticketed) });
    renderPanel();
    expect(await screen.findByText('We raised a ticket for your item.')).toBeInTheDocument();
    expect(screen.getByText('Ticket number: T-42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my tickets' })).toHaveAttribute('href', '/tickets');
  });

  it('the done screen goes back home', async () => {
    mockFetch({ [labPaths.checkAlreadyRaised]: () => jsonResponse(resolved) });
    renderPanel();
    expect(await screen.findByText('Your driver will return the item.')).toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: 'Done' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('shows our labels in Hindi', async () => {
    mockFetch({
      [labPaths.checkAlreadyRaised]: () => jsonResponse(status()),
      [labPaths.formEnableCheck]: () => jsonResponse({ status: 'SUCCESS', enabled: true, reason: null }),
    });
    await setLocale('hi');
    try {
      renderPanel();
      expect(await screen.findByLabelText('विवरण')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'सबमिट करें' })).toBeEnabled();
    } finally {
      await setLocale('en');
    }
  });
});
