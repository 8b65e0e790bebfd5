import {
  type ChatAction,
  type ChatConversation,
  type ChatMessage,
  type ChatServerFrame,
  type ChatStartRequest,
  type ChatStartResponse,
  chatPaths,
  chatReconnectDelay,
  chatServerFrameSchema,
  chatSocketUrl,
  mergeChatMessages,
} from '@selfserve/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';

export type ChatConnection = 'starting' | 'connecting' | 'open' | 'reconnecting' | 'failed';

/** A message the person sent that the server has not acknowledged yet: shown as sending, resent after a reconnect. */
export interface PendingMessage {
  client_id: string;
  body: string;
  action?: ChatAction;
}

export interface ChatError {
  code: string;
  message: string;
}

/** The client's own id for a message: random, so a resend after a reconnect is recognised and stored once. */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** How long a typing indicator stays without a new typing frame or message. */
const TYPING_SHOWN_MS = 5000;
/** The page's own heartbeat: a socket that does not answer a ping within this is treated as dropped. */
const PING_EVERY_MS = 20_000;
const PONG_WITHIN_MS = 10_000;
/** The person's typing is told at most this often. */
const TYPING_EVERY_MS = 3000;

/**
 * The chat page's conversation (docs/chat-conversations.md): started over HTTP (with its history), then live over one
 * WebSocket at a relative address (same origin: works in the app's WebView). A dropped socket reconnects with
 * backoff and resumes after the last seq it has; unacknowledged messages are resent with their client ids, which the
 * server stores once. Messages are kept in seq order without repeats (contract mergeChatMessages).
 */
export function useChat(start: ChatStartRequest) {
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [connection, setConnection] = useState<ChatConnection>('starting');
  const [typing, setTyping] = useState<ChatMessage['author'] | null>(null);
  const [error, setError] = useState<ChatError | null>(null);
  const [startFailed, setStartFailed] = useState(false);

  const socket = useRef<WebSocket | null>(null);
  const lastSeq = useRef(0);
  const outbox = useRef<PendingMessage[]>([]);
  const attempt = useRef(0);
  const timers = useRef<{ reconnect?: number; ping?: number; pong?: number; typing?: number }>({});
  const alive = useRef(true);
  const lastTypingSent = useRef(0);
  const conversationId = useRef<string | null>(null);

  const receive = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return;
    for (const m of incoming) lastSeq.current = Math.max(lastSeq.current, m.seq);
    setMessages((current) => mergeChatMessages(current, incoming));
    const acknowledged = new Set(incoming.flatMap((m) => (m.client_id ? [m.client_id] : [])));
    if (acknowledged.size > 0) {
      outbox.current = outbox.current.filter((p) => !acknowledged.has(p.client_id));
      setPending(outbox.current);
    }
    // Whoever was typing has now written.
    if (incoming.some((m) => m.author !== 'user')) setTyping(null);
  }, []);

  const sendFrame = useCallback((frame: object) => {
    const ws = socket.current;
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }, []);

  const clearTimers = useCallback(() => {
    const t = timers.current;
    window.clearTimeout(t.reconnect);
    window.clearInterval(t.ping);
    window.clearTimeout(t.pong);
    window.clearTimeout(t.typing);
    timers.current = {};
  }, []);

  const connect = useCallback(() => {
    const id = conversationId.current;
    if (!id || !alive.current) return;
    const ws = new WebSocket(chatSocketUrl(window.location, id));
    socket.current = ws;
    ws.onopen = () => {
      attempt.current = 0;
      setConnection('open');
      // Everything after what the page has, then whatever it was not sure went through.
      ws.send(JSON.stringify({ type: 'resume', after_seq: lastSeq.current }));
      for (const p of outbox.current) {
        ws.send(
          JSON.stringify(
            p.action
              ? { type: 'action', client_id: p.client_id, action: p.action }
              : { type: 'message', client_id: p.client_id, body: p.body },
          ),
        );
      }
      timers.current.ping = window.setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(JSON.stringify({ type: 'ping' }));
        window.clearTimeout(timers.current.pong);
        timers.current.pong = window.setTimeout(() => ws.close(), PONG_WITHIN_MS);
      }, PING_EVERY_MS);
    };
    ws.onmessage = (event) => {
      let frame: ChatServerFrame;
      try {
        const parsed = chatServerFrameSchema.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        frame = parsed.data;
      } catch {
        return;
      }
      switch (frame.type) {
        case 'message':
          receive([frame.message]);
          break;
        case 'ready':
        case 'status':
          setConversation(frame.conversation);
          break;
        case 'typing':
          setTyping(frame.author);
          window.clearTimeout(timers.current.typing);
          timers.current.typing = window.setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
          break;
        case 'pong':
          window.clearTimeout(timers.current.pong);
          break;
        case 'error':
          setError({ code: frame.code, message: frame.message });
          // A refused message is not resent: it stays visible as not sent, with the reason.
          if (frame.client_id) {
            outbox.current = outbox.current.filter((p) => p.client_id !== frame.client_id);
            setPending(outbox.current);
          }
          break;
      }
    };
    ws.onclose = () => {
      if (socket.current === ws) socket.current = null;
      window.clearInterval(timers.current.ping);
      window.clearTimeout(timers.current.pong);
      if (!alive.current || conversationId.current !== id) return;
      setConnection('reconnecting');
      const delay = chatReconnectDelay(attempt.current);
      attempt.current += 1;
      timers.current.reconnect = window.setTimeout(connect, delay);
    };
  }, [receive]);

  const open = useCallback(
    async (request: ChatStartRequest) => {
      setConnection('starting');
      setStartFailed(false);
      try {
        const answer = await api.post<ChatStartResponse>(chatPaths.start, request);
        if (!alive.current) return;
        socket.current?.close();
        socket.current = null;
        clearTimers();
        conversationId.current = answer.conversation.id;
        lastSeq.current = 0;
        outbox.current = [];
        setPending([]);
        setMessages([]);
        setError(null);
        setConversation(answer.conversation);
        receive(answer.messages);
        setConnection('connecting');
        connect();
      } catch {
        if (alive.current) {
          setConnection('failed');
          setStartFailed(true);
        }
      }
    },
    [connect, receive, clearTimers],
  );

  // Started once per page with what the address named (a booking, an article).
  const startRef = useRef(start);
  useEffect(() => {
    alive.current = true;
    void open(startRef.current);
    return () => {
      alive.current = false;
      clearTimers();
      socket.current?.close();
      socket.current = null;
    };
  }, [open, clearTimers]);

  // Back online (a phone leaving a tunnel): reconnect now rather than at the end of the backoff.
  useEffect(() => {
    const online = () => {
      if (!socket.current && conversationId.current && alive.current) {
        window.clearTimeout(timers.current.reconnect);
        attempt.current = 0;
        connect();
      }
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [connect]);

  const queue = useCallback(
    (p: PendingMessage) => {
      setError(null);
      outbox.current = [...outbox.current, p];
      setPending(outbox.current);
      sendFrame(
        p.action
          ? { type: 'action', client_id: p.client_id, action: p.action }
          : { type: 'message', client_id: p.client_id, body: p.body },
      );
    },
    [sendFrame],
  );

  const send = useCallback((body: string) => queue({ client_id: newClientId(), body }), [queue]);
  const act = useCallback(
    (action: ChatAction, label: string) => queue({ client_id: newClientId(), body: label, action }),
    [queue],
  );
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_EVERY_MS) return;
    if (sendFrame({ type: 'typing' })) lastTypingSent.current = now;
  }, [sendFrame]);
  const restart = useCallback(() => void open({ ...startRef.current, fresh: true }), [open]);
  const retry = useCallback(() => void open(startRef.current), [open]);

  return { conversation, messages, pending, connection, typing, error, startFailed, send, act, typed, restart, retry };
}
