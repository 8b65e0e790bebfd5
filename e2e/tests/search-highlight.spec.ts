import { expect, type Locator } from '@playwright/test';
import { routes, SEARCH_SUGGESTIONS_MAX } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';

// Search results people can read (issue 19 item 3, docs/kb-search.md): snippets from the article's own text with the
// matched words marked, titles marked too, in the results page and in the header box's suggestions.
const title = 'Refunds to the in-app wallet and vouchers';
const marks = (scope: Locator) => scope.locator('mark').allTextContents();

test('the results page marks the matched words in titles and in snippets of the original text', async ({ page }) => {
  await page.goto('/search?q=wallet%20voucher');
  const item = page.getByTestId('search-results').getByRole('listitem').filter({ hasText: title });
  const link = item.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  expect(await marks(link)).toEqual(['wallet', 'vouchers']);

  // The article's own words: capitals, punctuation and no Markdown (the body says **in-app wallet**).
  const snippet = item.locator('.kb-results__snippet');
  await expect(snippet).toContainText(
    'The quickest way to get money back is the in-app wallet or a voucher: both are instant.',
  );
  const snippetMarks = await marks(snippet);
  expect(snippetMarks.slice(0, 2)).toEqual(['wallet', 'voucher']);
  expect(snippetMarks.every((m) => /^(wallet|voucher)s?$/i.test(m))).toBe(true);

  // Not colour alone: the marked words are bold on a background of their own.
  const style = await snippet
    .locator('mark')
    .first()
    .evaluate((m) => {
      // The e2e project compiles without the DOM library: the browser's function, reached through the element.
      const s = m.ownerDocument.defaultView?.getComputedStyle(m);
      return { weight: Number(s?.fontWeight), background: s?.backgroundColor };
    });
  expect(style.weight).toBeGreaterThanOrEqual(700);
  expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
  await expectNoAxeViolations(page, 'highlighted search results');
});

test('the header box suggests the top five articles as you type, the matched words marked', async ({ page }) => {
  await page.goto(routes.home);
  const box = page.getByRole('combobox', { name: 'Search help articles' });
  await box.click();
  const asked = page.waitForRequest((r) => r.url().includes('/search?'));
  await box.pressSequentially('wallet vouch');
  const url = new URL((await asked).url());
  expect(url.searchParams.get('limit')).toBe(String(SEARCH_SUGGESTIONS_MAX));

  const listbox = page.getByRole('listbox', { name: 'Suggested articles' });
  const option = listbox.getByRole('option').filter({ hasText: title });
  await expect(option).toBeVisible();
  expect(await listbox.getByRole('option').count()).toBeLessThanOrEqual(SEARCH_SUGGESTIONS_MAX);
  // Typing slower than the suggestions' pause asks for "wallet" first: wait for the answer to the whole query.
  await expect(option.locator('.kb-search__title mark')).toHaveText(['wallet', 'vouchers']);
  expect(await marks(option.locator('.kb-search__snippet'))).toContain('wallet');
  await expectNoAxeViolations(page, 'highlighted suggestions');

  await option.click();
  await expect(page).toHaveURL(/\/article\/100353$/);
});
