import { kbPaths, messages } from '@selfserve/contract';
import { expect, testWithoutAxe as test } from './fixtures.ts';

// The web build's timeout (VITE_REQUEST_TIMEOUT_MS, 15 s by default): the page must say so and offer a retry.
const TIMEOUT_MS = 15_000;

test('a call held past the timeout shows the timeout message and a retry that works', async ({ page }) => {
  let hold = true;
  await page.route(`**${kbPaths.articles}?**`, async (route) => {
    if (!hold) return route.continue();
    // Never answered while held: the browser waits until the app gives up.
    await new Promise(() => {});
  });
  // The page's clock runs as usual until the held call, then jumps past the timeout instead of waiting 15 s for it.
  await page.clock.install();

  // The server renders a fresh /article/{id} with its data (docs/ssr.md): open home, then go to the article in the
  // app (as a link would), so the browser asks for the article itself and meets the held call.
  await page.goto('/home');
  await expect
    .poll(() =>
      page.locator('#root').evaluate((root) => Object.keys(root).some((k) => k.startsWith('__reactContainer'))),
    )
    .toBe(true);
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === kbPaths.articles);
  await page.evaluate(
    "window.history.pushState({}, '', '/article/100608'); window.dispatchEvent(new PopStateEvent('popstate'))",
  );
  await asked;
  const alert = page.getByRole('alert').filter({ hasText: messages.requestTimedOut });
  await expect(alert).toHaveCount(0);
  await page.clock.fastForward(TIMEOUT_MS);
  await expect(alert).toBeVisible();
  // Still on the page: a timeout is not "no response at all", which would leave for the login refresh page.
  await expect(page).toHaveURL(/\/article\/100608$/);

  hold = false;
  await alert.getByRole('button').click();
  await expect(page.getByTestId('article-body')).toBeVisible();
});
