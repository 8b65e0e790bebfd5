import { expect, type Page } from '@playwright/test';
import { type CategoryNode, type KbMetaResponse, kbPaths, routes } from '@selfserve/contract';
import { test } from './fixtures.ts';
import { signIn } from './support.ts';

/** Routes that make sense (issue 14 item 2) and the wording/config details of item 5 that live in the header. */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test('/ goes to the home of the entry mode: the website visitor lands on /home', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await expect(h1(page)).toHaveText('How can we help?');
  await expect(page.getByTestId('category-browser')).toBeVisible();
  // replaced, not pushed: the app's history is still at its first entry, so Back does not return to the bare /
  expect(await page.evaluate('window.history.state?.idx')).toBe(0);
});

test('an unknown URL answers 404 and shows the not-found page, which leads home', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all?x=1');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveURL(/\/no-such-page\/at-all\?x=1$/);
  await expect(h1(page)).toHaveText('Page not found');
  await expect(page.getByTestId('not-found-page')).toContainText('There is no page at this address');
  await expect(page).toHaveTitle(/^Page not found · /);
  // The website offers search: it opens the results.
  const search = page.getByRole('search', { name: 'Search the help centre' });
  await search.getByRole('searchbox').fill('refund');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=refund$/);
  await page.goBack();
  await expect(h1(page)).toHaveText('Page not found');
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(h1(page)).toHaveText('How can we help?');

  // An unknown API path stays a JSON 404; an app page is a 200.
  const api = await page.request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe('NOT_FOUND');
  expect((await page.request.get('/bdetails/4992739872')).status()).toBe(200);
});

test('a section URL opened fresh shows its section; home links use it; the old /section still works', async ({
  browser,
  page,
}) => {
  const meta = (await (await page.request.get(kbPaths.meta)).json()) as KbMetaResponse;
  const category = meta.data.find((c) => c.articles.some((s) => s.type === 'sub_category' && s.articles.length > 0));
  expect(category, 'a public category with a section').toBeDefined();
  if (!category) return;
  const section = category.articles.find((s) => s.type === 'sub_category' && s.articles.length > 0) as CategoryNode;
  const [first] = section.articles as [CategoryNode];

  // A new browser with nothing selected before: the address alone names the section.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const response = await other.goto(`/section/${section.id}`);
  expect(response?.status()).toBe(200);
  await expect(h1(other)).toHaveText(section.title);
  await expect(
    other.getByTestId('article-children').getByRole('link', { name: first.title, exact: true }),
  ).toBeVisible();
  await fresh.close();

  // From home, the section's link is the shareable form.
  await page.goto(routes.home);
  await page.getByTestId('category-list').getByRole('button', { name: category.title, exact: true }).click();
  const link = page.getByTestId('category-children').getByRole('link', { name: section.title, exact: true });
  await expect(link).toHaveAttribute('href', `/section/${section.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/section/${section.id}$`));
  await expect(h1(page)).toHaveText(section.title);

  // The old form: /section shows the category selected on home.
  await page.goto(routes.home);
  await page.getByTestId('category-list').getByRole('button', { name: category.title, exact: true }).click();
  await page.goto('/section');
  await expect(h1(page)).toHaveText(category.title);
});

test('one wording for signing in and out: Sign in, then Sign out', async ({ page }) => {
  await page.goto(routes.home);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('login-link')).toHaveText('Sign in');
  await signIn(page, 'riya.customer@example.in');
  await expect(header.getByTestId('logout-button')).toHaveText('Sign out');
  await header.getByTestId('logout-button').click();
  await expect(header.getByTestId('login-link')).toHaveText('Sign in');
});

test('"Download the app" is hidden where no link is configured and leads an Android browser to its store', async ({
  browser,
  page,
}) => {
  // This server sets APP_DOWNLOAD_URL_ANDROID only (playwright.config.ts): a desktop browser gets no link at all.
  await page.goto(routes.home);
  await expect(h1(page)).toHaveText('How can we help?');
  await expect(page.getByRole('banner').getByTestId('login-link')).toBeVisible();
  await expect(page.getByTestId('download-app-link')).toHaveCount(0);

  const android = await browser.newContext({ userAgent: ANDROID_UA });
  const phone = await android.newPage();
  await phone.goto(routes.home);
  const link = phone.getByRole('banner').getByTestId('download-app-link');
  await expect(link).toHaveText('Download the app');
  await expect(link).toHaveAttribute('href', process.env.E2E_APP_DOWNLOAD_URL_ANDROID ?? '');
  await android.close();
});
