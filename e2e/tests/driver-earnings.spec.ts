import { expect, type Page } from '@playwright/test';
import { addDays, bucketRanges, dayInZone, driverTimeZone, earningsPaths } from '@selfserve/contract';
import hi from '@selfserve/contract/locales/hi.json' with { type: 'json' };
import { expectNoAxeViolations, test } from './fixtures.ts';
import { openApp } from './support.ts';

// The driver's earnings in the driver app (issue 18 item 5; docs/driver.md "Earnings").

/** The bodies of the earnings requests the page sends, in order. */
function recordEarningsRequests(page: Page): Record<string, string>[] {
  const bodies: Record<string, string>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === earningsPaths.history) bodies.push(request.postDataJSON());
  });
  return bodies;
}

test('ramesh, in the driver app in Hindi, opens his earnings from his trips and sees the chart and the table', async ({
  page,
}) => {
  await openApp(page, 'ramesh.driver@example.in');
  const bodies = recordEarningsRequests(page);
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // The driver home's trips card offers the earnings too; he goes through his trips.
  const card = page.getByTestId('home-driver-trips');
  await expect(card.getByRole('link', { name: hi.earnings.link })).toBeVisible();
  await card.getByRole('link', { name: hi.driver.home.ridesLink }).click();
  await expect(page).toHaveURL(/\/driver\/rides$/);
  await page.getByRole('link', { name: hi.earnings.link }).click();
  await expect(page).toHaveURL(/\/driver\/earnings$/);
  await expect(page.getByRole('heading', { level: 1, name: hi.earnings.title })).toBeVisible();

  // Six months by month: the chart, named and described, a bar for each month the 183 days up to his today (India's
  // day) touch: seven, or six when they start on the 1st.
  const today = dayInZone(Date.now(), driverTimeZone('IN'));
  const months = bucketRanges(addDays(today, -182), today, 'month').length;
  const chart = page.getByRole('img', { name: hi.earnings.chart.title });
  await expect(chart).toBeVisible();
  const bars = page.getByTestId('earnings-bar');
  await expect(bars).toHaveCount(months);
  await expect(page.getByText(hi.earnings.chart.amountAxis.replace('{currency}', '₹'))).toBeVisible();
  const table = page.getByRole('table', { name: hi.earnings.table.caption });
  await expect(table).toBeVisible();
  await expect(table.getByTestId('earnings-row')).toHaveCount(months);
  await expect(table.getByRole('columnheader', { name: hi.earnings.table.net })).toBeVisible();
  const rides = Number(await page.getByTestId('earnings-summary').getAttribute('data-rides'));
  expect(rides).toBeGreaterThan(60);
  expect(bodies[0]).toMatchObject({ granularity: 'month' });

  // The bars are the table's net earnings, month by month.
  const barValues = await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  const rowValues = await table
    .locator('tbody [data-key="net_earnings"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(barValues).toEqual(rowValues);
  // Every month has trips but perhaps the first, which may be a day or two.
  expect(barValues.filter((v) => v > 0).length).toBeGreaterThanOrEqual(months - 1);
  await expectNoAxeViolations(page, 'earnings by month');

  // By week: Monday weeks, the same trips in all.
  await page.getByLabel(hi.earnings.granularity).selectOption('week');
  await expect.poll(() => bodies.at(-1)?.granularity).toBe('week');
  await expect.poll(() => table.getByTestId('earnings-row').count()).toBeGreaterThanOrEqual(26);
  await expect(bars).toHaveCount(await table.getByTestId('earnings-row').count());
  await expect(page.getByTestId('earnings-summary')).toHaveAttribute('data-rides', String(rides));
});

test('jack, a fleet partner, filters his earnings by each of his two cars', async ({ page }) => {
  await openApp(page, 'jack.taylor@example.com.au');
  const bodies = recordEarningsRequests(page);
  await page.goto('/driver/earnings');
  const summary = page.getByTestId('earnings-summary');
  await expect(page.getByTestId('earnings-chart')).toBeVisible();
  const all = Number(await summary.getAttribute('data-rides'));
  expect(all).toBeGreaterThan(60);

  const car = page.getByLabel('Car', { exact: true });
  // His first car (the one on all his other trips) and the second, attached one.
  await expect(car.getByRole('option')).toHaveText(['All cars', /^\w+ · /, 'DXR41M · Hyundai Sonata']);
  const firstCar = await car.getByRole('option').nth(1).getAttribute('value');
  await car.selectOption('DXR41M');
  await expect.poll(() => bodies.at(-1)?.car).toBe('DXR41M');
  await expect(summary).not.toHaveAttribute('data-rides', String(all));
  const second = Number(await summary.getAttribute('data-rides'));
  await car.selectOption(firstCar ?? '');
  await expect.poll(() => bodies.at(-1)?.car).toBe(firstCar);
  await expect(summary).not.toHaveAttribute('data-rides', String(second));
  const first = Number(await summary.getAttribute('data-rides'));
  expect(first).toBeGreaterThan(0);
  expect(second).toBeGreaterThan(0);
  expect(first + second).toBe(all);
  await expectNoAxeViolations(page, 'fleet partner earnings, one car');
});
