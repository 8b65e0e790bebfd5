import { expect, type Page } from '@playwright/test';
import {
  driverPaths,
  type InvoiceResponse,
  type PreRecompleteCheck,
  RECOMPLETE_ARTICLES,
  recompletePaths,
  V3_SUBMIT_PATH,
} from '@selfserve/contract';
import hi from '@selfserve/contract/locales/hi.json' with { type: 'json' };
import { expectNoAxeViolations, test } from './fixtures.ts';
import { openApp } from './support.ts';

// The recompute of a trip ended short (issue 18 item 4; docs/driver.md "Recomplete"): ramesh, in the driver app in
// Hindi, from his short-ended trip's page to the recomputed fare, through the visible 3-second wait.

async function preCheck(page: Page, bookingId: string): Promise<PreRecompleteCheck> {
  const res = await page.request.get(`${recompletePaths.preCheck}?booking_id=${bookingId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PreRecompleteCheck;
}

test('ramesh recomputes his short-ended trip: the pre-check, a visible 3-second wait, then the new fare in his statement', async ({
  page,
}) => {
  await openApp(page, 'ramesh.driver@example.in');
  const before = await preCheck(page, 'bk_ramesh_d01');
  expect(before.outcome).toBe('recompute');

  // The calls the page makes, in order: the token must come before the submit, and the submit after the wait.
  const calls: string[] = [];
  let submitted: Record<string, unknown> | null = null;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === recompletePaths.token) calls.push('token');
    if (path === V3_SUBMIT_PATH) {
      calls.push('submit');
      submitted = request.postDataJSON() as Record<string, unknown>;
    }
  });

  // From the trip's page.
  await page.goto(`/driver/rides/${before.crn}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('link', { name: hi.recomplete.rideLink }).click();
  await expect(page).toHaveURL(
    new RegExp(`/ldt_article/${RECOMPLETE_ARTICLES.driver_in_hi_trip}/${before.crn}/driver_default$`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText('किराया दोबारा गिनवाएँ');
  const panel = page.getByTestId('recomplete-panel');
  await expect(panel.getByRole('heading', { name: hi.recomplete.heading })).toBeVisible();
  await expect(panel).toContainText(hi.recomplete.endedShort.replace('{km}', '4.6'));
  await expect(panel.getByTestId('recomplete-outcome')).toHaveText(hi.recomplete.willRecompute);
  await expectNoAxeViolations(page, '/ldt_article/{id}/{crn}/driver_default');

  // The wait is shown, and nothing is submitted while it runs.
  await panel.getByRole('button', { name: hi.recomplete.submitRecompute }).click();
  const progress = page.getByTestId('recomplete-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(hi.recomplete.checking);
  await expect(progress.getByRole('progressbar', { name: hi.recomplete.progressLabel })).toBeVisible();
  expect(calls).not.toContain('submit');
  await expectNoAxeViolations(page, 'recompute progress');

  // Then the answer: the fare recomputed.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(hi.messages.recompleteDoneTitle);
  await expect(progress).toHaveCount(0);
  expect(calls).toEqual(['token', 'submit']);
  expect(submitted).toMatchObject({
    article_id: RECOMPLETE_ARTICLES.driver_in_hi_trip,
    call_type: 'ldt_recomplete',
    booking_id: 'bk_ramesh_d01',
    params: { token: expect.any(String) },
  });

  const after = await preCheck(page, 'bk_ramesh_d01');
  expect(after.outcome).toBe('done');
  expect(after.fare).toBeGreaterThan(before.fare);
  const invoice = (await (await page.request.get(`${driverPaths.invoice}?id=dr_ramesh_d01`)).json()) as InvoiceResponse;
  expect(invoice.data.statement.fare).toBe(after.fare);

  // Back from the answer: the earning statement, with the new fare.
  await dialog.getByRole('button', { name: hi.messages.back }).click();
  await expect(page).toHaveURL(new RegExp(`/driver/rides/${before.crn}/statement$`));

  // The page again: already recomputed, nothing to submit.
  await page.goto(`/ldt_article/${RECOMPLETE_ARTICLES.driver_in_hi_trip}/${before.crn}/driver_default`);
  await expect(page.getByTestId('recomplete-done')).toBeVisible();
  await expect(page.getByRole('button', { name: hi.recomplete.submitRecompute })).toHaveCount(0);
});

test('a trip that reached its drop goes to a person: a ticket, after the same wait', async ({ page }) => {
  await openApp(page, 'ramesh.driver@example.in');
  const check = await preCheck(page, 'bk_ramesh_d02');
  expect(check).toMatchObject({ outcome: 'ticket', reason: 'not_short' });
  await page.goto(`/ldt_article/${RECOMPLETE_ARTICLES.driver_in_hi_trip}/${check.crn}/driver_default`);
  const panel = page.getByTestId('recomplete-panel');
  await expect(panel.getByTestId('recomplete-outcome')).toHaveText(hi.recomplete.willTicket);
  await panel.getByRole('button', { name: hi.recomplete.submitTicket }).click();
  await expect(page.getByTestId('recomplete-progress')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(hi.messages.recompleteTicketNotShort);
});
