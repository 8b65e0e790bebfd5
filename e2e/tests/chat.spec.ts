import type { APIRequestContext, Page, WebSocketRoute } from '@playwright/test';
import {
  apiPaths,
  CHAT_ROUTE,
  type ChatConfigResponse,
  type ChatMessagesResponse,
  type ChatRegionConfig,
  CSRF_HEADER,
  chatAvailabilityPaths,
  chatPaths,
  EVERY_DAY,
  ticketRoutes,
  wallClock,
} from '@selfserve/contract';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signIn } from './support';

const oliver = 'oliver.smith@example.co.uk';
const admin = { authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` };

/** The UK's chat configuration as it was, put back after the journeys (other specs share the server). */
let originalGb: ChatRegionConfig | undefined;

async function gbConfig(request: APIRequestContext): Promise<ChatRegionConfig> {
  const res = await request.get(chatAvailabilityPaths.config, { headers: admin });
  expect(res.status()).toBe(200);
  const gb = ((await res.json()) as ChatConfigResponse).regions.find((r) => r.region === 'gb');
  if (!gb) throw new Error('no gb chat configuration');
  return gb.config;
}

async function putGb(request: APIRequestContext, config: ChatRegionConfig) {
  const res = await request.put(chatAvailabilityPaths.config, {
    headers: admin,
    data: { regions: { gb: config }, updated_by: 'e2e chat.spec' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  originalGb = await gbConfig(request);
  // The bot all day; a person on the other days only, so whenever this runs, it is outside the live hours.
  const today = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][wallClock('Europe/London', new Date()).weekday];
  await putGb(request, {
    ...originalGb,
    enabled: true,
    cities: 'all',
    car_categories: 'all',
    bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
    live_hours: [{ days: EVERY_DAY.filter((d) => d !== today), open: '09:00', close: '17:00' }],
  });
});

test.afterAll(async ({ request }) => {
  if (originalGb) await putGb(request, originalGb);
});

/** The chat page's own conversation, as the API has it. */
async function conversation(page: Page): Promise<ChatMessagesResponse> {
  const res = await page.request.get(chatPaths.messages);
  expect(res.status()).toBe(200);
  return (await res.json()) as ChatMessagesResponse;
}

test('a GB rider asks the chat about a refund, gets the article, asks for a person outside opening hours and finds her ticket', async ({
  page,
}) => {
  await signIn(page, oliver);
  // "Chat with us" goes through /chatbot, whose form hands the conversation to our own chat page.
  await page.goto('/chatbot');
  await expect(page).toHaveURL(new RegExp(`${CHAT_ROUTE}$`));
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(log.getByTestId('chat-message').first()).toContainText("Hi Oliver, I'm the help bot.");
  await expect(page.getByTestId('chat-connection')).toHaveText('Connected');

  await page.getByLabel('Your message').fill('How do I get a refund?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByTestId('chat-message').filter({ hasText: 'How do I get a refund?' })).toHaveCount(1);
  const card = log.getByTestId('chat-card').filter({ hasText: 'How refunds work' });
  await expect(card).toBeVisible();
  const articleId = await card.getAttribute('data-article-id');
  await expect(card.getByRole('link', { name: 'Read the article' })).toHaveAttribute('href', `/article/${articleId}`);
  await expect(log.getByTestId('chat-message').last()).toContainText('Did that help?');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'No' }).click();
  await expect(log.getByTestId('chat-message').last()).toContainText('talk to a person');
  await page.getByRole('button', { name: 'Talk to a person' }).click();
  const told = log.getByTestId('chat-message').filter({
    hasText:
      /Our team is offline now \(opens at .+\)\. We've created ticket #\d+ with this conversation; we'll reply by e-mail\./,
  });
  await expect(told).toBeVisible();
  const ticketId = /#(\d+)/.exec((await told.textContent()) ?? '')?.[1];
  expect(ticketId).toBeTruthy();
  await expect(page.getByTestId('chat-ended')).toContainText(`This conversation is now ticket #${ticketId}.`);
  await expectNoAxeViolations(page);

  await told.getByRole('link', { name: 'See my tickets' }).click();
  await expect(page).toHaveURL(new RegExp(`${ticketRoutes.tickets}$`));
  await expect(page.locator(`[data-ticket-id="${ticketId}"]`).first()).toBeVisible();
});

test('a dropped connection comes back without losing or repeating a message', async ({ page }) => {
  const sockets: WebSocketRoute[] = [];
  // Every socket the page opens goes through this proxy, so the test can cut one the way a tunnel would.
  await page.routeWebSocket(/\/api\/chat\/v1\/ws/, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  await signIn(page, oliver);
  await page.goto(CHAT_ROUTE);
  await expect(page.getByTestId('chat-connection')).toHaveText('Connected');
  // A chat left ended by another journey: start afresh.
  const newChat = page.getByTestId('chat-new');
  if (await newChat.isVisible()) {
    await newChat.click();
    await expect(page.getByTestId('chat-connection')).toHaveText('Connected');
  }
  const log = page.getByRole('log', { name: 'Conversation' });
  await page.getByLabel('Your message').fill('my refund has not arrived');
  await page.keyboard.press('Enter');
  await expect(log.getByTestId('chat-message').last()).toContainText('Did that help?');

  // The connection drops; meanwhile the conversation moves on elsewhere (another tab sends over HTTP).
  await sockets.at(-1)?.close({ code: 4000, reason: 'dropped' });
  await expect(page.getByTestId('chat-connection')).toHaveText('Connection lost. Reconnecting…');
  const session = await page.request.get(apiPaths.session);
  const csrf = ((await session.json()) as { csrf_token: string }).csrf_token;
  const sent = await page.request.post(chatPaths.messages, {
    headers: { [CSRF_HEADER]: csrf },
    data: { client_id: 'e2e-other-tab-1', body: 'zzqx wobble nothing matches' },
  });
  expect(sent.status()).toBe(200);

  await expect(page.getByTestId('chat-connection')).toHaveText('Connected');
  await expect(log.getByTestId('chat-message').filter({ hasText: 'zzqx wobble nothing matches' })).toHaveCount(1);
  const stored = await conversation(page);
  await expect(log.getByTestId('chat-message')).toHaveCount(stored.messages.length);
  await expect(log.getByTestId('chat-message').last()).toContainText(stored.messages.at(-1)?.body ?? 'missing');
  expect(sockets.length).toBeGreaterThanOrEqual(2);
});
