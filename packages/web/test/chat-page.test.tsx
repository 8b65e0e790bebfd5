import { type ChatMessage, type ChatServerFrame, chatPaths } from '@selfserve/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatPage } from '../src/features/chat/routes/chat';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

/** A stand-in for the browser's WebSocket: records what the page sends, lets the test deliver frames or drop it. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  deliver(frame: ChatServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const conversation = { id: 'chat_1', status: 'bot' as const, locale: 'en', ticket_id: null };
const message = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`,
  seq,
  author: 'bot',
  body: `message ${seq}`,
  payload: {},
  client_id: null,
  created_at: '2026-01-01T10:00:00.000Z',
  ...over,
});

function serve() {
  return mockFetch({
    [chatPaths.start]: () =>
      jsonResponse({
        status: 'SUCCESS',
        conversation,
        messages: [message(1, { body: 'Hi Riya, I am the help bot.' })],
      }),
  });
}

describe('the chat page', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });

  it('shows the conversation as a polite log, sends, and shows article cards and the bot’s questions', async () => {
    serve();
    renderWithSession(<ChatPage />, { route: '/chat', session: { user: riya } });
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(log).getByText('Hi Riya, I am the help bot.')).toBeInTheDocument();
    const socket = FakeSocket.all[0] as FakeSocket;
    expect(socket.url).toBe('ws://localhost:3000/api/chat/v1/ws?conversation_id=chat_1');
    act(() => socket.open());
    expect(screen.getByTestId('chat-connection')).toHaveTextContent('Connected');
    expect(socket.sent[0]).toEqual({ type: 'resume', after_seq: 1 });

    await userEvent.type(screen.getByLabelText('Your message'), 'refund please{Enter}');
    const sent = socket.sent.find((f) => f.type === 'message') as { client_id: string; body: string };
    expect(sent.body).toBe('refund please');
    expect(within(log).getByTestId('chat-pending')).toHaveTextContent('Sending…');
    act(() => {
      socket.deliver({
        type: 'message',
        message: message(2, { author: 'user', body: 'refund please', client_id: sent.client_id }),
      });
      socket.deliver({ type: 'typing', author: 'bot' });
    });
    expect(within(log).queryByTestId('chat-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('Typing…');
    act(() => {
      socket.deliver({
        type: 'message',
        message: message(3, {
          body: 'These articles may help:',
          payload: {
            cards: [{ id: '21', title: 'How refunds work', href: '/article/21', action_href: '/CRN1/dreport/21' }],
          },
        }),
      });
      socket.deliver({
        type: 'message',
        message: message(4, { body: 'Did that help?', payload: { actions: ['helped_yes', 'helped_no'] } }),
      });
    });
    expect(screen.getByTestId('chat-typing')).not.toHaveTextContent('Typing…');
    const card = within(log).getByTestId('chat-card');
    expect(within(card).getByRole('link', { name: 'Read the article' })).toHaveAttribute('href', '/article/21');
    expect(within(card).getByRole('link', { name: 'Get help with this ride' })).toHaveAttribute(
      'href',
      '/CRN1/dreport/21',
    );

    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(socket.sent.at(-1)).toMatchObject({ type: 'action', action: 'helped_no' });
  });

  it('reconnects after a drop, resumes after its last message and resends what was not acknowledged, once each', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    renderWithSession(<ChatPage />, { route: '/chat', session: { user: riya } });
    await screen.findByRole('log', { name: 'Conversation' });
    const first = FakeSocket.all[0] as FakeSocket;
    act(() => first.open());
    act(() => first.deliver({ type: 'message', message: message(2) }));
    await userEvent.type(screen.getByLabelText('Your message'), 'are you there?{Enter}');
    const unacknowledged = first.sent.find((f) => f.type === 'message') as { client_id: string };

    act(() => first.close());
    expect(screen.getByTestId('chat-connection')).toHaveTextContent('Connection lost. Reconnecting…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    const second = FakeSocket.all[1] as FakeSocket;
    expect(second).toBeDefined();
    act(() => second.open());
    expect(second.sent[0]).toEqual({ type: 'resume', after_seq: 2 });
    expect(second.sent[1]).toMatchObject({
      type: 'message',
      client_id: unacknowledged.client_id,
      body: 'are you there?',
    });
    act(() => {
      // The catch-up and the live delivery may overlap: each message is shown once.
      second.deliver({
        type: 'message',
        message: message(3, { author: 'user', body: 'are you there?', client_id: unacknowledged.client_id }),
      });
      second.deliver({ type: 'message', message: message(2) });
      second.deliver({
        type: 'message',
        message: message(3, { author: 'user', body: 'are you there?', client_id: unacknowledged.client_id }),
      });
    });
    const log = screen.getByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    expect(within(log).queryByTestId('chat-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId('chat-connection')).toHaveTextContent('Connected');
  });

  it('shows a refusal in the reader’s words and offers a new chat when the conversation has become a ticket', async () => {
    serve();
    renderWithSession(<ChatPage />, { route: '/chat', session: { user: riya } });
    await screen.findByRole('log', { name: 'Conversation' });
    const socket = FakeSocket.all[0] as FakeSocket;
    act(() => socket.open());
    act(() =>
      socket.deliver({
        type: 'error',
        code: 'chatTooMany',
        message: "You're sending messages too quickly. Please wait a moment.",
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent("You're sending messages too quickly. Please wait a moment.");
    act(() =>
      socket.deliver({ type: 'status', conversation: { ...conversation, status: 'ticketed', ticket_id: '48100077' } }),
    );
    expect(screen.getByTestId('chat-ended')).toHaveTextContent('This conversation is now ticket #48100077.');
    expect(screen.getByRole('button', { name: 'Start a new chat' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });
});
