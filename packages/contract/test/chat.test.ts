import { describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  chatClientFrameSchema,
  chatSendRequestSchema,
  chatServerFrameSchema,
  mergeChatMessages,
} from '../src/chat.ts';
import { CHAT_MESSAGE_MAX_CHARS, chatReconnectDelay, chatSocketUrl } from '../src/chat-paths.ts';

const msg = (seq: number, body = `m${seq}`): ChatMessage => ({
  id: `id${seq}`,
  seq,
  author: 'user',
  body,
  payload: {},
  client_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('chat client frames', () => {
  it.each([
    [{ type: 'message', client_id: 'abcdefgh', body: 'refund please' }, true],
    [{ type: 'message', client_id: 'abcdefgh', body: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS) }, true],
    [{ type: 'message', client_id: 'abcdefgh', body: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) }, false],
    [{ type: 'message', client_id: 'abcdefgh', body: '   ' }, false],
    [{ type: 'message', client_id: 'short', body: 'hi there' }, false],
    [{ type: 'message', client_id: 'has space in it', body: 'hi there' }, false],
    [{ type: 'message', body: 'no id' }, false],
    [{ type: 'action', client_id: 'abcdefgh', action: 'person' }, true],
    [{ type: 'action', client_id: 'abcdefgh', action: 'delete_everything' }, false],
    [{ type: 'typing' }, true],
    [{ type: 'resume', after_seq: 0 }, true],
    [{ type: 'resume', after_seq: -1 }, false],
    [{ type: 'resume', after_seq: 1.5 }, false],
    [{ type: 'ping' }, true],
    [{ type: 'shout' }, false],
    ['message', false],
  ])('%j → %s', (frame, ok) => {
    expect(chatClientFrameSchema.safeParse(frame).success).toBe(ok);
  });

  it('gives a too-long message its limit in the refusal', () => {
    const r = chatClientFrameSchema.safeParse({ type: 'message', client_id: 'abcdefgh', body: 'y'.repeat(1001) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please keep a message under 1000 characters.');
  });

  it('sends over HTTP either a message or an action, not neither', () => {
    expect(chatSendRequestSchema.safeParse({ client_id: 'abcdefgh', body: 'hi' }).success).toBe(true);
    expect(chatSendRequestSchema.safeParse({ client_id: 'abcdefgh', action: 'helped_no' }).success).toBe(true);
    expect(chatSendRequestSchema.safeParse({ client_id: 'abcdefgh' }).success).toBe(false);
  });
});

describe('chat server frames', () => {
  it('reads a message frame with article cards', () => {
    const frame = {
      type: 'message',
      message: {
        ...msg(3, 'These articles may help:'),
        author: 'bot',
        payload: { cards: [{ id: '21', title: 'How refunds work', href: '/article/21', action_href: null }] },
      },
    };
    expect(chatServerFrameSchema.parse(frame)).toEqual(frame);
  });
  it('refuses an unknown author', () => {
    expect(chatServerFrameSchema.safeParse({ type: 'message', message: { ...msg(1), author: 'robot' } }).success).toBe(
      false,
    );
  });
});

describe('mergeChatMessages', () => {
  it('keeps seq order without repeats when a catch-up overlaps live messages', () => {
    const merged = mergeChatMessages([msg(1), msg(2), msg(4)], [msg(3), msg(4), msg(5), msg(2)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
  });
  it('answers the same list when nothing arrives', () => {
    const list = [msg(1)];
    expect(mergeChatMessages(list, [])).toBe(list);
  });
});

describe('reconnect and address', () => {
  it.each([
    [0, 500],
    [1, 1000],
    [3, 4000],
    [10, 15000],
  ])('attempt %i waits at most %i ms and at least 70%% of it', (attempt, max) => {
    expect(chatReconnectDelay(attempt, () => 0)).toBe(max);
    expect(chatReconnectDelay(attempt, () => 1)).toBe(Math.round(max * 0.7));
  });
  it('uses the page’s own host, wss on https', () => {
    expect(chatSocketUrl({ protocol: 'https:', host: 'help.example.com' }, 'chat_1')).toBe(
      'wss://help.example.com/api/chat/v1/ws?conversation_id=chat_1',
    );
    expect(chatSocketUrl({ protocol: 'http:', host: 'localhost:8080' }, 'c 2')).toBe(
      'ws://localhost:8080/api/chat/v1/ws?conversation_id=c%202',
    );
  });
});
