import { type APIRequestContext, expect } from '@playwright/test';
import { couponPath, messages, type RideCouponResponse } from '@selfserve/contract';
import { test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

const riya = 'riya.customer@example.in';
const arjun = 'arjun.select@example.in';
/** content/kb/customer/100701-coupon-not-applied.md (call_type coupon_issue). */
const COUPON_ARTICLE = '100701';
/** content/kb/customer/100115-subscription-invoice.md (call_type subscription_invoice). */
const INVOICE_ARTICLE = '100115';

/** Riya's completed rides with what the coupon read says of each (db/seed/coupons.ts gave three a coupon). */
async function ridesWithCoupons(request: APIRequestContext) {
  const completed = (await allListedBookings(request)).filter((b) => b.status.toLowerCase() === 'completed');
  const found = [];
  for (const ride of completed) {
    const response = await request.get(couponPath, { params: { booking_id: ride.id } });
    expect(response.status()).toBe(200);
    found.push({ ride, coupon: (await response.json()) as RideCouponResponse });
  }
  return found;
}

test('riya names the coupon that did not apply and its discount goes to her wallet', async ({ page }) => {
  await signIn(page, riya);
  const rides = await ridesWithCoupons(page.request);
  const failed = rides.find((r) => r.coupon.coupon_code === 'RIDE50' && r.coupon.coupon_applied === false);
  const without = rides.find((r) => r.coupon.coupon_code === null && r.coupon.country === 'IN');
  expect(failed, 'a ride whose coupon RIDE50 failed to apply').toBeDefined();
  expect(without, 'a ride in India booked without a coupon').toBeDefined();
  if (!failed || !without) return;

  // In India a ride without a coupon has nothing to check: the page says so.
  await page.goto(`/${without.ride.crn}/dreport/${COUPON_ARTICLE}`);
  await expect(page.getByTestId('coupon-none')).toHaveText(messages.couponNoneOnRide);

  await page.goto(`/${failed.ride.crn}/dreport/${COUPON_ARTICLE}`);
  const panel = page.getByTestId('coupon');
  await expect(panel.getByTestId('coupon-on-ride')).toHaveText(
    'This ride was booked with coupon RIDE50, but its discount was not applied.',
  );
  const code = panel.getByRole('textbox', { name: 'Coupon code' });
  const submit = panel.getByRole('button', { name: 'Submit' });
  await code.pressSequentially('r!i');
  await expect(code).toHaveValue('ri');
  await expect(submit).toBeDisabled();
  await code.pressSequentially('d-e#50');
  await expect(code).toHaveValue('ride50');
  await expect(submit).toBeEnabled();

  const description = panel.getByRole('textbox', { name: 'What happened?' });
  await description.fill('Too short');
  await submit.click();
  await expect(panel.getByText('Please enter atleast 20 characters')).toBeVisible();
  await description.fill('The coupon was accepted when I booked the ride');
  await submit.click();

  const dialog = page.getByRole('dialog', { name: messages.couponCreditedTitle });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog).toContainText(
    `Coupon RIDE50 did not apply to ride ${failed.ride.crn}. We have added its discount of ₹50 to your wallet.`,
  );
  // Once: the ride's coupon now says what was credited.
  const after = await page.request.get(couponPath, { params: { booking_id: failed.ride.id } });
  expect(((await after.json()) as RideCouponResponse).credited).toBe(50);
});

test('arjun picks one of his subscriptions from a list that grows 1 → 3 → 6 → 7 and has its invoice sent', async ({
  page,
}) => {
  await signIn(page, arjun);
  // About the account: no ride is chosen first.
  await page.goto(`/dreport/${INVOICE_ARTICLE}`);
  const form = page.getByTestId('subscription-invoice-form');
  const list = form.getByRole('group', { name: 'Choose the subscription payment' });
  const more = form.getByRole('button', { name: 'Show more' });
  await expect(list.getByRole('radio')).toHaveCount(1);
  await expect(list.getByRole('radio', { name: /Select Annual/ })).toBeVisible();
  await more.click();
  await expect(list.getByRole('radio')).toHaveCount(3);
  await more.click();
  await expect(list.getByRole('radio')).toHaveCount(6);
  await more.click();
  await expect(list.getByRole('radio')).toHaveCount(7);
  await expect(more).toHaveCount(0);
  await expect(list.getByText('Free trial: there is no invoice, as nothing was paid.')).toBeVisible();

  // A trial paid nothing: asked for anyway, the answer says so, and Back shows the list as it was.
  await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(arjun);
  await list.getByRole('radio', { name: /Select Free Trial/ }).check();
  await form.getByRole('button', { name: 'Send invoice' }).click();
  const refused = page.getByRole('dialog', { name: messages.sorry });
  await expect(refused).toHaveAttribute('data-state', 'FAILURE');
  await expect(refused).toContainText(messages.subscriptionTrialNoInvoice);
  await refused.getByRole('button', { name: 'Back' }).click();
  await expect(list.getByRole('radio')).toHaveCount(7);
  await expect(list.getByRole('radio', { name: /Select Free Trial/ })).toBeChecked();

  await list
    .getByRole('radio', { name: /Select Monthly/ })
    .first()
    .check();
  await form.getByRole('button', { name: 'Send invoice' }).click();
  const dialog = page.getByRole('dialog', { name: messages.invoiceSent });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog).toContainText(`We have sent the invoice for Select Monthly to ${arjun}.`);
});
