import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  BOOKING_LIST_MAX_PAGES,
  type BookingListResponse,
  bookingPaths,
  type CustomerBooking,
  mailPaths,
  messages,
  type OutboxResponse,
  routes,
} from '@selfserve/contract';

const riya = 'riya.customer@example.in';
/** content/kb/customer/101101-dispute-cancellation-fee.md (tag neft_refund_option). */
const REFUND_ARTICLE_TITLE = 'I was charged a cancellation fee unfairly';
/** content/kb/customer/101004-send-invoice.md (tag send_invoice). */
const INVOICE_ARTICLE = '101004';

async function signIn(page: Page, email: string) {
  await page.goto(routes.login);
  await page.getByTestId(`demo-login-${email}`).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner').getByTestId('header-email')).toHaveText(email);
}

async function allListedBookings(request: APIRequestContext): Promise<CustomerBooking[]> {
  const found: CustomerBooking[] = [];
  let key: string | null = null;
  for (let page = 1; page <= BOOKING_LIST_MAX_PAGES; page++) {
    const params: Record<string, string> = { page_no: String(page) };
    if (key) params.page_key = key;
    const response = await request.get(bookingPaths.list, { params });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as BookingListResponse;
    found.push(...body.data);
    if (!body.next_page || !body.page_key) break;
    key = body.page_key;
  }
  return found;
}

test('riya asks for a NEFT refund of a cancellation fee and rates the answer Good', async ({ page }) => {
  await signIn(page, riya);
  const charged = (await allListedBookings(page.request)).find((b) => b.context === 'rides_Cancelled_Charged');
  expect(charged, 'a cancelled-and-charged ride').toBeDefined();
  if (!charged) return;

  await page.goto(`/bdetails/${charged.crn}`);
  await page.getByTestId('category-list').getByRole('button', { name: 'Cancellation fee charged' }).click();
  await page.getByTestId('category-children').getByRole('link', { name: REFUND_ARTICLE_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/${charged.crn}/dreport/101101$`));

  const panel = page.getByTestId('onetouch-panel');
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
