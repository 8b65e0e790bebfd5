import { expect } from '@playwright/test';
import { messages, TOLL_DETAILS_PATH, type TollDetails } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

// Meera's rides: no other journey refunds them (the one-touch and keyboard journeys use riya's).
const meera = 'meera.trial@example.in';
/** content/kb/customer/101003-toll-parking-charged.md (toll_parking, a voucher article). */
const TOLL_ARTICLE = '101003';
/** content/kb/customer/101101-dispute-cancellation-fee.md (cancellation_fee, refund_allowed). */
const FEE_ARTICLE = '101101';

test('meera claims a wrong toll: the break-up, the bounds, the voucher step, the refund', async ({ page }) => {
  await signIn(page, meera);
  const completed = (await allListedBookings(page.request)).filter((b) => b.status.toLowerCase() === 'completed');
  let ride: { crn: string; tolls: TollDetails } | null = null;
  for (const b of completed) {
    const tolls = (await (
      await page.request.get(TOLL_DETAILS_PATH, { params: { booking_id: b.id } })
    ).json()) as TollDetails;
    if (tolls.toll_amount > 0) {
      ride = { crn: b.crn, tolls };
      break;
    }
  }
  expect(ride, 'a completed ride of meera with tolls').not.toBeNull();
  if (!ride) return;
  const { tolls } = ride;

  await page.goto(`/${ride.crn}/dreport/${TOLL_ARTICLE}`);
  const form = page.getByTestId('toll-parking');
  const table = form.getByRole('table', { name: 'Toll details' });
  for (const toll of tolls.toll_break_up.tolls) await expect(table).toContainText(toll.toll_name);
  await expect(table.getByTestId('toll-amount')).toHaveText(`₹${tolls.toll_amount}`);

  const amount = form.getByLabel('Amount charged wrongly');
  const submit = form.getByRole('button', { name: 'Submit' });
  await amount.fill('9');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(messages.tollAmountTooLow);
  await amount.fill(String(tolls.toll_amount + 1));
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText("Amount can't be more than toll/parking charges");
  await expectNoAxeViolations(page, 'toll entry with its message');

  await amount.fill('10');
  await submit.click();
  await expect(form.getByText('How would you like to have your refund processed?')).toBeVisible();
  const send = form.getByRole('button', { name: 'Submit' });
  await expect(send).toBeDisabled();
  await form.getByRole('radio', { name: /Voucher/ }).check();
  await send.click();

  const dialog = page.getByRole('dialog', { name: 'Refund initiated' });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog).toContainText('A voucher for ₹10 has been added to your account. It is ready to use now.');
  await expectNoAxeViolations(page, 'toll refund result');
});

test('meera has a cancellation fee refunded from the panel', async ({ page }) => {
  await signIn(page, meera);
  const charged = (await allListedBookings(page.request)).find((b) => b.context === 'rides_Cancelled_Charged');
  expect(charged, 'a cancelled-and-charged ride of meera').toBeDefined();
  if (!charged) return;

  await page.goto(`/${charged.crn}/dreport/${FEE_ARTICLE}`);
  const panel = page.getByTestId('cancellation-fee');
  await expect(panel.getByRole('heading', { name: 'I was charged a cancellation fee unfairly' })).toBeVisible();
  await expect(panel.getByTestId('cancellation-fee-message')).toContainText('If the driver caused the cancellation');
  await panel.getByRole('button', { name: 'Refund the cancellation fee' }).click();
  await panel.getByRole('button', { name: 'The driver was not moving towards me' }).click();
  await expect(panel.getByText('How would you like to have your refund processed?')).toBeVisible();
  await panel.getByRole('radio', { name: /Voucher/ }).check();
  await panel.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Refund initiated' });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog).toContainText('ready to use now');
  await expectNoAxeViolations(page, 'cancellation fee refund result');
});
