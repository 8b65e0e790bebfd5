import { expect } from '@playwright/test';
import { KYC_FORM_PATH, kbPaths, messages, ticketPaths } from '@selfserve/contract';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

// Issue 15 items 9, 10 and 12 (docs/flows/kyc.md, docs/flows/survey-and-rating.md). Content used, by nobody else's
// journey: 100602 (do_your_kyc, show_kyc), 100202 (a Feedback block), 101007 ('Something else' option, a Csat block).
const riya = 'riya.customer@example.in';
const KYC_ARTICLE = 'Complete KYC for your wallet';
const KYC_STARTED = 'Your KYC has been started. We will let you know by SMS once it is verified.';

test('a KYC category in the list and Update Now both post the do_kyc form and come back saying KYC started', async ({
  page,
}) => {
  await signIn(page, riya);
  await page.getByTestId('category-list').getByRole('button', { name: 'Account and app' }).click();
  const fromList = page.waitForRequest((r) => r.url().endsWith(KYC_FORM_PATH) && r.method() === 'POST');
  await page.getByTestId('category-children').getByRole('link', { name: KYC_ARTICLE }).click();
  const listPost = await fromList;
  expect(listPost.headers()['content-type']).toContain('multipart/form-data');
  expect(listPost.postData()).toContain('name="banner"\r\n\r\nkyc');
  // The 303 brings the browser back to the KYC article, which says KYC has started.
  await expect(page).toHaveURL(/100602\?kyc=done$/);
  await expect(page.getByTestId('kyc-started')).toHaveText(KYC_STARTED);
  await expect(page.getByRole('heading', { level: 1, name: KYC_ARTICLE })).toBeVisible();
  await expectNoAxeViolations(page, 'KYC article after the post');

  await page.goto('/article/100602');
  await expect(page.getByTestId('kyc-started')).toHaveCount(0);
  const fromPrompt = page.waitForRequest((r) => r.url().endsWith(KYC_FORM_PATH) && r.method() === 'POST');
  await page.getByTestId('kyc-prompt').getByRole('button', { name: 'Update Now' }).click();
  expect((await fromPrompt).postData()).toContain('name="nav"\r\n\r\n100602');
  await expect(page).toHaveURL(/\/article\/100602\?kyc=done$/);
  await expect(page.getByTestId('kyc-started')).toHaveText(KYC_STARTED);
});

test("a visitor answers No with one of the article's own reasons, and is not asked again", async ({ page }) => {
  await page.goto('/article/100202');
  const survey = page.getByTestId('article-feedback');
  await survey.getByRole('button', { name: 'No', exact: true }).click();
  const reasons = survey.getByRole('group', { name: 'What could we explain better?' });
  await expect(reasons).toBeVisible();
  const submit = survey.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await reasons.getByRole('radio', { name: "I didn't see a warning before booking" }).check();
  await expect(submit).toBeEnabled();
  await expectNoAxeViolations(page, 'survey reasons');
  const sent = page.waitForRequest((r) => r.url().endsWith(kbPaths.feedback) && r.method() === 'POST');
  await submit.click();
  expect((await sent).postDataJSON()).toEqual({ article_id: '100202', helpful: false, reason: 'no_warning' });
  await expect(page.getByTestId('feedback-thanks')).toHaveText('Thank you for your feedback.');

  await page.reload();
  await expect(page.getByTestId('feedback-thanks')).toBeVisible();
  await expect(page.getByRole('button', { name: 'No', exact: true })).toHaveCount(0);
});

test("riya explains 'Something else' in her own words and rates the answer Bad with the article's reasons", async ({
  page,
}) => {
  await signIn(page, riya);
  const completed = (await allListedBookings(page.request)).filter((b) => b.status.toLowerCase() === 'completed');
  const ride = completed.at(-1);
  expect(ride, 'a completed ride').toBeDefined();
  if (!ride) return;

  await page.goto(`/${ride.crn}/dreport/101007`);
  const panel = page.getByTestId('onetouch-panel');
  await panel.getByRole('button', { name: 'Something else' }).click();
  const text = panel.getByRole('textbox', { name: 'Tell us what happened' });
  await text.fill('Too short.');
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(panel.getByRole('alert')).toHaveText(messages.otherReasonLength);
  await expect(text).toHaveValue('Too short.');
  await expectNoAxeViolations(page, 'other reason with its error');

  const words = 'The seat belts in the back were broken and the driver would not stop.';
  await text.fill(words);
  const submitted = page.waitForRequest((r) => r.url().includes('/submit') && r.method() === 'POST');
  await panel.getByRole('button', { name: 'Submit' }).click();
  expect((await submitted).postDataJSON()).toMatchObject({ option_selected: 'something_else', message: words });

  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('data-state', 'SUCCESS');
  const rating = dialog.getByTestId('ticket-rating');
  await rating.getByRole('button', { name: 'Bad', exact: true }).click();
  const reasons = rating.getByRole('group', { name: 'How satisfied are you with the resolution?' });
  await reasons.getByRole('radio', { name: 'I want action against the driver' }).check();
  const rated = page.waitForRequest((r) => r.url().endsWith(ticketPaths.csat) && r.method() === 'POST');
  await rating.getByRole('button', { name: 'Submit rating' }).click();
  expect((await rated).postDataJSON()).toMatchObject({
    reason: 'want_driver_action',
    satisfaction_rating: { score: 'bad' },
  });
  // COMPLETED: the thanks stays, the buttons are gone.
  const done = dialog.getByTestId('ticket-rated');
  await expect(done).toHaveText('Thank you for your feedback!');
  await expect(done).toHaveAttribute('data-state', 'COMPLETED');
  await expect(dialog.getByRole('button', { name: 'Good', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'rating completed');
});
