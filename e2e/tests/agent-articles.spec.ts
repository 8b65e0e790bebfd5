import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { signIn } from './support.ts';

// Issue 21 item 4 (docs/agent.md "Articles"): an admin edits an article's title and publishes it; a visitor, in a
// browser context of their own, sees the new title. 100205 is read by no other journey.
const ARTICLE = { id: '100205', title: 'What are waiting charges?' };
const NEW_TITLE = 'What are waiting charges, and when do they start?';

test('an admin edits an article in the console and a visitor sees the new title', async ({ page, browser }) => {
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`/article/${ARTICLE.id}`);
  await expect(reader.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();

  await signIn(page, 'meghna.admin@example.in');
  await page.goto('/agent/articles');
  await page.getByRole('searchbox', { name: 'Title words or article id' }).fill('waiting charges');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: ARTICLE.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Article ${ARTICLE.id}` })).toBeVisible();
  await expect(page.getByTestId('article-title')).toHaveValue(ARTICLE.title);
  // The preview is the sanitised HTML readers would get.
  await expect(page.getByTestId('article-preview')).not.toBeEmpty();

  await page.getByTestId('article-title').fill(NEW_TITLE);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved. Readers see it once it is published.')).toBeVisible();
  // Not yet for readers.
  await reader.reload();
  await expect(reader.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published: readers see it now.')).toBeVisible();
  await expect(page.getByTestId('article-status')).toContainText('Published');

  await reader.reload();
  await expect(reader.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible();
  await visitor.close();
});

test('an agent may save a draft but not publish, and a rider is told the console is for staff', async ({
  page,
  browser,
}) => {
  await signIn(page, 'anita.agent@example.in');
  await page.goto(`/agent/articles/${ARTICLE.id}`);
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByText('An admin publishes your draft.')).toBeVisible();

  const riders = await browser.newContext();
  const rider = await riders.newPage();
  await signIn(rider, 'riya.customer@example.in');
  await rider.goto('/agent/articles');
  await expect(rider.getByRole('alert')).toHaveText(
    'This page is for support staff. Sign in with a support account to use it.',
  );
  await riders.close();
});
