import { expect, type Page } from '@playwright/test';
import { kbPaths, messages, routes } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';

// Search that understands questions (issue 14, docs/kb-search.md), against the demo knowledge base.
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const question = 'how do i get my money back';

test('a question finds a refund article; Escape closes the suggestions and keeps the query', async ({ page }) => {
  await page.goto(routes.home);
  const box = page.getByRole('combobox', { name: 'Search help articles' });
  await box.click();
  await box.pressSequentially(question);
  const listbox = page.getByRole('listbox', { name: 'Suggested articles' });
  await expect(listbox.getByRole('option').first()).toHaveText(/refund/i);
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(listbox).toBeHidden();
  await expect(box).toHaveValue(question);
  await expect(box).toBeFocused();

  // Enter with no suggestion chosen: the results page, a refund article first.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=how/);
  const first = page.getByTestId('search-results').getByRole('link').first();
  await expect(first).toHaveText(/refund/i);
  await expectNoAxeViolations(page, 'search results');
  await first.click();
  await expect(page).toHaveURL(/\/article\/\d+$/);
  await expect(h1(page)).toHaveText(/refund/i);
});

test('a search with no result shows popular articles and the ways to contact us', async ({ page }) => {
  const popular = (await (await page.request.get(`${kbPaths.popular}?type=customer`)).json()) as {
    data: { id: string; title: string }[];
  };
  expect(popular.data.length).toBeGreaterThan(0);

  await page.goto('/search?q=zzqqxxjj');
  await expect(page.getByTestId('search-empty')).toHaveText(messages.noArticlesFound);
  const list = page.getByRole('region', { name: 'Popular articles' });
  await expect(list.getByRole('link')).toHaveText(popular.data.map((a) => a.title));
  const contact = page.getByRole('region', { name: 'Still can’t find what you need?' });
  await expect(contact.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', '/callUs');
  await expect(contact.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', /\/dwritetous\/\d+$/);

  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/article/${popular.data[0]?.id}$`));
  await expect(h1(page)).toHaveText(popular.data[0]?.title ?? '');
});

test('the header box offers the next step when nothing is found', async ({ page }) => {
  await page.goto(routes.home);
  const box = page.getByRole('combobox', { name: 'Search help articles' });
  await box.fill('zzqqxxjj');
  await expect(page.getByRole('status').filter({ hasText: messages.noArticlesFound })).toBeVisible();
  await page.getByRole('link', { name: 'See popular articles and ways to contact us' }).click();
  await expect(page).toHaveURL(/\/search\?q=zzqqxxjj$/);
  await expect(page.getByRole('region', { name: 'Popular articles' }).getByRole('link').first()).toBeVisible();
});
