import { expect } from '@playwright/test';
import { agentRoutes, messages, routes, writeToUsHref } from '@selfserve/contract';
import { expectNoAxeViolations } from './a11y.ts';
import { test } from './fixtures.ts';
import { signIn } from './support.ts';

const riya = 'riya.customer@example.in';
const anita = 'anita.agent@example.in';
/** The write-to-us article of the demo knowledge base (content/kb/customer/100607-write-to-us.md). */
const WRITE_TO_US_ARTICLE = '100607';

test('riya writes to us; anita takes the ticket and replies; riya answers in /tickets; anita solves it; riya rates it', async ({
  browser,
}) => {
  // Riya writes to us with the existing form.
  const rider = await browser.newContext();
  const riyaPage = await rider.newPage();
  await signIn(riyaPage, riya);
  await riyaPage.goto(`/article/${WRITE_TO_US_ARTICLE}`);
  await riyaPage.getByTestId('write-to-us-link').click();
  await expect(riyaPage).toHaveURL(new RegExp(`${writeToUsHref(WRITE_TO_US_ARTICLE)}$`));
  await riyaPage
    .getByRole('textbox', { name: 'Describe your issue' })
    .fill('My wallet was charged but the ride was cancelled by the driver');
  await riyaPage.getByTestId('issue-submit').click();
  await expect(riyaPage.getByTestId('ticket-message')).toHaveText(messages.ticketSuccess);
  const ticketId = (await riyaPage.getByTestId('ticket-id').getAttribute('data-ticket-id')) ?? '';
  expect(ticketId).not.toBe('');

  // Anita finds it in her inbox by its number and takes it.
  const agent = await browser.newContext();
  const anitaPage = await agent.newPage();
  await signIn(anitaPage, anita);
  await anitaPage.goto(agentRoutes.tickets);
  await anitaPage.getByLabel('Ticket number, CRN or e-mail').fill(ticketId);
  await anitaPage.locator('#main').getByRole('button', { name: 'Search', exact: true }).click();
  const row = anitaPage.getByTestId('agent-ticket-row').filter({ has: anitaPage.getByText(ticketId, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('agent-ticket-status')).toHaveText('Open');
  await expectNoAxeViolations(anitaPage, 'the ticket inbox');
  await row.getByRole('button', { name: 'Take' }).click();
  await expect(row.getByRole('button', { name: 'Unassign' })).toBeVisible();
  await row.getByRole('link', { name: ticketId }).click();
  await expect(anitaPage.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${ticketId}`);
  await expect(anitaPage.getByTestId('agent-context')).toContainText(riya);
  await expect(anitaPage.getByTestId('agent-ticket-assignee')).toContainText('Assigned to');
  await expectNoAxeViolations(anitaPage, 'the ticket page');

  // An internal note (never shown to riya), then the reply.
  await anitaPage.getByLabel('Internal note (not shown to the rider)').check();
  await anitaPage.locator('#agent-body').fill('Checked the wallet ledger: the charge is there');
  await anitaPage.getByRole('button', { name: 'Add note' }).click();
  await expect(anitaPage.getByTestId('agent-message').filter({ hasText: 'wallet ledger' })).toHaveAttribute(
    'data-kind',
    'note',
  );
  await anitaPage.getByLabel('Reply to the rider').check();
  const reply = 'We are sorry about this. The amount has been returned to your wallet.';
  await anitaPage.locator('#agent-body').fill(reply);
  await anitaPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(anitaPage.getByTestId('agent-message').filter({ hasText: reply })).toHaveAttribute('data-kind', 'reply');
  await expect(anitaPage.getByTestId('agent-ticket').getByTestId('agent-ticket-status').first()).toHaveText('Pending');

  // Riya sees the reply in /tickets (not the note) and answers.
  await riyaPage.goto(routes.tickets);
  const card = riyaPage.getByTestId('tickets-latest').getByTestId('ticket');
  await expect(card).toHaveAttribute('data-ticket-id', ticketId);
  await expect(card.getByTestId('ticket-badge')).toHaveText('Open');
  await card.getByRole('button', { name: 'Show conversation' }).click();
  const thread = card.getByTestId('thread-message');
  await expect(thread).toHaveCount(2);
  await expect(thread.nth(1)).toContainText(reply);
  await expect(card).not.toContainText('wallet ledger');
  const answer = 'Thank you, I can see the money back in my wallet now';
  await card.getByLabel('Your answer').fill(answer);
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(card.getByText('Your answer has been sent.')).toBeVisible();
  await expect(thread).toHaveCount(3);
  await expect(thread.nth(2)).toContainText(answer);
  await expectNoAxeViolations(riyaPage, 'the conversation on /tickets');

  // Anita sees the answer (the ticket is open again) and solves it.
  await anitaPage.reload();
  await expect(anitaPage.getByTestId('agent-message').filter({ hasText: answer })).toBeVisible();
  await expect(anitaPage.getByTestId('agent-ticket').getByTestId('agent-ticket-status').first()).toHaveText('Open');
  await anitaPage.getByRole('button', { name: 'Mark solved' }).click();
  await expect(anitaPage.getByTestId('agent-ticket').getByTestId('agent-ticket-status').first()).toHaveText('Solved');

  // Riya is asked for the rating and rates it; the reply box is gone.
  await riyaPage.reload();
  const solved = riyaPage.getByTestId('tickets-latest').getByTestId('ticket');
  await expect(solved.getByTestId('ticket-badge')).toHaveText('Resolved');
  await solved.getByRole('button', { name: 'Good' }).click();
  await expect(solved.getByTestId('ticket-rated')).toBeVisible();
  await solved.getByRole('button', { name: 'Show conversation' }).click();
  await expect(solved.getByTestId('thread-message')).toHaveCount(3);
  await expect(solved.getByLabel('Your answer')).toHaveCount(0);

  // The agent sees the rating and the trail of what was done.
  await anitaPage.reload();
  await expect(anitaPage.getByTestId('agent-ticket-rating')).toHaveText('Good');
  await expect(anitaPage.getByTestId('agent-audit')).toContainText('took the ticket');
  await expect(anitaPage.getByTestId('agent-audit')).toContainText('changed the status');

  await rider.close();
  await agent.close();
});
