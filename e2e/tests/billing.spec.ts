import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  articleIndexes,
  type BillResponse,
  bookingPaths,
  type CustomerBooking,
  reviewBillDispute,
} from '@selfserve/contract';
import { test } from './fixtures.ts';
import { allListedBookings, signIn } from './support.ts';

const riya = 'riya.customer@example.in';
/** content/kb/customer/101001-charged-more-than-estimate.md (call_type fare_higher_than_estimate). */
const FARE_ARTICLE = '101001';
const FARE_ARTICLE_TITLE = 'I was charged more than the estimate';
const NO_ROUTE_CHANGE = 'no_route_change';
const NO_ROUTE_CHANGE_TEXT = "I didn't change the drop location or add stops";

interface RideWithBill {
  ride: CustomerBooking;
  bill: BillResponse;
}

/** The Indian cab rides read the customer index, where the fare article is (autos, bikes … have their own). */
const readsCustomerIndex = (ride: CustomerBooking) =>
  articleIndexes({ role: 'customer', country: ride.service_country || ride.country, booking: ride })[0] === 'customer';

/** Riya's completed rides with a bill not disputed yet, each with what the review would decide for the whole bill. */
async function undisputedBills(request: APIRequestContext) {
  const completed = (await allListedBookings(request)).filter(
    (b) => b.status.toLowerCase() === 'completed' && readsCustomerIndex(b),
  );
  const found: Array<RideWithBill & { outcome: 'adjust' | 'review' }> = [];
  for (const ride of completed) {
    const response = await request.get(bookingPaths.bill, { params: { booking_id: ride.id } });
    expect(response.status()).toBe(200);
    const bill = (await response.json()) as BillResponse;
    if (!bill.bill || bill.dispute) continue;
    found.push({ ride, bill, outcome: reviewBillDispute(bill.bill, NO_ROUTE_CHANGE, []).outcome });
  }
  return found;
}

/** From the ride's help page to the fare article, as a rider gets there, then to the dispute form. */
async function disputeWholeBill(page: Page, ride: CustomerBooking) {
  await page.goto(`/bdetails/${ride.crn}`);
  await page.getByTestId('category-list').getByRole('button', { name: 'Issues with a completed ride' }).click();
  await page.getByTestId('category-children').getByRole('link', { name: FARE_ARTICLE_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/${ride.crn}/dreport/${FARE_ARTICLE}$`));

  const panel = page.getByTestId('billing-dispute');
  await expect(panel).toHaveAttribute('data-viewing-flag', 'viewing');
  const bill = panel.getByRole('table', { name: 'Your bill' });
  await expect(bill).toBeVisible();
  await expect(bill.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await panel.getByRole('button', { name: 'Dispute this bill' }).click();
  await expect(panel).toHaveAttribute('data-viewing-flag', 'viewed');

  const submit = panel.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await panel.getByRole('radio', { name: NO_ROUTE_CHANGE_TEXT }).check();
  await submit.click();
}

test('riya disputes two bills: the one the records prove wrong is adjusted, the other goes to a person', async ({
  page,
}) => {
  await signIn(page, riya);
  const bills = await undisputedBills(page.request);
  const adjustable = bills.find((b) => b.outcome === 'adjust' && b.bill.map_url);
  const reviewed = bills.find((b) => b.outcome === 'review');
  expect(adjustable, 'a completed ride whose bill the review would adjust').toBeDefined();
  expect(reviewed, 'a completed ride whose bill needs a person').toBeDefined();
  if (!adjustable || !reviewed) return;

  await disputeWholeBill(page, adjustable.ride);
  const adjusted = page.getByRole('dialog', { name: 'Fare adjusted' });
  await expect(adjusted).toHaveAttribute('data-state', 'SUCCESS');
  await expect(adjusted.getByRole('rowheader', { name: 'Adjustment' })).toBeVisible();
  const charged = adjustable.bill.bill?.distance_km;
  await expect(adjusted.getByTestId('onetouch-result-distance')).toHaveText(`Distance: ${charged} km`);
  const map = adjusted.getByRole('img', { name: 'Map of the ride from pickup to drop' });
  await expect(map).toHaveAttribute('src', adjustable.bill.map_url ?? '');
  // The image really loads (naturalWidth is 0 for a broken one).
  await expect
    .poll(() => map.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  // Back on the article, the bill shows the answer instead of a second dispute.
  await adjusted.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('bill-earlier-dispute')).toContainText('to your wallet');

  await disputeWholeBill(page, reviewed.ride);
  const received = page.getByRole('dialog', { name: 'Request received' });
  await expect(received).toHaveAttribute('data-state', 'SUCCESS');
  await expect(received).toContainText(reviewed.ride.crn);
  await expect(received.getByRole('table', { name: 'Your bill' })).toBeVisible();
});
