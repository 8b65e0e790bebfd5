import { expect } from '@playwright/test';
import { formatFare, withCrnCheckDigit } from '@selfserve/contract';
import hi from '@selfserve/contract/locales/hi.json' with { type: 'json' };
import { expectNoAxeViolations, test } from './fixtures.ts';
import { openApp, signIn } from './support.ts';

// The driver's one-touch articles (issue 18 item 6; docs/driver.md "Driver one-touch articles"), in the driver app in
// ramesh's Hindi: the cleaning-fee claim, the timed actions, and the partner's side of a lost item.

const ramesh = 'ramesh.driver@example.in';
const riya = 'riya.customer@example.in';
/** content/kb/driver_in_hi: the cleaning-fee claim, emergency help (emergency_time:30), call the customer (call_driver_expiry_time:15). */
const CLEANING = '220303';
const EMERGENCY = '220401';
const CALL_CUSTOMER = '220402';
/** content/kb/customer/100501-left-item-in-cab.md (call_type cab_belonging). */
const LOST_ITEM_ARTICLE = '100501';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
const da = hi.driverArticles;

test('ramesh claims a cleaning fee for his trip of two hours ago, with photos, and sees the claim received', async ({
  page,
}) => {
  await openApp(page, ramesh);
  await page.goto(`/article/${CLEANING}/0/driver_default`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const form = page.getByTestId('cleaning-fee');
  await expect(form).toBeVisible();
  // His newest completed trip is chosen (seed/driver-articles.ts: it ended 2¼ hours before the demo's start).
  await expect(form.getByLabel(da.cleaningTrip)).toBeVisible();

  // Without photos the claim is not sent: the rule's message.
  await form
    .getByRole('radio', { name: fill(da.cleaningOption, { text: 'खाना या पेय गिरा', amount: formatFare(150, 'IN') }) })
    .check();
  await form.getByRole('button', { name: da.cleaningSubmit }).click();
  await expect(form.getByTestId('cleaning-error')).toHaveText(hi.messages.driverCleaningPhotos);

  await form.getByTestId('image-input').setInputFiles([
    { name: 'seat-1.png', mimeType: 'image/png', buffer: PNG },
    { name: 'seat-2.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(form.getByRole('button', { name: da.cleaningSubmit })).toBeEnabled();
  await expectNoAxeViolations(page, '/article/{cleaning}/0/driver_default');
  await form.getByRole('button', { name: da.cleaningSubmit }).click();
  // A driver article's v3 submit waits 3 seconds, with its progress shown (core.md §9).
  await expect(form.getByTestId('cleaning-progress')).toHaveText(da.cleaningSending);
  await expect(page.getByText(hi.messages.driverCleaningClaimedTitle)).toBeVisible({ timeout: 15_000 });
});

test('the emergency action shows during ramesh’s live trip; the call to the customer of a ride that ended a day ago is not offered', async ({
  page,
}) => {
  await openApp(page, ramesh);
  await page.goto(`/article/${EMERGENCY}/0/driver_default`);
  const emergency = page.getByTestId('driver-emergency-action');
  await expect(emergency.getByRole('heading', { name: da.emergencyTitle })).toBeVisible();
  await expect(emergency.getByRole('link', { name: fill(da.emergencyCall, { number: '112' }) })).toHaveAttribute(
    'href',
    'tel:112',
  );
  await expectNoAxeViolations(page, '/article/{emergency}/0/driver_default');

  // The ride ramesh drove for riya ended a day ago: the call expired 15 minutes after it, so no call button.
  await page.goto(`/article/${CALL_CUSTOMER}/0/driver_default`);
  await expect(page.getByTestId('driver-call-closed')).toHaveText(fill(da.callClosed, { minutes: 15 }));
  await expect(page.getByTestId('driver-call-action')).toHaveCount(0);
  await expect(page.getByRole('button', { name: da.callButton })).toHaveCount(0);
});

test('the partner side of a lost item: riya reports it, ramesh finds it, calls her and hands it over', async ({
  browser,
}) => {
  // Riya reports a bag left on the ride ramesh drove (its CRN ends in 9: the demo telephony finds him busy).
  const rider = await browser.newContext();
  const riyaPage = await rider.newPage();
  await signIn(riyaPage, riya);
  // seed/driver-articles.ts: the first CRN of its range (547,300,000 + i × 1,301) whose check digit is 9.
  const crn =
    Array.from({ length: 20 }, (_, i) => withCrnCheckDigit(String(547_300_000 + i * 1_301))).find((c) =>
      c.endsWith('9'),
    ) ?? '';
  expect(crn).not.toBe('');
  await riyaPage.goto(`/${crn}/dreport/${LOST_ITEM_ARTICLE}`);
  const panel = riyaPage.getByTestId('belonging-panel');
  const form = panel.getByTestId('belonging-form');
  await form.getByLabel('Description').fill('A black laptop bag with a charger inside, on the back seat');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(panel.getByTestId('belonging-screen')).toHaveAttribute('data-screen', 'showRaiseTicketScreen', {
    timeout: 20_000,
  });

  // Ramesh, in the driver app, opens his lost items from his trips.
  const driver = await browser.newContext();
  const page = await driver.newPage();
  await openApp(page, ramesh);
  await page.goto('/driver/rides');
  await page.getByTestId('driver-lost-items-link').click();
  await expect(page).toHaveURL(/\/driver\/lost-items$/);
  await expect(page.getByRole('heading', { level: 1, name: da.lostTitle })).toBeVisible();
  const item = page.getByTestId('lost-item').filter({ hasText: crn });
  await expect(item).toHaveAttribute('data-step', 'answer');
  await expect(item).toContainText('A black laptop bag with a charger inside');
  await expectNoAxeViolations(page, '/driver/lost-items');

  await item.getByLabel(da.lostNote).fill('बैग मेरे पास है, शाम को इंदिरानगर में दे सकता हूँ।');
  await item.getByRole('button', { name: da.lostFound }).click();
  await expect(item).toHaveAttribute('data-step', 'handover');
  await expect(item.getByTestId('lost-item-step')).toHaveText(da.lostStep.handover);

  // The masked call to riya (demo telephony), then the hand-over.
  await item.getByRole('button', { name: da.lostCall }).click();
  await expect(item.getByTestId('lost-item-said')).toHaveText(hi.messages.partnerCallStarted);
  await item.getByRole('button', { name: da.lostHandOver }).click();
  await expect(item).toHaveAttribute('data-step', 'done');

  // Riya's page now tells her the driver found it, in his words.
  await riyaPage.reload();
  await expect(riyaPage.getByTestId('belonging-screen')).toHaveAttribute('data-screen', 'showCustomerConfirm');
  await expect(riyaPage.getByTestId('belonging-screen')).toContainText('इंदिरानगर');
  await rider.close();
  await driver.close();
});
