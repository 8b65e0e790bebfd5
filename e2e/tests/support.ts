import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  BOOKING_LIST_MAX_PAGES,
  type BookingListResponse,
  bookingPaths,
  type CustomerBooking,
  routes,
} from '@selfserve/contract';

/** Signs in through the demo accounts on /login and waits for the header to show the e-mail. */
export async function signIn(page: Page, email: string) {
  await page.goto(routes.login);
  await page.getByTestId(`demo-login-${email}`).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner').getByTestId('header-email')).toHaveText(email);
}

/** Every booking the list API offers the signed-in user (10 pages at most), walking the page keys. */
export async function allListedBookings(request: APIRequestContext): Promise<CustomerBooking[]> {
  const found: CustomerBooking[] = [];
  let key: string | null = null;
  for (let page = 1; page <= BOOKING_LIST_MAX_PAGES; page++) {
    const params: Record<string, string> = { page_no: String(page) };
    if (key) params.page_key = key;
    const response = await request.get(bookingPaths.list, { params });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as BookingListResponse;
    found.push(...body.data);
    if (!body.next_page || !body.page_key) break;
    key = body.page_key;
  }
  return found;
}
