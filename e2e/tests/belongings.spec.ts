import { expect, type Page } from '@playwright/test';
import { type CustomerBooking, LAB_WINDOW_DAYS } from '@selfserve/contract';
import { test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

const riya = 'riya.customer@example.in';
/** content/kb/customer/100501-left-item-in-cab.md (call_type cab_belonging). */
const LOST_ITEM_ARTICLE = '100501';
const DAY = 24 * 3600 * 1000;

/**
 * A completed ride of the last LAB_WINDOW_DAYS days (the e2e server seeds its demo data dated from now) whose
 * CRN makes the demo telephony simulator answer as wanted (docs/left-belonging.md: last digit 0–5 the driver
 * found it, 6–7 not found).
 */
async function recentRide(page: Page, lastDigits: RegExp): Promise<CustomerBooking> {
  const recent = (await allListedBookings(page.request)).filter(
    (b) =>
      b.status.toLowerCase() === 'completed' &&
      b.date_entered_timestamp > Date.now() - (LAB_WINDOW_DAYS - 0.5) * DAY &&
      lastDigits.test(b.crn.slice(-1)),
  );
  expect(recent.length, `a recent completed ride with a CRN ending in ${lastDigits}`).toBeGreaterThan(0);
  return recent[0] as CustomerBooking;
}

async function reportLostItem(page: Page, ride: CustomerBooking) {
  await page.goto(`/${ride.crn}/dreport/${LOST_ITEM_ARTICLE}`);
  const panel = page.getByTestId('belonging-panel');
  const form = panel.getByTestId('belonging-form');
  await expect(form).toBeVisible();
  // Nothing described yet: the spec's message, and no request.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please describe the item');
  await form.getByLabel('Description').fill('A black backpack with a laptop inside, on the back seat');
  await form.getByRole('button', { name: 'Submit' }).click();
  // The masked call is on: the page polls until the simulated driver's answer arrives by callback.
  await expect(panel.getByTestId('belonging-calling')).toContainText('We are calling your driver');
  return panel;
}

test('lost item: confirm, the simulated driver finds it, riya confirms the pick-up', async ({ page }) => {
  await signIn(page, riya);
  const ride = await recentRide(page, /[0-5]/);
  const panel = await reportLostItem(page, ride);

  const found = panel.getByTestId('belonging-screen');
  await expect(found).toHaveAttribute('data-screen', 'showCustomerConfirm', { timeout: 20_000 });
  await expect(found).toContainText('Good news: your driver found it.');
  await found.getByRole('button', { name: 'Confirm pick-up' }).click();
  await expect(panel.getByTestId('belonging-screen')).toHaveAttribute('data-screen', 'showButton');
  await expect(panel).toContainText('The pick-up is arranged.');

  // Coming back to the ride shows where the request stands instead of a second form.
  await page.reload();
  await expect(page.getByTestId('belonging-screen')).toHaveAttribute('data-screen', 'showButton');
});

test('lost item: the simulated driver does not find it, riya raises a ticket and sees it in her tickets', async ({
  page,
}) => {
  await signIn(page, riya);
  const ride = await recentRide(page, /[67]/);
  const panel = await reportLostItem(page, ride);

  const notFound = panel.getByTestId('belonging-screen');
  await expect(notFound).toHaveAttribute('data-screen', 'showRaiseTicketScreen', { timeout: 20_000 });
  await expect(notFound).toContainText('Your driver could not find the item in the car.');
  await notFound.getByRole('button', { name: 'Raise a ticket' }).click();
  const raised = panel.getByTestId('belonging-screen');
  await expect(raised).toHaveAttribute('data-screen', 'alreadyRaisedTicket');
  const ticketText = await raised.getByText(/Ticket number: \d+/).textContent();
  const ticketId = ticketText?.match(/\d+/)?.[0] ?? '';
  expect(ticketId).not.toBe('');

  await raised.getByRole('link', { name: 'View my tickets' }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  // Listed under the open requests (and, being the newest, also on top as the latest).
  await expect(page.getByTestId('tickets-open').locator(`[data-ticket-id="${ticketId}"]`)).toContainText('Open');
});
