import { expect } from '@playwright/test';
import { type DriverRidesResponse, driverPaths, type InvoiceResponse, OPERATOR_REPORT_PATH } from '@selfserve/contract';
import en from '@selfserve/contract/locales/en.json' with { type: 'json' };
import hi from '@selfserve/contract/locales/hi.json' with { type: 'json' };
import { expectNoAxeViolations, test } from './fixtures.ts';
import { openApp } from './support.ts';

// Issue 18 items 3 and 8 (docs/driver.md "Billing help", "Who lands where"): a driver's billing help from his trip,
// and which home each partner lands on — signed in by the host app, as the apps do.

test('ramesh opens a trip, then Billing help: his fare, commission, payout and the billing articles, in Hindi', async ({
  page,
}) => {
  await openApp(page, 'ramesh.driver@example.in');
  // A completed cash trip of his (the list call as the trips page makes it).
  const list = (await (
    await page.request.get(`${driverPaths.rides}?per_page=40&status=completed`)
  ).json()) as DriverRidesResponse;
  const trip = list.data.find((r) => r.cash);
  expect(trip).toBeDefined();
  const crn = trip?.crn ?? '';

  await page.goto(`/driver/rides/${crn}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1, name: hi.driver.ride.title })).toBeVisible();
  await page.getByRole('link', { name: hi.driverBilling.title }).click();
  await expect(page).toHaveURL(new RegExp(`/bookingdetails/billing_issue/driver_ride\\?crn=${crn}$`));
  await expect(page.getByRole('heading', { level: 1, name: hi.driverBilling.title })).toBeVisible();
  await expect(page.getByTestId('driver-billing-trip')).toContainText(`CRN ${crn}`);

  // The bill from his side: exactly his earning statement, every total from its parts.
  await expect(page.getByTestId('billing-net_payout')).toBeVisible();
  const invoice = (await (await page.request.get(`${driverPaths.invoice}?id=${trip?.id}`)).json()) as InvoiceResponse;
  const s = invoice.data.statement;
  const value = async (key: string) => Number(await page.getByTestId(`billing-${key}`).getAttribute('data-value'));
  expect(await value('fare')).toBe(s.fare);
  expect(await value('commission')).toBe(s.commission);
  expect(await value('incentives')).toBe(s.incentives);
  expect(await value('cash_collected')).toBe(s.fare);
  expect(await value('net_payout')).toBe(s.net_payout);
  expect(s.net_payout).toBe(Math.round((s.fare - s.commission + s.incentives - s.fare) * 100) / 100);
  await expect(page.getByRole('row', { name: new RegExp(hi.driver.statement.commission) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(hi.driver.statement.netPayout) })).toBeVisible();

  // The billing articles of his index (driver_in_hi's earnings and payouts).
  const articles = page.getByTestId('billing-articles');
  await expect(articles.getByRole('heading', { name: hi.driverBilling.articlesHeading })).toBeVisible();
  await expect(articles.getByRole('link', { name: 'साप्ताहिक भुगतान कब मिलता है?' })).toBeVisible();
  await expect(articles.getByRole('link', { name: 'कमीशन या कटौती क्यों ली गई?' })).toBeVisible();
  await expectNoAxeViolations(page, '/bookingdetails/billing_issue/driver_ride');

  await articles.getByRole('link', { name: 'कमीशन या कटौती क्यों ली गई?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'कमीशन या कटौती क्यों ली गई?' })).toBeVisible();
  await page.goBack();
  // Back from the billing help goes to the trip.
  await page.getByTestId('kb-back').click();
  await expect(page).toHaveURL(new RegExp(`/driver/rides/${crn}$`));
});

test('vikram, a bike partner, lands on the bike partners’ index and sees his bike trips', async ({ page }) => {
  await openApp(page, 'vikram.bike@example.in');
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  const categories = page.getByTestId('category-list');
  await expect(categories.getByRole('button', { name: 'Earnings and payouts' })).toBeVisible();
  await expect(categories.getByRole('button', { name: 'Riding and safety' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'How is my pay for a bike ride worked out?' })).toBeVisible();
  // Not the cab drivers' index.
  await expect(page.getByRole('button', { name: 'Trips and ratings' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/home (bike partner)');

  await page.getByRole('link', { name: 'How is my pay for a bike ride worked out?' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'How is my pay for a bike ride worked out?' }),
  ).toBeVisible();
  await expect(page.getByText('a ₹80 ride paid online')).toBeVisible();

  await page.goto('/home');
  await page.getByTestId('home-driver-trips').getByRole('link', { name: en.driver.home.ridesLink }).click();
  const cards = page.getByTestId('driver-ride-card');
  await expect(cards.first()).toContainText('bike');
});

test('sunil’s home is the delivery partners’: his categories and tickets, no trips, no bookings', async ({ page }) => {
  await openApp(page, 'sunil.rider@example.in');
  await page.goto('/home');
  await expect(page.getByTestId('partner-home-lead')).toHaveText(en.partnerHomes.foodRider.lead);
  await expect(page.getByTestId('category-list').getByRole('button', { name: 'Orders and deliveries' })).toBeVisible();
  await expect(page.getByTestId('category-list').getByRole('button', { name: 'Earnings and payouts' })).toHaveCount(0);
  await expect(page.getByTestId('home-partner-tickets')).toBeVisible();
  await expect(page.getByTestId('home-driver-trips')).toHaveCount(0);
  await expect(page.getByTestId('home-bookings')).toHaveCount(0);
  await expectNoAxeViolations(page, '/home (food-delivery rider)');
  await page.getByRole('link', { name: en.partnerHomes.tickets.link }).click();
  await expect(page).toHaveURL(/\/tickets$/);
});

test('the operator app opens /report: the operators’ home with the partners’ help and trips', async ({ page }) => {
  await openApp(page, 'ramesh.driver@example.in', 'operator_app');
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`${OPERATOR_REPORT_PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: hi.partnerHomes.operator.heading })).toBeVisible();
  await expect(page.getByTestId('partner-home-lead')).toHaveText(hi.partnerHomes.operator.lead);
  // The partners' index in his language; his trips and tickets; no customer booking list.
  await expect(page.getByTestId('category-list').getByRole('button', { name: 'कमाई और भुगतान' })).toBeVisible();
  await expect(page.getByTestId('home-bookings')).toHaveCount(0);
  await expect(page.getByTestId('home-partner-tickets')).toBeVisible();
  await expectNoAxeViolations(page, '/report (operator app)');
  await page.getByTestId('home-driver-trips').getByRole('link', { name: hi.driver.home.ridesLink }).click();
  await expect(page).toHaveURL(/\/driver\/rides$/);
  await expect(page.getByTestId('driver-ride-card').first()).toBeVisible();
});
