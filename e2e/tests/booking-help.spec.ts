import { expect, type Page } from '@playwright/test';
import {
  bookingRoutes,
  type KbMetaResponse,
  kbPaths,
  messages,
  routes,
  writeToUsArticleFor,
} from '@selfserve/contract';
import { test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

// Issue 12: booking help that never dead-ends, the UK site's articles, a food-delivery rider's home, the invoice view
// and the booking card of /support/{bid}/dreport.

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens the help of the signed-in user's first booking in a help context; answers its CRN. */
async function openBookingHelp(page: Page, context: string): Promise<string> {
  const booking = (await allListedBookings(page.request)).find((b) => b.context === context);
  expect(booking, `a ${context} booking among the listed bookings`).toBeDefined();
  const crn = booking?.crn ?? '';
  await page.goto(`/bdetails/${crn}`);
  await expect(h1(page)).toHaveText(messages.chooseAnIssue);
  await expect(page.getByTestId('booking-card')).toHaveAttribute('data-crn', crn);
  return crn;
}

test("oliver's ongoing UK journey shows help topics and a write-to-us", async ({ page }) => {
  await signIn(page, 'oliver.smith@example.co.uk');
  const crn = await openBookingHelp(page, 'rides_ongoing');
  await expect(page.getByText('There are no help topics here yet.')).toHaveCount(0);
  const category = page.getByTestId('category-list').getByRole('button', { name: 'Journey in progress' });
  await expect(category).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('category-children').getByRole('link')).not.toHaveCount(0);
  await expect(page.getByTestId('category-children')).toContainText('I feel unsafe during my journey');

  const writeToUs = page.getByTestId('booking-contact').getByRole('link', { name: 'Write to us' });
  await expect(writeToUs).toHaveAttribute('href', `/${crn}/dwritetous/${writeToUsArticleFor('customer_gb')}`);
  await writeToUs.click();
  await expect(page.getByTestId('booking-context').getByTestId('booking-card')).toHaveAttribute('data-crn', crn);
  await expect(page.getByTestId('article-issue-form')).toBeVisible();
});

test("olivia's charged cancellation shows help topics and a write-to-us", async ({ page }) => {
  await signIn(page, 'olivia.brown@example.com.au');
  const crn = await openBookingHelp(page, 'rides_Cancelled_Charged');
  const category = page.getByTestId('category-list').getByRole('button', { name: 'Cancellation fee charged' });
  await expect(category).toHaveAttribute('aria-pressed', 'true');
  const topic = page.getByTestId('category-children').getByRole('link', { name: /cancellation fee unfairly/ });
  await expect(topic).toHaveAttribute('href', new RegExp(`^/${crn}/dreport/\\d+$`));
  await expect(page.getByTestId('booking-contact').getByRole('link', { name: 'Write to us' })).toHaveAttribute(
    'href',
    `/${crn}/dwritetous/${writeToUsArticleFor('customer_au')}`,
  );

  // The topic opens in the booking's context.
  await topic.click();
  await expect(h1(page)).toHaveText('I was charged a cancellation fee unfairly');
  await expect(page.getByTestId('booking-context').getByTestId('booking-card')).toHaveAttribute('data-crn', crn);
});

test('a visitor on the UK site reads the UK articles', async ({ page, baseURL }) => {
  // Chromium resolves every *.localhost name to this machine; the name carries the UK marker (.co.uk).
  const ukSite = (baseURL ?? '').replace('127.0.0.1', 'help.co.uk.localhost');
  await page.goto(`${ukSite}${routes.home}`);
  // The home page comes rendered by the server with its categories (docs/ssr.md): ask the page's own API, on the UK
  // host, which index it reads.
  const answer = (await page.evaluate((path) => fetch(path).then((r) => r.json()), kbPaths.meta)) as KbMetaResponse;
  expect(answer.index_name).toEqual(['customer_gb']);
  const categories = page.getByTestId('category-list');
  await expect(categories.getByRole('button', { name: 'Rides, fares and receipts' })).toBeVisible();
  await expect(categories.getByRole('button', { name: 'Rides and fares', exact: true })).toHaveCount(0);
  // The UK site offers neither sign-in nor the app download (core.md §6).
  await expect(page.getByTestId('login-link')).toHaveCount(0);
  await expect(page.getByTestId('download-app-link')).toHaveCount(0);

  // The same visitor on the Indian site reads the Indian index.
  await page.goto(routes.home);
  await expect(page.getByTestId('category-list').getByRole('button', { name: 'Rides and fares' })).toBeVisible();
});

test("sunil, a food-delivery rider, never meets 'Uh Oh!' from his home page", async ({ page }) => {
  const retryShown: string[] = [];
  await signIn(page, 'sunil.rider@example.in');
  await expect(page.getByTestId('category-list')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Bookings' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(menu.getByRole('link', { name: 'My tickets' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Bookings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Nothing on home leads to a list he may not open; typed in directly, the list says why and what to do instead.
  for (const path of [bookingRoutes.bookings, routes.main, bookingRoutes.viewInvoice]) {
    await page.goto(path);
    const refused = page.getByTestId('booking-list-refused');
    await expect(refused).toContainText(messages.foodRiderNoBookings);
    await expect(refused.getByRole('link', { name: 'See help topics' })).toHaveAttribute('href', routes.home);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    if (await page.getByText(messages.retry).count()) retryShown.push(path);
  }
  // Write to us opens his own form at once (no ride to choose first, which would lead back here).
  await page.getByTestId('booking-list-refused').getByRole('link', { name: 'Write to us' }).click();
  await expect(page.getByTestId('article-issue-form')).toBeVisible();
  await page.goBack();
  await page.getByTestId('booking-list-refused').getByRole('link', { name: 'See help topics' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(messages.retry)).toHaveCount(0);
  expect(retryShown).toEqual([]);

  // A one-touch help topic about an order does not send him to choose a ride from a list he may not open.
  await page
    .getByTestId('category-children')
    .getByRole('link', { name: /restaurant is taking too long/ })
    .click();
  await expect(h1(page)).toHaveText('The restaurant is taking too long to hand over the order');
  await expect(page.getByRole('link', { name: 'Choose the ride this is about' })).toHaveCount(0);
  await expect(page.getByTestId('onetouch-panel')).toContainText(messages.foodRiderNoBookings);
});

test('/report/viewinvoice/default shows the invoice view and mails an invoice', async ({ page }) => {
  await signIn(page, 'riya.customer@example.in');
  await page.goto(bookingRoutes.viewInvoice);
  await expect(h1(page)).toHaveText('Your invoices');
  await expect(page.getByText(messages.articleNotFound)).toHaveCount(0);
  const cards = page.getByTestId('booking-card');
  await expect(cards).toHaveCount(25);
  await expect(page.getByTestId('booking-status').filter({ hasNotText: 'Completed' })).toHaveCount(0);

  await page
    .getByRole('button', { name: /^Get the invoice of ride / })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'Send the invoice to' })).toHaveValue('riya.customer@example.in');
  await page.getByRole('button', { name: 'E-mail the invoice' }).click();
  const result = page.getByTestId('onetouch-result');
  await expect(result.getByRole('heading', { name: messages.invoiceSent })).toBeVisible();
  await expect(result).toContainText('riya.customer@example.in');
});

test('/support/{bid}/dreport shows the booking card above the article', async ({ page }) => {
  await signIn(page, 'riya.customer@example.in');
  const [booking] = await allListedBookings(page.request);
  const meta = (await (await page.request.get(kbPaths.meta)).json()) as KbMetaResponse;
  const article = meta.data.flatMap((c) => c.articles).find((a) => a.type === 'article');
  expect(booking && article).toBeTruthy();
  if (!booking || !article) return;

  await page.goto(`/support/${booking.id}/dreport/${article.id}`);
  await expect(h1(page)).toHaveText(article.title);
  const card = page.getByTestId('booking-context').getByTestId('booking-card');
  await expect(card).toHaveAttribute('data-crn', booking.crn);
  await expect(card.getByTestId('booking-card-link')).toHaveAttribute('href', `/bdetails/${booking.crn}`);

  // Someone else's booking id is not found.
  await page.goto(`/support/bk_not_hers/dreport/${article.id}`);
  await expect(h1(page)).toHaveText(messages.bookingNotFound);
  await expect(page.getByTestId('booking-card')).toHaveCount(0);
});
