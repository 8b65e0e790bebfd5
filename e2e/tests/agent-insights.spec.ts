import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { signIn } from './support.ts';

// Issue 21 item 5 (docs/agent.md "Insights"): a visitor's searches reach the admin's insights (each instance adds its
// counts every few seconds), with the page's figures for the period.
test('an admin sees what visitors searched for, and the other figures, in the insights', async ({ page, browser }) => {
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto('/search?q=refund%20wallet');
  await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
  await reader.goto('/search?q=qqzzxx%20unheard');
  await expect(reader.getByText('No Articles Found').first()).toBeVisible();
  await visitor.close();

  await signIn(page, 'meghna.admin@example.in');
  // Today only: the demo's own searches (the 30 days before the seed's anchor) would outnumber these two.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/agent/insights?from=${today}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  const searches = page.getByTestId('insights-searches');
  // The two searches may reach the counts in two different additions (every few seconds): reload until both show.
  await expect(async () => {
    await page.reload();
    await expect(searches.getByRole('cell', { name: 'refund wallet', exact: true })).toBeVisible({ timeout: 1000 });
    await expect(page.getByTestId('insights-zero')).toContainText('qqzzxx unheard', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  for (const id of ['insights-helpfulness', 'insights-deflection', 'insights-tickets', 'insights-csat']) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  // A country of the admin's choice narrows every figure; the address keeps the choice.
  await page.getByLabel('Country').selectOption('GB');
  await expect(page).toHaveURL(/country=GB/);
  await expect(searches.getByRole('cell', { name: 'refund wallet', exact: true })).toHaveCount(0);
});
