import type { APIRequestContext } from '@playwright/test';
import {
  type ChatConfigResponse,
  type ChatRegionConfig,
  chatAvailabilityPaths,
  chatHandoffFieldNames,
  EVERY_DAY,
  messages,
  wallClock,
} from '@selfserve/contract';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { allListedBookings, signIn } from './support';

/**
 * Chat availability (docs/chat.md): "Chat with us" where and when the configuration allows it, and /chatbot's hand-off
 * form. The operators' call changes Australia's configuration for some journeys and puts it back afterwards (other
 * specs share the server).
 */
const riya = 'riya.customer@example.in';
const olivia = 'olivia.brown@example.com.au'; // Sydney
/** content/kb/customer/101101: a one-touch article tagged add_chat_with_us; a completed ride's refund fails */
const CANCELLATION_FEE = '101101';
/** content/kb/customer_au/160101: an Australian rider's article */
const AU_ARTICLE = '160101';
const admin = { authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` };

let originalAu: ChatRegionConfig | undefined;

async function auConfig(request: APIRequestContext): Promise<ChatRegionConfig> {
  const res = await request.get(chatAvailabilityPaths.config, { headers: admin });
  expect(res.status()).toBe(200);
  const au = ((await res.json()) as ChatConfigResponse).regions.find((r) => r.region === 'au');
  if (!au) throw new Error('no au chat configuration');
  return au.config;
}

async function putAu(request: APIRequestContext, config: ChatRegionConfig) {
  const res = await request.put(chatAvailabilityPaths.config, {
    headers: admin,
    data: { regions: { au: config }, updated_by: 'e2e chat-availability.spec' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  originalAu = await auConfig(request);
});
test.afterAll(async ({ request }) => {
  if (originalAu) await putAu(request, originalAu);
});

test('a rider in India sees Chat with us under the article and after a failed refund; /chatbot hands her over with the form', async ({
  page,
}) => {
  await signIn(page, riya);
  const ride = (await allListedBookings(page.request)).find((b) => b.status.toLowerCase() === 'completed');
  expect(ride, 'a completed ride').toBeDefined();
  if (!ride) return;

  await page.goto(`/${ride.crn}/dreport/${CANCELLATION_FEE}`);
  const footer = page.getByTestId('article-footer');
  // India's bot answers all day (the demo configuration), so whenever this runs the chat is offered.
  await expect(footer.getByRole('link', { name: 'Chat with us' })).toBeVisible();
  await expectNoAxeViolations(page, 'article footer with chat');

  // The refund fails; the article's add_chat_with_us offers chat in the result dialog too.
  const panel = page.getByTestId('cancellation-fee');
  await panel.getByRole('button', { name: 'Refund the cancellation fee' }).click();
  await panel.getByRole('button', { name: 'The driver was not moving towards me' }).click();
  await panel.getByRole('radio', { name: /NEFT/ }).check();
  await panel.getByRole('button', { name: 'Submit' }).click();
  const failed = page.getByRole('dialog', { name: messages.refundNotEligibleTitle });
  await expect(failed).toHaveAttribute('data-state', 'FAILURE');
  const chat = failed.getByRole('link', { name: 'Chat with us' });
  await expect(chat).toBeVisible();

  // /chatbot posts the hand-off form to our own chat (no CHAT_HANDOFF_URL here), navigating away.
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(chatAvailabilityPaths.handoff));
  await chat.click();
  const request = await posted;
  expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
  const fields = new URLSearchParams(request.postData() ?? '');
  expect([...fields.keys()]).toEqual(chatHandoffFieldNames);
  expect(fields.get('crn')).toBe(ride.crn);
  expect(fields.get('brand')).toBe(ride.brand);
  expect(fields.get('user_email')).toBe(riya);
  expect(fields.get('locale')).toBe('en');
  expect(fields.get('environment')).toBe('demo');
  expect(fields.get('csrf_token')).toMatch(/\S{16,}/);
  expect(JSON.parse(fields.get('booking') ?? '')).toMatchObject({ id: ride.id, crn: ride.crn });
  expect(JSON.parse(fields.get('extra') ?? '')).toEqual({ article_id: CANCELLATION_FEE, source: 'result' });
  expect(JSON.parse(fields.get('chat_config') ?? '')).toMatchObject({ chat: true, region: 'in' });
  const answer = await request.response();
  expect(answer?.status()).toBe(303);
  expect(answer?.headers().location).toBe('/chat');
});

test('a rider where the configuration offers no chat (Sydney, with chat for Melbourne only) sees no Chat with us', async ({
  page,
  request,
}) => {
  if (!originalAu) throw new Error('no configuration read');
  await putAu(request, { ...originalAu, enabled: true, cities: ['Melbourne'] });
  await signIn(page, olivia);
  // The article page is rendered on the server, which asks for the availability in-process: ask it as she would.
  const availability = await page.request.get(chatAvailabilityPaths.availability);
  expect(await availability.json()).toMatchObject({ chat: false, region: 'au', opens_at: null });
  await page.goto(`/article/${AU_ARTICLE}`);
  const footer = page.getByTestId('article-footer');
  await expect(footer.getByTestId('call-us-link')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Chat with us' })).toHaveCount(0);
  await expect(footer.getByTestId('chat-opens-at')).toHaveCount(0);

  await page.goto('/chatbot');
  await expect(page.getByText('Chat is not available here at the moment.')).toBeVisible();
  await expectNoAxeViolations(page, '/chatbot without chat');
  await putAu(request, originalAu);
});

test.describe('outside the opening hours', () => {
  // The reader is in Sydney too, so the opening time reads as the configuration says it.
  test.use({ timezoneId: 'Australia/Sydney' });

  test('an Australian rider is told when the chat opens, and /chatbot posts nothing', async ({ page, request }) => {
    if (!originalAu) throw new Error('no configuration read');
    const now = wallClock('Australia/Sydney', new Date());
    const tomorrow = EVERY_DAY[(now.weekday + 1) % 7] as (typeof EVERY_DAY)[number];
    // The bot only tomorrow from 09:00, so whenever this runs (a minute before midnight aside) it opens then.
    await putAu(request, {
      ...originalAu,
      enabled: true,
      cities: 'all',
      bot_hours: [{ days: [tomorrow], open: '09:00', close: '17:00' }],
    });
    const day = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'Australia/Sydney' }).format(
      new Date(Date.now() + 24 * 3600 * 1000),
    );
    await signIn(page, olivia);
    await page.goto(`/article/${AU_ARTICLE}`);
    const footer = page.getByTestId('article-footer');
    await expect(footer.getByTestId('chat-opens-at')).toHaveText(`Chat opens on ${day} at 09:00`);
    await expect(footer.getByRole('link', { name: 'Chat with us' })).toHaveCount(0);

    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(chatAvailabilityPaths.handoff)) posted = true;
    });
    await page.goto('/chatbot?source=footer');
    await expect(page.getByText('Chat is closed now.')).toBeVisible();
    await expect(page.getByTestId('chat-opens-at')).toHaveText(`Chat opens on ${day} at 09:00`);
    await expectNoAxeViolations(page, '/chatbot closed');
    expect(posted).toBe(false);
    await putAu(request, originalAu);
  });
});
