import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import {
  apiPaths,
  BOOKING_LIST_MAX_PAGES,
  type BookingListResponse,
  bookingPaths,
  CSRF_HEADER,
  type CustomerBooking,
  routes,
  type SessionResponse,
} from '@selfserve/contract';

/** The CSRF header of the session `request` carries (its cookies), for a state-changing call made directly. */
export async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const session = await request.get(apiPaths.session);
  expect(session.status()).toBe(200);
  return { [CSRF_HEADER]: ((await session.json()) as SessionResponse).csrf_token };
}

/**
 * Signs in with a demo account through the call the demo buttons on /login make (sign-in.spec.ts clicks them), then
 * opens /home and waits for the header to show the e-mail. Journeys skip the login page: on a slow two-core machine its
 * load was a quarter of a journey's time.
 */
export async function signIn(page: Page, email: string) {
  const signedIn = await page.request.post(apiPaths.demoLogin, {
    data: { email },
    headers: await csrfHeader(page.request),
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto(routes.home);
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

/** A host app's sign-in token, HS256 with the demo key the server uses in demo mode (docs/auth.md). */
export function appToken(claims: Record<string, unknown>): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    iss: 'selfserve-host-app',
    aud: 'selfserve',
    iat: now,
    exp: now + 300,
    ...claims,
  })}`;
  const signature = createHmac('sha256', 'selfserve-demo-app-token-key-not-for-production')
    .update(body)
    .digest('base64url');
  return `${body}.${signature}`;
}

/** Opens a session as the host app does for a partner (the driver app unless told), in this page's browser. */
export async function openApp(page: Page, email: string, entryMode: 'driver_app' | 'operator_app' = 'driver_app') {
  const res = await page.request.post(apiPaths.appSession, {
    data: { token: appToken({ email }), entry_mode: entryMode },
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ in_app: true, entry_mode: entryMode });
}

/**
 * The captcha starts on the form's first focus; when it has not (the form was filled before it showed), tick it. A
 * proof of work on a loaded machine can take a while.
 */
export async function solveCaptcha(form: Locator) {
  const captcha = form.getByTestId('captcha');
  const box = captcha.getByRole('checkbox');
  await expect(box).toBeAttached();
  // Focus moving inside the form starts it ('onfocus'); a widget still idle after that is ticked directly.
  const fields = form.locator('input:not([type=checkbox]), textarea');
  await fields.first().focus();
  await fields.last().focus();
  await expect(box)
    .toBeChecked({ timeout: 5_000 })
    .catch(() => undefined);
  if ((await box.isEnabled()) && !(await box.isChecked())) await box.dispatchEvent('click');
  await expect(captcha).toContainText('Verified', { timeout: 60_000 });
}
