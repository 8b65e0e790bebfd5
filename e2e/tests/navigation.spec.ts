import { expect } from '@playwright/test';
import { apiPaths, routes } from '@selfserve/contract';
import { test } from './fixtures.ts';

test('an unknown route shows the not-found page (issue 14), whose home link leads a visitor to /home', async ({
  page,
}) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
  await expect(page.getByTestId('login-prompt')).toBeVisible();
});

test('/selfServe is the home page too', async ({ page }) => {
  await page.goto(routes.selfServe);
  await expect(page).toHaveURL(/\/selfServe$/);
  await expect(page.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
});

test('each page view is reported, with the CSRF token accepted', async ({ page }) => {
  const firstView = page.waitForResponse((r) => r.url().endsWith(apiPaths.addTrack) && r.request().method() === 'POST');
  await page.goto(routes.home);
  const response = await firstView;
  expect(response.status()).toBe(200);
  // Each view carries the session's entry mode and the language the page is shown in (issue 13).
  const view = { event: 'page_view', entry_mode: 'customer_website', language: 'en' };
  expect(response.request().postDataJSON()).toEqual({ ...view, page: routes.home });

  const secondView = page.waitForRequest((r) => r.url().endsWith(apiPaths.addTrack) && r.method() === 'POST');
  await page.getByRole('banner').getByTestId('login-link').click();
  expect((await secondView).postDataJSON()).toEqual({ ...view, page: routes.login });
});

test('the side menu opens, offers sign-in to a visitor and closes with Escape', async ({ page }) => {
  await page.goto(routes.home);
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(menu.getByTestId('login-prompt')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toHaveCount(0);
});
