import { expect, type Page } from '@playwright/test';
import {
  formatMessage,
  messages,
  orderArticleHref,
  orderHelpPath,
  orderWriteToUsHref,
  routes,
  ticketPaths,
  ticketRoutes,
  writeToUsHref,
} from '@selfserve/contract';
import { test } from './fixtures.ts';
import { signIn } from './support.ts';

// Olivia's two gift cards (packages/server/src/db/seed/orders.ts) and a plain gift-card article with Write to us
// (content/kb/giftcard/420101-the-gift-card-hasn-t-arrived.md).
const olivia = 'olivia.brown@example.com.au';
const FIRST = 'GFT5572016';
const SECOND = 'GFT5572248';
const ARTICLE = '420101';
const ARTICLE_TITLE = "The gift card hasn't arrived";

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const orderCard = (page: Page) => page.getByTestId('order-context').getByTestId('order-card');

/**
 * From the order's help page to its ticket, through the UI: the order card stays on the article and on the form,
 * and the form posts to the gift-card createTicket with the order id. Answers the request's body and the answer.
 */
async function ticketFromOrderHelp(page: Page, orderId: string, description: string) {
  await page.goto(orderHelpPath('giftcard', orderId));
  await expect(h1(page)).toHaveText(messages.chooseAnIssue);
  await expect(page.getByTestId('order-card')).toHaveAttribute('data-order-id', orderId);
  await page.getByRole('button', { name: 'Buying and using gift cards' }).click();
  await page.getByRole('link', { name: ARTICLE_TITLE }).click();

  await expect(page).toHaveURL(new RegExp(`${orderArticleHref('giftcard', orderId, ARTICLE)}$`));
  await expect(h1(page)).toHaveText(ARTICLE_TITLE);
  await expect(orderCard(page)).toHaveAttribute('data-order-id', orderId);
  await page.getByTestId('write-to-us-link').click();

  const form = orderWriteToUsHref(ARTICLE, { order_id: orderId, order_type: 'giftcard' });
  await expect(page).toHaveURL(new RegExp(`${form.replace('?', '\\?')}$`));
  await expect(h1(page)).toHaveText(ARTICLE_TITLE);
  await expect(orderCard(page)).toHaveAttribute('data-order-id', orderId);
  await page.getByRole('textbox', { name: 'Describe your issue' }).fill(description);
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith(ticketPaths.marketplace('giftcard')) && r.request().method() === 'POST',
    ),
    page.getByTestId('issue-submit').click(),
  ]);
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as { order_id: string; issue_id: string };
  expect(sent).toMatchObject({ order_id: orderId, issue_id: ARTICLE });
  const answer = (await response.json()) as { request_status: string; ticket_id: string };
  // The answer is shown with the order card still there.
  await expect(orderCard(page)).toHaveAttribute('data-order-id', orderId);
  await expect(page.getByTestId('ticket-id')).toHaveAttribute('data-ticket-id', answer.ticket_id);
  return answer;
}

test('olivia files a ticket from a gift card’s help page; a second order gets its own; the first again is its own ticket', async ({
  page,
}) => {
  await signIn(page, olivia);

  const first = await ticketFromOrderHelp(page, FIRST, 'The gift card never reached my friend by e-mail or SMS');
  expect(first.request_status).toBe('CREATED');
  await expect(page.getByTestId('ticket-message')).toHaveText(
    formatMessage('marketplaceTicketCreated', { orderId: FIRST }),
  );
  expect(first.ticket_id).toMatch(/^\d+$/);

  // Same issue, the other gift card: a ticket of its own, naming that order.
  const second = await ticketFromOrderHelp(page, SECOND, 'This gift card did not arrive either after two days');
  expect(second.request_status).toBe('CREATED');
  await expect(page.getByTestId('ticket-message')).toHaveText(
    formatMessage('marketplaceTicketCreated', { orderId: SECOND }),
  );
  expect(second.ticket_id).not.toBe(first.ticket_id);

  // The first order again while its ticket is open: that order's ticket, named by its order.
  const again = await ticketFromOrderHelp(page, FIRST, 'Still nothing has arrived for the first gift card');
  expect(again).toMatchObject({ request_status: 'OPEN_TICKET_PRESENT', ticket_id: first.ticket_id });
  await expect(page.getByTestId('ticket-message')).toHaveText(
    formatMessage('marketplaceTicketAlreadyOpen', { orderId: FIRST }),
  );

  // Both are open requests in /tickets, the newest also on top.
  await page.goto(ticketRoutes.tickets);
  await expect(h1(page)).toHaveText('My tickets');
  const open = page.getByTestId('tickets-open').getByTestId('ticket');
  await expect(open).toHaveCount(2);
  await expect(open.nth(0)).toHaveAttribute('data-ticket-id', second.ticket_id);
  await expect(open.nth(1)).toHaveAttribute('data-ticket-id', first.ticket_id);
  await expect(page.getByTestId('tickets-latest').getByTestId('ticket')).toHaveAttribute(
    'data-ticket-id',
    second.ticket_id,
  );
  await expect(page.getByText('You have no open requests.')).toHaveCount(0);
});

test('a visitor’s Write to us asks to sign in and comes back to the form', async ({ page }) => {
  // The write-to-us article of the customer knowledge base (content/kb/customer/100607-write-to-us.md).
  await page.goto('/article/100607');
  await page.getByTestId('write-to-us-link').click();
  await expect(page).toHaveURL(new RegExp(`${writeToUsHref('100607')}$`));
  const prompt = page.getByTestId('ticket-login-prompt');
  await expect(prompt).toContainText('Sign in to write to us about this.');
  await prompt.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?return=/);
  await page.getByTestId(`demo-login-${olivia}`).click();
  await expect(page).toHaveURL(new RegExp(`${writeToUsHref('100607')}$`));
  await expect(page.getByTestId('issue-form')).toBeVisible();
});

test('/dsuccess opened directly goes home', async ({ page }) => {
  await page.goto(ticketRoutes.dsuccess);
  await expect(page).toHaveURL(new RegExp(`${routes.home}$`));
  await expect(page.getByText(messages.ticketSuccess)).toHaveCount(0);
});
