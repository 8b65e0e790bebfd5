import { expect } from '@playwright/test';
import { messages } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { signIn, solveCaptcha } from './support.ts';

/** content/kb/customer/100607-write-to-us.md (structured_email_param). */
const WRITE_TO_US = '100607';
// Meera: the toll journey refunds one of her rides; an e-mail about a ride (a ticket) changes nothing it relies on.
const meera = 'meera.trial@example.in';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('meera writes about a ride with two images: the picker comes back, the bounds, the ticket', async ({ page }) => {
  await signIn(page, meera);
  await page.goto(`/dreport/${WRITE_TO_US}`);
  const form = page.getByTestId('structured-email');
  await form.getByRole('radio', { name: messages.issueWithRide }).check();
  await form.getByRole('link', { name: 'Choose the ride' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookingsByType/${WRITE_TO_US}/default$`));
  await page
    .getByTestId('booking-card')
    .filter({ hasText: /Completed/i })
    .first()
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/dreport/${WRITE_TO_US}$`));

  // Back on the article, about that ride: its options; the toll one links the toll article at once.
  const back = page.getByTestId('structured-email');
  await back.getByRole('radio', { name: 'Toll charge incorrectly levied on the bill' }).check();
  await expect(back.getByRole('link', { name: 'Resolve it now' })).toHaveAttribute('href', '/dreport/101003');
  await back.getByRole('radio', { name: 'Driver collected extra toll or parking amount' }).check();

  const comment = back.getByRole('textbox', { name: 'Describe your issue' });
  const phone = back.getByRole('textbox', { name: 'Phone number' });
  const submit = back.getByRole('button', { name: 'Submit' });
  await comment.fill('Too short.');
  await phone.fill('9876543210');
  await submit.click();
  await expect(back.getByText(messages.enterValidComment)).toBeVisible();
  await expect(comment).toHaveValue('Too short.');
  await comment.fill('The driver asked for 150 in cash for parking at the airport exit.');
  await submit.click();
  await expect(back.getByText(messages.uploadImages)).toBeVisible();
  await expectNoAxeViolations(page, 'structured e-mail with its messages');

  await back.getByTestId('image-input').setInputFiles([
    { name: 'receipt.png', mimeType: 'image/png', buffer: PNG },
    { name: 'parking.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(back.getByRole('img', { name: 'Your image parking.png' })).toBeVisible();
  await expect(back.getByRole('img', { name: 'Your image receipt.png' })).toBeVisible();
  await submit.click();
  const done = back.getByTestId('structured-email-done');
  await expect(done).toContainText(/\d{8}/);
  const ticketId = (await done.textContent())?.match(/\d{8}/)?.[0];
  await expectNoAxeViolations(page, 'structured e-mail sent');

  // Its ticket: open in /tickets.
  await page.goto('/tickets');
  await expect(page.getByText(ticketId ?? 'no ticket id').first()).toBeVisible();
});

test('a visitor: a ride needs login; not about a ride, the dialing code, the captcha, a guest ticket', async ({
  page,
}) => {
  // The captcha's proof of work on a loaded machine can take a while (solveCaptcha).
  test.setTimeout(120_000);
  await page.goto(`/dreport/${WRITE_TO_US}`);
  const form = page.getByTestId('structured-email');
  await form.getByRole('radio', { name: messages.issueWithRide }).check();
  await expect(form.getByText(messages.loginForRides)).toBeVisible();
  await form.getByRole('radio', { name: messages.issueNotRelatedToRide }).check();
  await form.getByRole('radio', { name: 'I cannot sign in to my account' }).check();
  await form.getByRole('textbox', { name: 'Describe your issue' }).fill('The sign-in code never reaches my phone.');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('structured.visitor@example.org');
  const phone = form.getByRole('textbox', { name: 'Phone number' });
  await phone.fill('1234');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText(messages.enterValidPhone)).toBeVisible();
  await phone.fill('9876543210');
  // Submitted before the captcha was solved, the form says so; it solves itself once the form has focus.
  await expect(form.getByText(messages.captchaInvalid)).toBeVisible();
  // (It may have solved itself already: its checkbox is then named 'Verified'.)
  await solveCaptcha(form);
  await expectNoAxeViolations(page, 'visitor structured e-mail');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByTestId('structured-email-done')).toContainText(messages.ticketSuccess);
});
