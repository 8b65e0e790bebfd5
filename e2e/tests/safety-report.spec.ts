import { expect } from '@playwright/test';
import { messages } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

// Arjun's rides: a safety report is a ticket of its own (never merged), so it changes nothing other journeys read.
const arjun = 'arjun.select@example.in';
const oliver = 'oliver.smith@example.co.uk';
/** content/kb/customer/100402 (v2 questions for IN) and customer_gb/180301 (v2 in London and Manchester, else options). */
const V2_ARTICLE = '100402';
const GB_ARTICLE = '180301';

test('arjun reports a safety incident on his ride with the v2 questions', async ({ page }) => {
  await signIn(page, arjun);
  const [ride] = (await allListedBookings(page.request)).filter((b) => b.status.toLowerCase() === 'completed');
  expect(ride, 'a completed ride of arjun').toBeTruthy();
  if (!ride) return;
  await page.goto(`/${ride.crn}/dreport/${V2_ARTICLE}`);
  const form = page.getByTestId('safety-report');
  const notify = form.getByRole('button', { name: 'Notify' });
  await expect(notify).toBeDisabled();
  const hurt = form.getByRole('group', { name: /Was anyone hurt\?/ });
  await expect(hurt.locator('legend')).toContainText('*');
  await form.getByRole('radio', { name: 'The driver was driving rashly or using the phone' }).check();
  await expect(notify).toBeEnabled();
  await form.getByRole('radio', { name: 'During the ride' }).check();
  await hurt.getByRole('radio', { name: 'No' }).check();
  await notify.click();
  await expect(form.getByRole('alert')).toHaveText('* Please answer all mandatory fields');
  await expectNoAxeViolations(page, 'safety report with its message');

  await form.getByLabel(/Tell us what happened/).fill('The driver was on the phone and ran a red light.');
  await notify.click();
  const dialog = page.getByRole('dialog', { name: messages.safetyReportedTitle });
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  await expect(dialog).toContainText(messages.safetyReported);
  await expectNoAxeViolations(page, 'safety report result');
});

test('a GB rider sees that safety incidents may be reported to the police', async ({ page }) => {
  await signIn(page, oliver);
  await page.goto(`/dreport/${GB_ARTICLE}`);
  const form = page.getByTestId('safety-report');
  await expect(form.getByTestId('safety-police-notice')).toHaveText(
    'Safety incidents are investigated and may be reported to the police.',
  );
  // Without a selected ride: the report is for another rider, Notify waits for a 10-digit phone.
  await form.getByRole('radio', { name: 'Dangerous driving' }).check();
  const notify = form.getByRole('button', { name: 'Notify' });
  await expect(notify).toBeDisabled();
  await form.getByLabel("The rider's registered mobile number").fill('77009004611');
  await expect(form.getByLabel("The rider's registered mobile number")).toHaveValue('7700900461');
  await expect(notify).toBeEnabled();
  await expectNoAxeViolations(page, 'GB safety report');
});

test('a visitor is asked to log in to fetch their rides', async ({ page }) => {
  await page.goto(`/dreport/${V2_ARTICLE}`);
  await expect(page.getByText('Please login to fetch your rides!')).toBeVisible();
});
