import { expect } from '@playwright/test';
import { mailPaths, messages, type OutboxResponse, ticketPaths } from '@selfserve/contract';
import { test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

const riya = 'riya.customer@example.in';
/** content/kb/customer/101101-dispute-cancellation-fee.md (tag neft_refund_option). */
const REFUND_ARTICLE_TITLE = 'I was charged a cancellation fee unfairly';
/** content/kb/customer/101004-send-invoice.md (tag send_invoice). */
const INVOICE_ARTICLE = '101004';

test('riya asks for a NEFT refund of a cancellation fee and rates the answer Good', async ({ page }) => {
  await signIn(page, riya);
  const charged = (await allListedBookings(page.request)).find((b) => b.context === 'rides_Cancelled_Charged');
  expect(charged, 'a cancelled-and-charged ride').toBeDefined();
  if (!charged) return;

  await page.goto(`/bdetails/${charged.crn}`);
  await page.getByTestId('category-list').getByRole('button', { name: 'Cancellation fee charged' }).click();
  await page.getByTestId('category-children').getByRole('link', { name: REFUND_ARTICLE_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/${charged.crn}/dreport/101101$`));

  // The cancellation-fee panel (docs/flows/cancellation-fee.md): the refund button, then the reason.
  const panel = page.getByTestId('cancellation-fee');
  await panel.getByRole('button', { name: 'Refund the cancellation fee' }).click();
  await panel.getByRole('button', { name: 'The driver was not moving towards me' }).click();
  await expect(panel.getByText('How would you like to have your refund processed?')).toBeVisible();
  const submit = panel.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await panel.getByRole('radio', { name: /NEFT/ }).check();
  await submit.click();

  // The demo article's call_type is 'cancellation_fee', one of the refund call_types of the server's handlers.
  const dialog = page.getByRole('dialog', { name: 'Refund initiated' });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog).toContainText('7 to 10 business days');
  await dialog.getByRole('button', { name: 'Good', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /thank/i })).toBeVisible();
});

test('riya has the invoice of a completed ride sent and finds it in the outbox', async ({ page }) => {
  await signIn(page, riya);
  const completed = (await allListedBookings(page.request)).find((b) => b.status.toLowerCase() === 'completed');
  expect(completed, 'a completed ride').toBeDefined();
  if (!completed) return;

  await page.goto(`/${completed.crn}/dreport/${INVOICE_ARTICLE}`);
  const panel = page.getByTestId('onetouch-panel');
  await expect(panel.getByLabel('E-mail')).toHaveValue(riya);
  await panel.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: messages.invoiceSent });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(completed.crn);

  const outbox = (await (await page.request.get(mailPaths.devOutbox)).json()) as OutboxResponse;
  const mail = outbox.messages.find((m) => m.subject === `Your invoice for ride ${completed.crn}`);
  expect(mail, 'the invoice mail').toBeDefined();
  expect(mail?.to).toBe(riya);
});

test('an invoice for another address waits for that mailbox to confirm, then arrives once', async ({ page }) => {
  await signIn(page, riya);
  const completed = (await allListedBookings(page.request)).find((b) => b.status.toLowerCase() === 'completed');
  if (!completed) throw new Error('riya has a completed ride in the demo data');
  const other = 'riya.accounts@example.org';

  await page.goto(`/${completed.crn}/dreport/${INVOICE_ARTICLE}`);
  const panel = page.getByTestId('onetouch-panel');
  await panel.getByLabel('E-mail').fill(other);
  await panel.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
  await expect(dialog).toContainText(other);

  const outbox = async () => ((await (await page.request.get(mailPaths.devOutbox)).json()) as OutboxResponse).messages;
  const confirmation = (await outbox()).find((m) => m.to === other && m.kind === 'invoice_confirmation');
  const link = /https?:\/\/[^\s]+\/invoice\/confirm\?token=[\w-]+/.exec(confirmation?.text ?? '')?.[0];
  expect(link, 'the confirmation link').toBeDefined();
  expect((await outbox()).some((m) => m.to === other && m.kind === 'invoice')).toBe(false);

  await page.goto(link ?? '');
  await page.getByRole('button', { name: 'Send the invoice' }).click();
  await expect(page.getByTestId('invoice-confirm-result')).toContainText(messages.invoiceSent);
  await expect(page.getByTestId('invoice-confirm-result')).toContainText(completed.crn);
  expect((await outbox()).filter((m) => m.to === other && m.kind === 'invoice')).toHaveLength(1);
});

test('choosing the wallet posts the KYC form and comes back with the notice', async ({ page }) => {
  await signIn(page, riya);
  const charged = (await allListedBookings(page.request)).filter((b) => b.context === 'rides_Cancelled_Charged')[1];
  expect(charged, 'a second cancelled-and-charged ride').toBeDefined();
  if (!charged) return;

  await page.goto(`/${charged.crn}/dreport/101101`);
  const panel = page.getByTestId('cancellation-fee');
  await panel.getByRole('button', { name: 'Refund the cancellation fee' }).click();
  await panel.getByRole('button', { name: 'The driver was not moving towards me' }).click();
  await panel.getByRole('radio', { name: /Wallet/ }).check();
  await panel.getByRole('button', { name: 'Submit' }).click();
  // A real form post (multipart, with the CSRF field), answered 303 back to the article.
  await expect(page).toHaveURL(new RegExp(`/${charged.crn}/dreport/101101\\?kyc=done$`));
  await expect(page.getByTestId('cancellation-fee').getByTestId('kyc-done')).toContainText(
    'Your wallet choice was recorded.',
  );
});

test('kabir changes his e-mail address and the header shows the new one', async ({ page }) => {
  const kabir = 'kabir.expired@example.in';
  const next = 'kabir.new@example.in';
  await signIn(page, kabir);
  // content/kb/customer/100601-update-email.md (call_type update_email); no ride needs to be chosen.
  await page.goto('/dreport/100601');
  const panel = page.getByTestId('onetouch-panel');
  await expect(panel.getByLabel('Current e-mail')).toHaveValue(kabir);
  await panel.getByLabel('New e-mail').fill(next);
  await panel.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'E-mail updated' });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog).toContainText(next);
  // The session is fetched again after the change.
  await expect(page.getByRole('banner').getByTestId('header-email')).toHaveText(next);
});

test('a blocked account asks for a review without choosing a ride, and rates it Good with its e-mail', async ({
  page,
}) => {
  await signIn(page, riya);
  // content/kb/customer/100608-account-blocked.md (call_type unban): about the account, not a ride.
  await page.goto('/article/100608');
  const panel = page.getByTestId('onetouch-panel');
  await expect(panel.getByRole('link', { name: 'Choose the ride this is about' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Submit request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request received' });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  const rating = page.waitForRequest((r) => r.url().endsWith(ticketPaths.csat) && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Good', exact: true }).click();
  expect((await rating).postDataJSON()).toMatchObject({ satisfaction_rating: { score: 'good' }, email_from: riya });
  await expect(page.getByRole('status').filter({ hasText: /thank/i })).toBeVisible();
});

test('a v3 submit opens the result article page /simple_article with its answer', async ({ page }) => {
  await signIn(page, riya);
  const completed = (await allListedBookings(page.request)).filter((b) => b.status.toLowerCase() === 'completed');
  const ride = completed.at(-1);
  expect(ride, 'a completed ride').toBeDefined();
  if (!ride) return;

  // content/kb/customer/101002-longer-route.md carries the api_call__v3_submit tag.
  await page.goto(`/${ride.crn}/dreport/101002`);
  const panel = page.getByTestId('onetouch-panel');
  await panel.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/simple_article\?id=101002$/);
  await expect(page.getByRole('dialog', { name: /Request (already )?received/ })).toBeVisible();
});
