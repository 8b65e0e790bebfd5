import type { APIRequestContext } from '@playwright/test';
import {
  type AgentChatSummary,
  agentChatPath,
  agentChatPaths,
  agentRoutes,
  CHAT_ROUTE,
  type ChatConfigResponse,
  type ChatRegionConfig,
  chatAvailabilityPaths,
  EVERY_DAY,
} from '@selfserve/contract';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { csrfHeader, signIn } from './support.ts';

const oliver = 'oliver.smith@example.co.uk';
const emma = 'emma.agent@example.co.uk';
const meghna = 'meghna.admin@example.in';
const riya = 'riya.customer@example.in';
/** The write-to-us article of the demo knowledge base (its footer offers "Write to us"). */
const WRITE_TO_US_ARTICLE = '100607';
const operator = { authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` };

/** The UK's chat configuration as it was, put back after the journey (other specs share the server). */
let originalGb: ChatRegionConfig | undefined;

async function putGb(request: APIRequestContext, config: ChatRegionConfig) {
  const res = await request.put(chatAvailabilityPaths.config, {
    headers: operator,
    data: { regions: { gb: config }, updated_by: 'e2e agent-chat.spec' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Ends every open chat the signed-in agent holds, without follow-up. */
async function endOpenChats(request: APIRequestContext) {
  const csrf = await csrfHeader(request);
  const list = (await (await request.get(agentChatPaths.chats)).json()) as { chats: AgentChatSummary[] };
  for (const c of list.chats.filter((x) => x.mine)) {
    await request.post(agentChatPath(agentChatPaths.end, c.id), {
      headers: csrf,
      data: { follow_up: false },
    });
  }
}

test.beforeAll(async ({ request }) => {
  const res = await request.get(chatAvailabilityPaths.config, { headers: operator });
  originalGb = ((await res.json()) as ChatConfigResponse).regions.find((r) => r.region === 'gb')?.config;
  if (!originalGb) throw new Error('no gb chat configuration');
  // A person all day, every day: whenever this runs, only the agent's presence decides.
  await putGb(request, {
    ...originalGb,
    enabled: true,
    bot_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
    live_hours: [{ days: EVERY_DAY, open: '00:00', close: '24:00' }],
  });
});

test.afterAll(async ({ request }) => {
  if (originalGb) await putGb(request, originalGb);
});

test('a GB rider asks the chat for a person while emma is available; emma answers live; the rider sees it without reloading', async ({
  browser,
}) => {
  // Emma opens the console's chats and becomes available.
  const agentContext = await browser.newContext();
  const emmaPage = await agentContext.newPage();
  await signIn(emmaPage, emma);
  await emmaPage.goto(agentRoutes.chats);
  await expect(emmaPage.getByRole('heading', { level: 1 })).toHaveText('Chats');
  const presence = emmaPage.getByTestId('agent-presence');
  if ((await presence.getAttribute('data-available')) !== 'true') {
    await presence.getByRole('button', { name: 'Become available' }).click();
  }
  await expect(presence).toHaveAttribute('data-available', 'true');
  await expect(presence).toContainText('You are available');

  try {
    // Oliver asks the bot, then for a person.
    const riderContext = await browser.newContext();
    const page = await riderContext.newPage();
    await signIn(page, oliver);
    await page.goto(CHAT_ROUTE);
    await expect(page.getByTestId('chat-connection')).toHaveText('Connected');
    const newChat = page.getByTestId('chat-new');
    if (await newChat.isVisible()) {
      await newChat.click();
      await expect(page.getByTestId('chat-connection')).toHaveText('Connected');
    }
    const log = page.getByRole('log', { name: 'Conversation' });
    await page.getByLabel('Your message').fill('How do I get a refund?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.getByTestId('chat-message').last()).toContainText('Did that help?');
    await page.getByRole('button', { name: 'No' }).click();
    await page.getByRole('button', { name: 'Talk to a person' }).click();
    await expect(log.getByTestId('chat-message').last()).toContainText("You're now connected to a member of our team.");

    // The conversation arrives in emma's queue without a reload, with its bot transcript and who it is.
    const item = emmaPage.getByTestId('agent-chat-item').filter({ hasText: 'Oliver Smith' }).first();
    await expect(item).toContainText('Yours');
    await item.getByRole('link').click();
    const chat = emmaPage.getByTestId('agent-chat');
    await expect(chat.getByTestId('agent-chat-message').filter({ hasText: 'How do I get a refund?' })).toHaveCount(1);
    await expect(chat.getByTestId('agent-chat-message').filter({ hasText: 'Did that help?' })).not.toHaveCount(0);
    await expect(chat).toContainText(oliver);
    await expectNoAxeViolations(emmaPage);

    // Emma answers; oliver sees it on his open page, no reload.
    const answer = 'Hello Oliver, this is Emma. Which ride is the refund for?';
    await emmaPage.getByLabel('Your reply').fill(answer);
    await emmaPage.getByRole('button', { name: 'Send' }).click();
    await expect(log.getByTestId('chat-message').filter({ hasText: answer })).toHaveAttribute('data-author', 'agent');

    // Oliver answers; emma sees it live too.
    await page.getByLabel('Your message').fill('The ride yesterday evening, from Soho');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(
      chat.getByTestId('agent-chat-message').filter({ hasText: 'The ride yesterday evening, from Soho' }),
    ).toHaveAttribute('data-author', 'user');

    // Emma ends it with a follow-up: a ticket with the transcript, and oliver is told its number.
    await emmaPage.getByLabel(/Follow-up needed/).check();
    await emmaPage.getByRole('button', { name: 'End chat' }).click();
    await expect(emmaPage.getByTestId('agent-chat-ended')).toContainText(/ticket #\d+/);
    await expect(log.getByTestId('chat-message').last()).toContainText(
      /The chat has ended\. We'll follow up on ticket #\d+/,
    );
    await riderContext.close();
  } finally {
    // Whatever happened above, no conversation stays with emma (the chat journeys after this one start from the bot).
    await endOpenChats(emmaPage.request);
    await presence.getByRole('button', { name: 'Go away' }).click();
    await expect(presence).toHaveAttribute('data-available', 'false');
    await agentContext.close();
  }
});

test("an admin turns 'Write to us' off in the settings and a rider's page no longer offers it", async ({ browser }) => {
  const riderContext = await browser.newContext();
  const riyaPage = await riderContext.newPage();
  await signIn(riyaPage, riya);
  await riyaPage.goto(`/article/${WRITE_TO_US_ARTICLE}`);
  await expect(riyaPage.getByTestId('write-to-us-link')).toBeVisible();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, meghna);
  await adminPage.goto(agentRoutes.settings);
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(adminPage.getByTestId('switch-write_to_us')).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: 'Call-us numbers' })).toBeVisible();
  await expectNoAxeViolations(adminPage);
  const writeToUs = adminPage.getByTestId('switch-write_to_us');
  const switches = adminPage.locator('form', { has: writeToUs });
  try {
    await writeToUs.uncheck();
    await switches.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByTestId('switches-saved')).toHaveText('Saved.');

    // Every page the rider opens from now on follows the switch (the server's answer within a second).
    await expect(async () => {
      await riyaPage.reload();
      await expect(riyaPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(riyaPage.getByTestId('write-to-us-link')).toHaveCount(0);
    }).toPass({ timeout: 10_000 });
  } finally {
    await writeToUs.check();
    await switches.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByTestId('switches-saved')).toHaveText('Saved.');
  }
  await riyaPage.reload();
  await expect(riyaPage.getByTestId('write-to-us-link')).toBeVisible();
  await riderContext.close();
  await adminContext.close();
});
