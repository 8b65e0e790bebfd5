import { expect } from '@playwright/test';
import { messages } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { signIn } from './support.ts';

const riya = 'riya.customer@example.in';
/** content/kb/customer/100620-request-a-call-from-support.md (call_type click_to_call: Call me, Call me back). */
const REQUEST_A_CALL = '100620';
/** content/kb/customer/100603-download-app.md (call_type send_app_link). */
const DOWNLOAD_APP = '100603';

/**
 * The demo telephony simulator decides by a last digit (docs/telephony.md "Simulator"): click-to-call without a ride
 * reads the user's own number, and riya's ends in 7 — the documented "not answered" case, a FAILURE.
 */
test('click-to-call FAILURE opens /overlay, and closing it goes back to the article', async ({ page }) => {
  await signIn(page, riya);
  await page.goto(`/article/${REQUEST_A_CALL}`);
  const panel = page.getByTestId('calls-panel');
  await expect(panel.getByRole('heading', { name: 'Talk to us' })).toBeVisible();
  await panel.getByTestId('calls-call_me').click();

  await expect(page).toHaveURL(/\/overlay$/);
  const overlay = page.getByTestId('call-overlay');
  await expect(overlay).toHaveAttribute('data-value', 'FAILURE');
  await expect(overlay.getByRole('heading', { name: messages.callOverlayTitle })).toBeVisible();
  await expect(overlay.getByTestId('call-overlay-message')).toHaveText(messages.clickToCallNotAnswered);
  await expectNoAxeViolations(page, '/overlay');

  await overlay.getByTestId('call-overlay-close').click();
  await expect(page).toHaveURL(new RegExp(`/article/${REQUEST_A_CALL}$`));
  await expect(page.getByTestId('calls-panel')).toBeVisible();
});

test('a call-back request is listed once: asking again says it was already asked', async ({ page }) => {
  await signIn(page, riya);
  await page.goto(`/article/${REQUEST_A_CALL}`);
  const panel = page.getByTestId('calls-panel');
  await panel.getByTestId('calls-call_me_back').click();
  const notice = panel.getByTestId('calls-notice');
  await expect(notice).toHaveAttribute('data-action', 'call_me_back');
  await expect(notice).toHaveAttribute('data-tone', 'success');
  // A rerun of this journey against the same server finds the first request still standing.
  await expect(notice).toContainText(
    new RegExp(`${messages.callbackRequested.replace('{minutes}', '30')}|${messages.callbackAlreadyRequested}`),
  );
  await expect(notice).toContainText(/Requested at/);

  await panel.getByTestId('calls-call_me_back').click();
  await expect(panel.getByTestId('calls-notice')).toContainText(messages.callbackAlreadyRequested);
  await expectNoAxeViolations(page, 'call-back requested');
});

test('Send app link texts the download link to the registered number', async ({ page }) => {
  await signIn(page, riya);
  await page.goto(`/article/${DOWNLOAD_APP}`);
  const panel = page.getByTestId('calls-panel');
  await panel.getByTestId('calls-send_app_link').click();
  const notice = panel.getByTestId('calls-notice');
  await expect(notice).toHaveAttribute('data-tone', 'success');
  await expect(notice).toHaveText(messages.appLinkSent);
});
