import {
  type AgentTicketDetail,
  type AgentTicketList,
  type AgentTicketListQuery,
  agentTicketPaths,
  type CannedReply,
  type ReplyStatus,
  type TicketStatus,
  ticketPath,
} from '@selfserve/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Answer = { status: 'SUCCESS'; ticket_status: TicketStatus };
const root = ['agent', 'tickets'] as const;

/** The queue with the page's filters (absent ones are the server's defaults). */
export function useAgentTickets(query: Partial<AgentTicketListQuery>) {
  return useQuery({
    queryKey: [...root, 'list', query],
    queryFn: ({ signal }) => api.get<AgentTicketList>(agentTicketPaths.list, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    // New tickets and riders' answers show up without a reload.
    refetchInterval: 30_000,
  });
}

export function useAgentTicket(ticketId: string) {
  return useQuery({
    queryKey: [...root, 'one', ticketId],
    queryFn: ({ signal }) => api.get<AgentTicketDetail>(ticketPath(agentTicketPaths.ticket, ticketId), { signal }),
    refetchInterval: 30_000,
  });
}

export function useCannedReplies(language: string | undefined) {
  return useQuery({
    queryKey: ['agent', 'canned', language],
    queryFn: ({ signal }) =>
      api.get<{ replies: CannedReply[] }>(agentTicketPaths.cannedReplies, { query: { language }, signal }),
    enabled: Boolean(language),
    staleTime: 5 * 60_000,
  });
}

/** Every ticket action refreshes the queue and the ticket page. */
function useTicketAction<V>(call: (v: V) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useAssign() {
  return useTicketAction((v: { ticketId: string; assigneeId: string | null }) =>
    api.post<Answer>(ticketPath(agentTicketPaths.assign, v.ticketId), { assignee_id: v.assigneeId }),
  );
}

export function useChangeStatus() {
  return useTicketAction((v: { ticketId: string; status: TicketStatus }) =>
    api.post<Answer>(ticketPath(agentTicketPaths.status, v.ticketId), { status: v.status }),
  );
}

export interface AgentMessageInput {
  ticketId: string;
  kind: 'reply' | 'note';
  body: string;
  /** one key per message, kept across retries: the server stores and mails it once */
  clientKey: string;
  status?: ReplyStatus;
}

export function usePostMessage() {
  return useTicketAction((v: AgentMessageInput) =>
    api.post<Answer>(ticketPath(agentTicketPaths.messages, v.ticketId), {
      kind: v.kind,
      body: v.body,
      client_key: v.clientKey,
      ...(v.status ? { status: v.status } : {}),
    }),
  );
}
