import { expect, type Page } from '@playwright/test';
import { type Article, type KbMetaResponse, kbPaths, routes } from '@selfserve/contract';
import { test } from './fixtures.ts';

// Articles people can use (issue 14): breadcrumbs, last updated, "N of M found this helpful", copy link, print.

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** A public article inside a section (category › section › article) that asks 'Was this helpful?'. */
async function articleInSection(page: Page) {
  const meta = (await (await page.request.get(kbPaths.meta)).json()) as KbMetaResponse;
  for (const category of meta.data) {
    for (const section of category.articles.filter((s) => s.type === 'sub_category')) {
      const leaf = section.articles.find((a) => a.type === 'article' && a.label_names.includes('article_feedback'));
      if (leaf) return { category, section, leaf };
    }
  }
  throw new Error('the demo content has no public article with feedback inside a section');
}

async function articleAnswer(page: Page, id: string): Promise<Article> {
  const res = await page.request.get(`${kbPaths.articles}?id=${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Article }).data;
}

test('breadcrumbs lead from an article back to its section, its category and the help centre', async ({ page }) => {
  const { category, section, leaf } = await articleInSection(page);
  await page.goto(`/article/${leaf.id}`);
  await expect(h1(page)).toHaveText(leaf.title);

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['Help Centre', category.title, section.title, leaf.title]);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(leaf.title);

  await crumbs.getByRole('link', { name: section.title, exact: true }).click();
  await expect(h1(page)).toHaveText(section.title);
  await expect(page.getByTestId('article-children').getByRole('link', { name: leaf.title, exact: true })).toBeVisible();
  await expect(crumbs.getByRole('listitem')).toHaveText(['Help Centre', category.title, section.title]);

  await crumbs.getByRole('link', { name: category.title, exact: true }).click();
  await expect(h1(page)).toHaveText(category.title);
  await expect(
    page.getByTestId('article-children').getByRole('link', { name: section.title, exact: true }),
  ).toBeVisible();

  await crumbs.getByRole('link', { name: 'Help Centre' }).click();
  await expect(page).toHaveURL(new RegExp(`${routes.home}$`));
});

test('an article says when it was last updated, and how many found it helpful, counting a new vote', async ({
  page,
}) => {
  const { leaf } = await articleInSection(page);
  const before = await articleAnswer(page, leaf.id);
  expect(before.updated, 'every demo article has a last-updated date').toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const day = new Date(`${before.updated}T00:00:00Z`);
  const written = ['en-IN', 'en-US'].map(
    (tag) => `Last updated ${new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(day)}`,
  );

  await page.goto(`/article/${leaf.id}`);
  await expect(h1(page)).toHaveText(leaf.title);
  const updated = page.getByTestId('article-updated');
  await expect(updated).toBeVisible();
  expect(written).toContain(await updated.textContent());

  const count = page.getByTestId('helpful-count');
  const { helpful, total } = before.feedback;
  if (total === 0) await expect(count).toHaveCount(0);
  else await expect(count).toHaveText(`${helpful} of ${total} found this helpful`);

  await page.getByTestId('article-feedback').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('feedback-thanks')).toBeVisible();
  await expect(count).toHaveText(`${helpful + 1} of ${total + 1} found this helpful`);
  // Stored, not only shown: a fresh load says the same.
  await page.reload();
  await expect(page.getByTestId('helpful-count')).toHaveText(`${helpful + 1} of ${total + 1} found this helpful`);
});

test('Copy link puts the page address on the clipboard and says so', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const { leaf } = await articleInSection(page);
  await page.goto(`/article/${leaf.id}`);
  await expect(h1(page)).toHaveText(leaf.title);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${baseURL}/article/${leaf.id}`);
});

test('printed, an article keeps its title, breadcrumbs, text and address, without the chrome', async ({
  page,
  baseURL,
}) => {
  const { section, leaf } = await articleInSection(page);
  await page.goto(`/article/${leaf.id}`);
  await expect(h1(page)).toHaveText(leaf.title);
  const header = page.getByRole('banner');
  const printUrl = page.getByTestId('article-print-url');
  await expect(header).toBeVisible();
  await expect(printUrl).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  await expect(header).toBeHidden();
  await expect(h1(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(section.title)).toBeVisible();
  await expect(page.getByTestId('article-body')).toBeVisible();
  await expect(printUrl).toBeVisible();
  await expect(printUrl).toHaveText(`This article online: ${baseURL}/article/${leaf.id}`);
  for (const hidden of ['copy-link', 'article-feedback', 'article-footer', 'kb-back']) {
    await expect(page.getByTestId(hidden)).toBeHidden();
  }
  // No button anywhere on paper (the header's, the side menu's, the article's).
  const shownButtons = await page
    .locator('button, .button')
    .evaluateAll((buttons) => buttons.filter((b) => b.checkVisibility()).map((b) => b.textContent));
  expect(shownButtons).toEqual([]);

  await page.emulateMedia({ media: 'screen' });
  await expect(header).toBeVisible();
});
