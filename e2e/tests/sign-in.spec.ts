import { expect } from '@playwright/test';
import { apiPaths, membershipOf, routes } from '@selfserve/contract';
import { test } from './fixtures.ts';

const member = 'arjun.select@example.in';
const customer = 'riya.customer@example.in';

test('a paid member signs in with a demo account, sees the stamp, and signs out', async ({ page }) => {
  await page.goto(routes.home);
  const prompt = page.getByTestId('login-prompt');
  await expect(prompt).toContainText('Sign in to see your bookings and tickets');

  await prompt.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByTestId(`demo-login-${member}`).click();
  await expect(page).toHaveURL(/\/home$/);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-email')).toHaveText(member);
  await expect(header.getByTestId('membership-stamp')).toBeVisible();

  // page.request shares the browser context's cookies: this is the signed-in session's own answer.
  const infoResponse = await page.request.get(apiPaths.userInfo);
  expect(infoResponse.status()).toBe(200);
  const info = await infoResponse.json();
  expect(info.email).toBe(member);
  expect(info.is_select).toBe(true);
  expect(membershipOf(info).isMember).toBe(true);
  // …and it agrees with what the page shows.
  await expect(header.getByTestId('header-email')).toHaveText(info.email);
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-member', 'true');

  await header.getByTestId('logout-button').click();
  await expect(header.getByTestId('login-link')).toBeVisible();
  await expect(header.getByTestId('header-email')).toHaveCount(0);
  await expect(header.getByTestId('membership-stamp')).toHaveCount(0);

  const afterLogout = await page.request.get(apiPaths.userInfo);
  expect(afterLogout.status()).toBe(401);
  expect((await afterLogout.json()).error.code).toBe('UNAUTHORIZED');
});

test('a customer signs in with an e-mailed code, using the demo code shown on the page', async ({ page }) => {
  await page.goto(`${routes.login}?return=${encodeURIComponent(routes.selfServe)}`);
  await page.getByLabel('E-mail address', { exact: true }).fill(customer);
  await page.getByRole('button', { name: 'Send code' }).click();

  const demoCode = page.getByTestId('demo-code');
  await expect(demoCode).toHaveText(/Demo mode: your code is \d{6}/);
  const code = (await demoCode.textContent())?.match(/\d{6}/)?.[0];
  expect(code).toBeDefined();

  await page.getByLabel('One-time code', { exact: true }).fill(code ?? '');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/selfServe$/);
  await expect(page.getByRole('banner').getByTestId('header-email')).toHaveText(customer);
  await expect(page.getByRole('banner').getByTestId('membership-stamp')).toHaveCount(0);
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-member', 'false');
});

test('a wrong code is refused and the typed values stay', async ({ page }) => {
  await page.goto(routes.login);
  await page.getByLabel('E-mail address', { exact: true }).fill(customer);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('demo-code')).toBeVisible();
  const shown = (await page.getByTestId('demo-code').textContent())?.match(/\d{6}/)?.[0] ?? '';
  // Any other six digits are wrong.
  const wrong = shown === '000000' ? '111111' : '000000';

  await page.getByLabel('One-time code', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('One-time code', { exact: true })).toHaveValue(wrong);
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(customer);
  await expect(page).toHaveURL(/\/login$/);
});
