import { expect, type Page } from '@playwright/test';
import {
  BOOKING_LIST_MAX_PAGES,
  bookingPaths,
  DEEP_LINK_PATH,
  isValidCrn,
  type KbMetaResponse,
  kbPaths,
  messages,
  routes,
  withCrnCheckDigit,
} from '@selfserve/contract';
import { test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

const customer = 'riya.customer@example.in';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

// A string runs in the page; this project's e2e types carry no DOM lib.
const scrollToBottom = (page: Page) => page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');

test('a customer scrolls /main to the 10th page and no further', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, customer);
  const listRequests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === bookingPaths.list) listRequests.push(url.searchParams.get('page_no') ?? '');
  });

  await page.goto(routes.main);
  await expect(h1(page)).toHaveText(messages.helpWithLastBookings);
  const cards = page.getByTestId('booking-list').getByTestId('booking-card');
  await expect(cards).toHaveCount(25);

  // Scroll to the bottom until the list stops growing: each page adds 25 rides, up to page 10.
  for (let n = 2; n <= BOOKING_LIST_MAX_PAGES; n++) {
    await scrollToBottom(page);
    await expect(cards).toHaveCount(n * 25);
  }
  await expect(page.getByTestId('booking-list')).toHaveAttribute('data-pages', String(BOOKING_LIST_MAX_PAGES));

  // More scrolling at the end asks for nothing more.
  for (let i = 0; i < 3; i++) {
    await scrollToBottom(page);
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
  }
  await expect(cards).toHaveCount(250);
  expect(listRequests).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
});

test("a cancelled ride with a fee shows 'Choose an Issue' with 'Cancellation fee charged'", async ({ page }) => {
  await signIn(page, customer);
  const charged = (await allListedBookings(page.request)).find((b) => b.context === 'rides_Cancelled_Charged');
  expect(charged, 'a cancelled-and-charged ride among the listed bookings').toBeDefined();
  if (!charged) return;

  await page.goto(`/bdetails/${charged.crn}`);
  await expect(h1(page)).toHaveText(messages.chooseAnIssue);
  const card = page.getByTestId('booking-card');
  await expect(card).toHaveAttribute('data-crn', charged.crn);
  // The seed's charged cancellations are the rider's own: the status says who cancelled (issue 14).
  expect(charged.sub_status).toBe('cancelled_by_customer');
  await expect(card.getByTestId('booking-status')).toHaveText('Cancelled by customer');
  const category = page.getByTestId('category-list').getByRole('button', { name: 'Cancellation fee charged' });
  await expect(category).toBeVisible();
  await expect(category).toHaveAttribute('aria-pressed', 'true');

  // An issue opens in the booking's context: the booking above the article.
  const issue = page.getByTestId('category-children').getByRole('link').first();
  const title = (await issue.textContent())?.replace('›', '').trim() ?? '';
  await issue.click();
  await expect(page).toHaveURL(new RegExp(`/${charged.crn}/dreport/\\d+$`));
  await expect(h1(page)).toHaveText(title);
  await expect(page.getByTestId('booking-context').getByTestId('booking-card')).toHaveAttribute(
    'data-crn',
    charged.crn,
  );
});

test("a valid CRN that is not the user's booking shows 'Booking Not found.'", async ({ page }) => {
  await signIn(page, customer);
  const crn = withCrnCheckDigit('987654321');
  expect(isValidCrn(crn)).toBe(true);
  await page.goto(`/bdetails/${crn}`);
  await expect(h1(page)).toHaveText(messages.bookingNotFound);
});

test('an invalid CRN shows Booking Not found. without asking the server', async ({ page }) => {
  await signIn(page, customer);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === bookingPaths.getByCrn) asked.push(r.url());
  });
  await page.goto('/bdetails/1234567890');
  expect(isValidCrn('1234567890')).toBe(false);
  await expect(h1(page)).toHaveText(messages.bookingNotFound);
  expect(asked).toEqual([]);
});

test('a visitor opening /main lands on /home', async ({ page }) => {
  await page.goto(routes.main);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('login-prompt')).toBeVisible();
});

test('My Bookings in the side menu lists the rides and opens one', async ({ page }) => {
  await signIn(page, customer);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(h1(page)).toHaveText('My Bookings');
  const first = page.getByTestId('booking-card').first();
  const crn = await first.getAttribute('data-crn');
  await first.getByTestId('booking-card-link').click();
  await expect(page).toHaveURL(new RegExp(`/bdetails/${crn}$`));
  await expect(h1(page)).toHaveText(messages.chooseAnIssue);
});

test('a website deep link to a booking article sends a visitor through login and back to it', async ({
  page,
  browser,
}) => {
  // Look up one of riya's bookings and a help article in a separate, signed-in browser context.
  const helper = await browser.newContext();
  const helperPage = await helper.newPage();
  await signIn(helperPage, customer);
  const [booking] = await allListedBookings(helperPage.request);
  expect(booking).toBeDefined();
  const meta = (await (await helperPage.request.get(kbPaths.meta)).json()) as KbMetaResponse;
  const target = meta.data.flatMap((c) => c.articles).find((a) => a.type === 'article');
  expect(target).toBeDefined();
  await helper.close();
  if (!booking || !target) return;

  const supportPath = `/support/${booking.id}/dreport/${target.id}`;
  await page.goto(`${DEEP_LINK_PATH}?landing_page=website&articleId=${target.id}&bid=${booking.id}`);
  await expect(page).toHaveURL(`${routes.login}?return=${encodeURIComponent(supportPath)}`);
  await page.getByTestId(`demo-login-${customer}`).click();
  await expect(page).toHaveURL(supportPath);
  await expect(h1(page)).toHaveText(target.title);
});
