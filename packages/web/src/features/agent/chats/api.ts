import {
  AGENT_HEARTBEAT_MS,
  type AgentChatDetail,
  type AgentChatSummary,
  type AgentPresence,
  type AgentServerFrame,
  agentChatPath,
  agentChatPaths,
  agentSocketUrl,
  type ChatConversation,
  type ChatMessage,
  chatReconnectDelay,
} from '@selfserve/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';

const root = ['agent', 'chats'] as const;

export function usePresence() {
  return useQuery({
    queryKey: ['agent', 'presence'],
    queryFn: ({ signal }) => api.get<AgentPresence>(agentChatPaths.presence, { signal }),
  });
}

/** Available or away; while available the console repeats it as its heartbeat, so a closed console drops out. */
export function useSetPresence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (available: boolean) => api.put<AgentPresence>(agentChatPaths.presence, { available }),
    onSuccess: (answer) => client.setQueryData(['agent', 'presence'], answer),
  });
}

export function usePresenceHeartbeat(available: boolean) {
  useEffect(() => {
    if (!available) return;
    const timer = window.setInterval(() => {
      void api.put(agentChatPaths.presence, { available: true }, { quiet: true }).catch(() => {});
    }, AGENT_HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [available]);
}

export function useAgentChats() {
  return useQuery({
    queryKey: [...root, 'list'],
    queryFn: ({ signal }) => api.get<{ chats: AgentChatSummary[] }>(agentChatPaths.chats, { signal }),
  });
}

export function useAgentChat(id: string | undefined) {
  return useQuery({
    queryKey: [...root, 'one', id],
    queryFn: ({ signal }) => api.get<AgentChatDetail>(agentChatPath(agentChatPaths.chat, id ?? ''), { signal }),
    enabled: Boolean(id),
  });
}

export function useTransferTargets(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['agent', 'chat-agents', id],
    queryFn: ({ signal }) =>
      api.get<{ agents: { id: string; name: string }[] }>(agentChatPaths.agents, { query: { id }, signal }),
    enabled: Boolean(id) && enabled,
    staleTime: 10_000,
  });
}

/** Take, transfer, end and send: each refreshes the queue and the conversation. */
export function useChatAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      v:
        | { kind: 'take'; id: string }
        | { kind: 'transfer'; id: string; agentId: string }
        | { kind: 'end'; id: string; followUp: boolean },
    ) => {
      if (v.kind === 'take')
        return api.post<{ conversation: ChatConversation }>(agentChatPath(agentChatPaths.take, v.id));
      if (v.kind === 'transfer')
        return api.post<{ conversation: ChatConversation }>(agentChatPath(agentChatPaths.transfer, v.id), {
          agent_id: v.agentId,
        });
      return api.post<{ conversation: ChatConversation }>(agentChatPath(agentChatPaths.end, v.id), {
        follow_up: v.followUp,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useSendAgentMessage(id: string) {
  return useMutation({
    mutationFn: (body: string) =>
      api.post<{ message: ChatMessage }>(agentChatPath(agentChatPaths.messages, id), {
        client_id: `a${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
        body,
      }),
  });
}

export type ConsoleConnection = 'connecting' | 'open' | 'closed';

/**
 * The console's one WebSocket: the queue's changes and the watched conversation's messages and typing. Reconnects
 * with the chat's back-off; after a reconnect the page reads the list and the conversation again (nothing missed).
 */
export function useConsoleSocket(watchId: string | undefined, onFrame: (frame: AgentServerFrame) => void) {
  const [connection, setConnection] = useState<ConsoleConnection>('connecting');
  const socket = useRef<WebSocket | null>(null);
  const handler = useRef(onFrame);
  handler.current = onFrame;
  const watching = useRef(watchId);
  const client = useQueryClient();

  useEffect(() => {
    let attempt = 0;
    let stopped = false;
    let timer: number | undefined;
    const connect = () => {
      const ws = new WebSocket(agentSocketUrl(window.location));
      socket.current = ws;
      ws.onmessage = (event) => {
        let frame: AgentServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as AgentServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          attempt = 0;
          setConnection('open');
          if (watching.current) ws.send(JSON.stringify({ type: 'watch', conversation_id: watching.current }));
          void client.invalidateQueries({ queryKey: root });
        }
        handler.current(frame);
      };
      ws.onclose = (event) => {
        socket.current = null;
        if (stopped) return;
        setConnection('closed');
        // A refusal (not staff any more) is not retried.
        if (event.code === 4403) return;
        timer = window.setTimeout(connect, chatReconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      socket.current?.close();
    };
  }, [client]);

  useEffect(() => {
    const previous = watching.current;
    watching.current = watchId;
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (previous && previous !== watchId) ws.send(JSON.stringify({ type: 'unwatch', conversation_id: previous }));
    if (watchId) ws.send(JSON.stringify({ type: 'watch', conversation_id: watchId }));
  }, [watchId]);

  const send = useCallback((frame: object) => {
    const ws = socket.current;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  }, []);
  return { connection, send };
}
