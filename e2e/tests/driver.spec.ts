import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { driverPaths, driverRidesPageSize, type RideDetail } from '@selfserve/contract';
import hi from '@selfserve/contract/locales/hi.json' with { type: 'json' };
import { expectNoAxeViolations, test } from './fixtures.ts';
import { openApp } from './support.ts';

// The driver's trips in the driver app (issue 18; docs/driver.md): signed in by the host app, in the driver's Hindi.

/** The per_page of every driver_rides request the page makes, in order. */
function recordPageSizes(page: Page): number[] {
  const sizes: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === driverPaths.rides) sizes.push(Number(url.searchParams.get('per_page')));
  });
  return sizes;
}

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));

test('ramesh, in the driver app in Hindi, pages through his trips by Fibonacci sizes and opens a trip’s earning statement', async ({
  page,
}) => {
  await openApp(page, 'ramesh.driver@example.in');
  const sizes = recordPageSizes(page);
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // The driver home offers his trips.
  const trips = page.getByTestId('home-driver-trips');
  await expect(trips.getByRole('heading', { name: hi.driver.home.ridesHeading })).toBeVisible();
  await trips.getByRole('link', { name: hi.driver.home.ridesLink }).click();
  await expect(page).toHaveURL(/\/driver\/rides$/);
  await expect(page.getByRole('heading', { level: 1, name: hi.driver.rides.title })).toBeVisible();

  // Pages of 1, 1, 2, 3, 5 trips: the list grows 1 → 2 → 4 → 7 → 12.
  const cards = page.getByTestId('driver-ride-card');
  const more = page.getByRole('button', { name: hi.driver.rides.showMore });
  let shown = 0;
  for (let p = 1; p <= 5; p++) {
    shown += driverRidesPageSize(p);
    if (p > 1) await more.click();
    await expect(cards).toHaveCount(shown);
    await expect(page.getByTestId('driver-rides-count')).toHaveText(fill(hi.driver.rides.count, { n: shown }));
  }
  expect(sizes).toEqual([1, 1, 2, 3, 5]);
  await expectNoAxeViolations(page, '/driver/rides');

  // A completed trip: its details, then its earning statement.
  const completed = cards.filter({ hasText: hi.status.completed }).first();
  const crn = await completed.getAttribute('data-crn');
  expect(crn).toBeTruthy();
  await completed.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/driver/rides/${crn}$`));
  await expect(page.getByRole('heading', { level: 1, name: hi.driver.ride.title })).toBeVisible();
  await expect(page.getByTestId('driver-ride-status')).toHaveText(hi.status.completed);
  await expectNoAxeViolations(page, '/driver/rides/{crn}');

  await page.getByRole('link', { name: hi.driver.ride.statementLink }).click();
  await expect(page).toHaveURL(new RegExp(`/driver/rides/${crn}/statement$`));
  await expect(page.getByRole('heading', { level: 1, name: hi.driver.statement.title })).toBeVisible();
  const value = async (key: string) => Number(await page.getByTestId(`statement-${key}`).getAttribute('data-value'));
  await expect(page.getByTestId('statement-net_payout')).toBeVisible();
  const fare = await value('fare');
  const commission = await value('commission');
  const incentives = await value('incentives');
  const earnings = await value('net_earnings');
  const cash = await value('cash_collected');
  const payout = await value('net_payout');
  expect(Math.round((fare - commission + incentives) * 100) / 100).toBe(earnings);
  expect(Math.round((earnings - cash) * 100) / 100).toBe(payout);
  await expect(page.getByRole('row', { name: new RegExp(hi.driver.statement.netPayout) })).toBeVisible();
  await expect(page.getByRole('button', { name: hi.driver.statement.print })).toBeVisible();
  await expectNoAxeViolations(page, '/driver/rides/{crn}/statement');

  // The PDF download.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: hi.driver.statement.download }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`earning-statement-${crn}.pdf`);
  const file = await download.path();
  const pdf = fs.readFileSync(file).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  // In Hindi, as the page: the Devanagari font is embedded (the text itself: server/test/driver-statement-pdf.test.ts).
  expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
  expect(pdf).toContain('/FontFile2');
});

test('the short-ended trip’s sheet and a food-delivery rider’s refusal, through the app session', async ({ page }) => {
  await openApp(page, 'ramesh.driver@example.in');
  const sheet = await page.request.get(`${driverPaths.rideDetail}?id=dr_ramesh_d01`);
  expect(sheet.status()).toBe(200);
  const detail = (await sheet.json()).data as RideDetail;
  expect(detail.ended_short_km).toBeGreaterThan(0);

  await openApp(page, 'sunil.rider@example.in');
  await page.goto('/driver/rides');
  // The server's reason, in Hindi? sunil's profile is English: the catalogue's English text, and no retry.
  await expect(page.getByText('Food-delivery riders cannot list driver bookings.')).toBeVisible();
  await expect(page.getByTestId('driver-ride-card')).toHaveCount(0);
});

test('vikram, a bike partner, sees his bike trips in the driver app', async ({ page }) => {
  await openApp(page, 'vikram.bike@example.in');
  await page.goto('/driver/rides');
  const cards = page.getByTestId('driver-ride-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('bike');
  const profile = await (await page.request.get(driverPaths.profile)).json();
  expect(profile).toMatchObject({ partner_type: 'bike', current_car_category: 'bike' });
});
