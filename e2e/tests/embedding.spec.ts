import http from 'node:http';
import { apiPaths, HOST_BRIDGE_NAME, SHARE_PASS_CLOSE } from '@selfserve/contract';
import { expect, testWithoutAxe as test } from './fixtures.ts';
import { thisWorkersServer } from './servers.ts';
import { appToken } from './support.ts';

/**
 * docs/embedding.md: a share-pass popup inside a partner's page posts {type:'CLOSE'} to it on Back; inside the
 * customer app Back at the top calls the native bridge. The partner's origin is the one the worker's server allows
 * (FRAME_ANCESTORS in e2e/playwright.config.ts).
 */
/**
 * The partner's page, on the origin the worker's server allows (its FRAME_ANCESTORS, tests/servers.ts), served by a
 * real server of the test's own: a page answered by route interception has no network address, and Chromium's
 * local-network checks then refuse to let it frame 127.0.0.1.
 */
async function servePartnerPage(origin: string, body: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  const { hostname, port } = new URL(origin);
  await new Promise<void>((resolve) => server.listen(Number(port), hostname, resolve));
  return server;
}
const ARTICLE = { id: '100301', title: 'How refunds work' };

test('a share-pass popup in an iframe posts {type:CLOSE} to its parent page on Back', async ({ page, baseURL }) => {
  const popupUrl = `${baseURL}/simple_article?id=${ARTICLE.id}&pass_id=SP-E2E`;
  const parentOrigin = thisWorkersServer().partnerOrigin;
  // The partner's page records every message it receives.
  const partner = await servePartnerPage(
    parentOrigin,
    `<!doctype html><html><body>
        <script>
          window.received = [];
          window.addEventListener('message', (e) => window.received.push({ data: e.data, origin: e.origin }));
        </script>
        <iframe id="popup" src="${popupUrl}" width="400" height="600"></iframe>
      </body></html>`,
  );
  try {
    await page.goto(`${parentOrigin}/partner-booking`);
    const popup = page.frameLocator('#popup');
    await expect(popup.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();
    // the popup shows the page alone: the partner's page has its own header
    await expect(popup.getByRole('banner')).toHaveCount(0);

    await popup.getByTestId('kb-back').click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { received: unknown[] }).received))
      .toEqual([{ data: SHARE_PASS_CLOSE, origin: baseURL }]);
    // the popup did not navigate itself: closing it is the parent's
    await expect(popup.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();
  } finally {
    await new Promise((resolve) => partner.close(resolve));
  }
});

test('in the customer app, Back at the top of the help centre calls the native bridge', async ({ page }) => {
  // The app's stub bridge, present before any script of the page runs, records each call.
  await page.addInitScript((name) => {
    const calls: string[] = [];
    Object.assign(globalThis, { hostCalls: calls, [name]: { finish: () => calls.push('finish') } });
  }, HOST_BRIDGE_NAME);
  const signIn = await page.request.post(apiPaths.appSession, {
    data: { token: appToken({ email: 'riya.customer@example.in' }) },
  });
  expect(signIn.status()).toBe(200);
  expect(await signIn.json()).toMatchObject({ in_app: true, entry_mode: 'customer_app' });

  await page.goto(`/article/${ARTICLE.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();
  // the app's chrome: no download link, no sign-out
  await expect(page.getByTestId('download-app-link')).toHaveCount(0);
  await expect(page.getByTestId('logout-button')).toHaveCount(0);

  await page.getByTestId('kb-back').click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { hostCalls: string[] }).hostCalls))
    .toEqual(['finish']);
  await expect(page).toHaveURL(new RegExp(`/article/${ARTICLE.id}$`));
});
