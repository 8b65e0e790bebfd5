import { agentTicketPaths, ticketPath, ticketThreadPaths } from '@selfserve/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketThread } from '../src/features/tickets/components/ticket-thread';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

afterEach(() => vi.unstubAllGlobals());

const thread = (status: 'open' | 'pending' | 'solved', mayReply: boolean) => ({
  status: 'SUCCESS',
  ticket_id: 'T1',
  ticket_status: status,
  may_reply: mayReply,
  messages: [
    { id: 'request', from: 'you', body: 'I was charged twice', created_at: '2026-01-05T10:00:00.000Z' },
    { id: 'tm1', from: 'support', body: 'We have refunded it', created_at: '2026-01-05T11:00:00.000Z' },
  ],
});

describe("the rider's conversation on /tickets", () => {
  it('shows the thread when opened and sends an answer with one key, kept when the send is retried', async () => {
    const sent: { body: string; client_key: string }[] = [];
    let fail = true;
    mockFetch({
      [ticketPath(ticketThreadPaths.thread, 'T1')]: () => jsonResponse(thread('pending', true)),
      [ticketPath(ticketThreadPaths.replies, 'T1')]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        if (fail) {
          fail = false;
          return jsonResponse({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } }, 503);
        }
        return jsonResponse({ status: 'SUCCESS', ticket_status: 'open' });
      },
    });
    const user = userEvent.setup();
    renderWithSession(<TicketThread ticketId="T1" />, { session: { user: riya } });
    expect(screen.queryByTestId('thread-message')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show conversation' }));
    const messages = await screen.findAllByTestId('thread-message');
    expect(messages.map((m) => within(m).getByText(/charged|refunded/).textContent)).toEqual([
      'I was charged twice',
      'We have refunded it',
    ]);
    expect(within(messages[1] as HTMLElement).getByText('Support')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your answer'), 'Thank you');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your answer has been sent.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.client_key).toBe(sent[1]?.client_key);
    expect(sent[0]?.body).toBe('Thank you');
    await waitFor(() => expect(screen.getByLabelText('Your answer')).toHaveValue(''));
  });

  it('offers no reply box once the request is resolved', async () => {
    mockFetch({ [ticketPath(ticketThreadPaths.thread, 'T1')]: () => jsonResponse(thread('solved', false)) });
    const user = userEvent.setup();
    renderWithSession(<TicketThread ticketId="T1" />, { session: { user: riya } });
    await user.click(screen.getByRole('button', { name: 'Show conversation' }));
    await screen.findAllByTestId('thread-message');
    expect(screen.queryByLabelText('Your answer')).not.toBeInTheDocument();
  });
});

describe('agent ticket paths', () => {
  it('fill in the ticket number', () => {
    expect(ticketPath(agentTicketPaths.messages, 'T 1/2')).toBe('/api/agent/v1/tickets/T%201%2F2/messages');
    expect(ticketPath(agentTicketPaths.cannedReply, 'cr_1')).toBe('/api/agent/v1/canned-replies/cr_1');
  });
});
