import { expect } from '@playwright/test';
import { messages } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

const riya = 'riya.customer@example.in';
/** content/kb/customer/101101-dispute-cancellation-fee.md: a refund a completed ride is not eligible for (FAILURE). */
const ARTICLE = '101101';
const ARTICLE_TITLE = 'I was charged a cancellation fee unfairly';

test('riya calls us from a failed result with a one-time code, the demo phone names her and her ride, and Back shows the result again', async ({
  page,
}) => {
  await signIn(page, riya);
  const ride = (await allListedBookings(page.request)).find((b) => b.status.toLowerCase() === 'completed');
  expect(ride, 'a completed ride').toBeDefined();
  if (!ride) return;

  // A refund of a completed ride's cancellation fee fails: the result dialog offers Call us (India).
  await page.goto(`/${ride.crn}/dreport/${ARTICLE}`);
  const panel = page.getByTestId('cancellation-fee');
  await panel.getByRole('button', { name: 'Refund the cancellation fee' }).click();
  await panel.getByRole('button', { name: 'The driver was not moving towards me' }).click();
  await panel.getByRole('radio', { name: /NEFT/ }).check();
  await panel.getByRole('button', { name: 'Submit' }).click();
  const failed = page.getByRole('dialog', { name: messages.refundNotEligibleTitle });
  await expect(failed).toHaveAttribute('data-state', 'FAILURE');
  await failed.getByRole('link', { name: 'Call us' }).click();

  // /callUs: the number, the code, the India dial string and the std-code footer.
  await expect(page).toHaveURL(new RegExp(`/callUs\\?booking_id=${ride.id}&article_id=${ARTICLE}$`));
  const number = page.getByTestId('callus-number');
  await expect(number).toHaveText(/^\+91\d{10}$/);
  const shown = (await number.textContent()) ?? '';
  const code = page.getByTestId('callus-code');
  await expect(code).toHaveText(/^\d{6}$/);
  const otp = (await code.textContent()) ?? '';
  await expect(number).toHaveAttribute('href', new RegExp(`^tel:\\${shown},,,,\\d{8}\\*$`));
  await expect(page.getByTestId('callus-std-footer')).toContainText(
    /Add the STD code \d{2,5} before our local number \d+/,
  );
  await expectNoAxeViolations(page);

  // The demo phone dials that number with the code, through the IVR webhook: riya, her ride and the article.
  await page.getByTestId('callus-demo-phone').click();
  const phone = page.getByTestId('demo-phone');
  await expect(phone.getByLabel('Number to call')).toHaveValue(shown);
  await expect(phone.getByLabel('Calling from')).toHaveValue(/^\+91\d{10}$/);
  await phone.getByLabel('Code typed on the keypad').fill(otp);
  await phone.getByRole('button', { name: 'Call' }).click();
  const heard = page.getByTestId('demo-phone-heard');
  await expect(heard).toHaveAttribute('data-outcome', 'verified');
  await expect(heard).toContainText('Recognised: Riya');
  await expect(page.getByTestId('demo-phone-ride')).toContainText(`Ride ${ride.crn}`);
  await expect(page.getByTestId('demo-phone-article')).toHaveText(`About: ${ARTICLE_TITLE}`);
  await expectNoAxeViolations(page);

  // The same code again is refused: it works once.
  await phone.getByRole('button', { name: 'Call' }).click();
  await expect(heard).toHaveAttribute('data-outcome', 'already_used');

  // Back to /callUs, then back to the article: the failed result again, not a fresh form.
  await page.goBack();
  await expect(page.getByTestId('callus-code')).toHaveText(/^\d{6}$/);
  await page.goBack();
  const again = page.getByRole('dialog', { name: messages.refundNotEligibleTitle });
  await expect(again).toHaveAttribute('data-state', 'FAILURE');
  await expect(again).toContainText(messages.refundNotEligible);
  // Back in the dialog closes it for good.
  await again.getByRole('button', { name: 'Back' }).click();
  await expect(again).toHaveCount(0);
});

test('a visitor is asked to sign in for a code', async ({ page }) => {
  await page.goto('/callUs');
  await expect(page.getByRole('heading', { level: 1, name: 'Call us' })).toBeVisible();
  await expect(page.getByTestId('login-prompt')).toContainText('Sign in to get your one-time code');
});
