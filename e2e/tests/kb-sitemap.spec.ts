import { expect } from '@playwright/test';
import { articlePath } from '@selfserve/contract';
import { test } from './fixtures.ts';

// Issue 19 item 2: the sitemap lists articles at their readable address (/article/{id}-{slug}), which opens the
// article as /article/{id} does. Content read only: 100201 'How is my fare calculated?' (a public customer article).
const ARTICLE = { id: '100201', title: 'How is my fare calculated?' };

test('a visitor opens an article at the readable address the sitemap lists, and at its id alone', async ({ page }) => {
  const path = articlePath(ARTICLE.id, ARTICLE.title);
  expect(path).toBe('/article/100201-how-is-my-fare-calculated');
  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const body = await sitemap.text();
  expect(body).toContain(`${path}</loc>`);
  // Member-only articles stay out (100102 'How do I join Select?' is select_members).
  expect(body).not.toContain('/article/100102');

  const opened = await page.goto(path);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();

  await page.goto(`/article/${ARTICLE.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();

  const robots = await page.request.get('/robots.txt');
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
});
