import { expect } from '@playwright/test';
import { messages } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { solveCaptcha } from './support.ts';

// A visitor (never signed in): the guest tickets it makes are its own, under an address no other journey uses.
/** content/kb/customer/100502-lost-phone.md and 100306-unrecognised-charge.md */
const LOST_PHONE = '100502';
const UNRECOGNISED_CHARGE = '100306';

test.describe.configure({ timeout: 120_000 });

test('a visitor reports a lost phone: the modal checks, solves the captcha, counts down 5 → 0 and closes', async ({
  page,
}) => {
  await page.goto(`/dreport/${LOST_PHONE}`);
  await page.getByRole('button', { name: 'Write to us without signing in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lost your phone?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(`e2e-lost-phone-${Date.now()}@example.org`);
  await dialog.getByLabel('Comments').fill('Left it');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByTestId('visitor-ticket-error')).toHaveText('Please input minimum 15 Characters');
  await expectNoAxeViolations(page, 'lost phone modal with its message');

  await dialog.getByLabel('Comments').fill('I left it on the back seat of the cab.');
  await dialog.getByLabel('Ride date').fill('2026-01-05');
  await dialog.getByLabel('Ride time').fill('21:30');
  await dialog.getByLabel('Pickup location').fill('MG Road metro station');
  await dialog.getByLabel('Drop location').fill('Indiranagar 100 ft road');
  await dialog.getByLabel('Phone make and model').fill('Pixel 7, black case');
  await dialog.getByLabel(/Contact number/).fill('9876543210');
  await solveCaptcha(dialog);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText(messages.ticketSuccess);
  const countdown = dialog.getByTestId('visitor-ticket-countdown');
  for (const n of [5, 4, 3, 2, 1]) await expect(countdown).toHaveText(`This window closes in ${n}`);
  await expect(dialog).toBeHidden();
});

test('the unrecognised charge modal refuses a card number in the comment', async ({ page }) => {
  await page.goto(`/dreport/${UNRECOGNISED_CHARGE}`);
  await page.getByRole('button', { name: 'Write to us without signing in' }).click();
  const dialog = page.getByRole('dialog', { name: "Report a charge you don't recognise" });
  await dialog.getByLabel('E-mail', { exact: true }).fill(`e2e-charge-${Date.now()}@example.org`);
  await dialog.getByLabel('Transaction date').fill('2026-01-05');
  await dialog.getByLabel('Amount').fill('249.50');
  await dialog.getByLabel('First 6 digits of the card').fill('411111');
  await dialog.getByLabel('Last 4 digits of the card').fill('1111');
  await dialog.getByLabel(/Comments/).fill('It was card 4111-1111-1111-1111, I never rode that day');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByTestId('visitor-ticket-error')).toHaveText(messages.cardInComment);
  // What the visitor typed is still there to correct.
  await expect(dialog.getByLabel('Amount')).toHaveValue('249.50');
  await expectNoAxeViolations(page, 'unrecognised charge modal');
});

test('a visitor in a city we cannot place writes to us from a one-touch article', async ({ page }) => {
  // content/kb/customer/100303-charged-twice.md (one-touch, call_type duplicate_charge)
  await page.goto('/dreport/100303');
  await page.getByRole('button', { name: "City not served, or can't sign in? Write to us" }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to us from your city' });
  await dialog.getByLabel('E-mail').fill(`e2e-far-away-${Date.now()}@example.org`);
  await dialog.getByLabel('Your city').fill('Shillong');
  await dialog.getByLabel('How can we help?').fill('Too short');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByTestId('unknown-city-error')).toHaveText(messages.enterValidComment);
  await dialog.getByLabel('How can we help?').fill('I was charged twice for one ride and cannot sign in here.');
  await solveCaptcha(dialog);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText(messages.ticketSuccess);
  await expectNoAxeViolations(page, 'unknown-city form answered');
});

test('a visitor who cannot sign in writes to us: the phone number is required, then the ticket is made', async ({
  page,
}) => {
  // content/kb/customer/100609-cant-sign-in-write-to-us.md
  await page.goto('/dreport/100609');
  await page.getByRole('button', { name: 'Write to us without signing in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to us' });
  await dialog.getByLabel('E-mail', { exact: true }).fill(`e2e-write-${Date.now()}@example.org`);
  await dialog.getByLabel(/Comments/).fill('The sign-in code never arrives on my new number.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByTestId('visitor-ticket-error')).toHaveText('Please Enter Valid phone number');
  await dialog.getByLabel(/Contact number/).fill('9876543210');
  await solveCaptcha(dialog);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText(messages.ticketSuccess);
});

test('“another issue” and “issue not listed” open their own modals, which ask for 15 characters', async ({ page }) => {
  // content/kb/customer/100610-another-issue.md and 100504-lost-item-issue-not-listed.md
  for (const [id, title] of [
    ['100610', 'Tell us about your issue'],
    ['100504', "Your issue isn't listed? Tell us"],
  ] as const) {
    await page.goto(`/dreport/${id}`);
    await page.getByRole('button', { name: 'Write to us without signing in' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('E-mail', { exact: true }).fill('someone@example.org');
    await dialog.getByLabel(/Comments/).fill('Too short');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByTestId('visitor-ticket-error')).toHaveText('Please input minimum 15 Characters');
    await expectNoAxeViolations(page, `${id} modal`);
  }
});
