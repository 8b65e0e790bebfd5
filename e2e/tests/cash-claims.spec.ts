import { expect, type Page } from '@playwright/test';
import { type CustomerBooking, messages } from '@selfserve/contract';
import { test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

const riya = 'riya.customer@example.in';
/** content/kb/customer/101006-driver-asked-extra-cash.md (call_type extra_cash). */
const EXTRA_CASH_ARTICLE = '101006';
/** content/kb/customer/101005-paid-cash-app-shows-due.md (call_type paid_cash_outstanding, a v3 submit). */
const PAID_CASH_ARTICLE = '101005';
// Riya's demo rides for the cash claims (packages/server/src/db/seed/cash-rides.ts); no other journey claims them.
const CASH_RIDE = 'bk_riya_cash_01';
const DUE_ONLINE = 'bk_riya_cash_05';
// A 1×1 PNG: the invoice.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function rideOf(page: Page, id: string): Promise<CustomerBooking> {
  const ride = (await allListedBookings(page.request)).find((b) => b.id === id);
  expect(ride, `demo ride ${id}`).toBeDefined();
  return ride as CustomerBooking;
}

/** The extra cash form of a ride with a reason chosen and a total that is ₹50 above the fare. */
async function fillExtraCash(page: Page, ride: CustomerBooking) {
  await page.goto(`/${ride.crn}/dreport/${EXTRA_CASH_ARTICLE}`);
  const form = page.getByTestId('extra-cash-form');
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: 'The driver demanded more than the fare' }).check();
  const total = form.getByLabel('Total cash you gave the driver');
  // Nothing extra first: the spec's warning, and no terms.
  await total.fill(String(ride.fare));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText(messages.ecCashCorrect)).toBeVisible();
  await total.fill(String(ride.fare + 50));
  await expect(form.getByTestId('extra-cash-extra')).toHaveText('Extra amount: ₹50');
  await form.getByRole('button', { name: 'Submit' }).click();
  const terms = page.getByRole('dialog', { name: 'Before we refund the extra amount' });
  await expect(terms).toContainText('We will refund the extra amount to your wallet and recover it from the driver.');
  return terms;
}

test('extra cash: DECLINE says sorry; ACCEPT credits the extra and shows the result', async ({ page }) => {
  await signIn(page, riya);
  const ride = await rideOf(page, CASH_RIDE);

  const terms = await fillExtraCash(page, ride);
  await terms.getByRole('button', { name: 'DECLINE' }).click();
  const declined = page.getByTestId('extra-cash-declined');
  await expect(declined.getByRole('heading', { name: 'Sorry for the inconvenience' })).toBeVisible();
  await expect(declined).toContainText('You can still write to us with more details and we will look into it.');
  await declined.getByRole('button', { name: 'BACK' }).click();

  const again = await fillExtraCash(page, ride);
  await again.getByRole('button', { name: 'ACCEPT' }).click();
  const result = page.getByRole('dialog', { name: messages.ecCreditedTitle });
  await expect(result).toHaveAttribute('data-state', 'SUCCESS');
  await expect(result).toContainText(`We have added ₹50 to your wallet: the extra cash you paid on ride ${ride.crn}.`);
});

test('paid cash outstanding: a cashless ride’s claim with its invoice goes to a person', async ({ page }) => {
  await signIn(page, riya);
  const ride = await rideOf(page, DUE_ONLINE);
  await page.goto(`/${ride.crn}/dreport/${PAID_CASH_ARTICLE}`);
  const form = page.getByTestId('paid-cash-form');
  await expect(form).toBeVisible();
  const amount = form.getByLabel('Amount you paid the driver in cash');
  await amount.fill(String(ride.fare + 1));
  await form.getByRole('radio', { name: 'Online payment (cashless)' }).check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText(messages.pcoAboveBill)).toBeVisible();
  await amount.fill(String(ride.fare));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText(messages.pcoUploadInvoice)).toBeVisible();

  await form.getByTestId('image-input').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('image-names')).toHaveText('Attached: bill.png');
  await form.getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: messages.requestReceived });
  await expect(result).toHaveAttribute('data-state', 'SUCCESS');
  await expect(result).toContainText(`and reply by e-mail within 48 hours.`);
  await expect(result).toContainText(ride.crn);
});
