import { type TicketStatus, type TicketThread, ticketPath, ticketThreadPaths } from '@selfserve/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ticketsQueryKeyRoot } from '../../../lib/tickets/get-tickets';

const threadKey = (ticketId: string) => [...ticketsQueryKeyRoot, 'thread', ticketId] as const;

/** The conversation of one of the rider's tickets (docs/agent.md "Tickets"): asked when the rider opens it. */
export function useTicketThread(ticketId: string, enabled: boolean) {
  return useQuery({
    queryKey: threadKey(ticketId),
    queryFn: ({ signal }) => api.get<TicketThread>(ticketPath(ticketThreadPaths.thread, ticketId), { signal }),
    enabled,
    staleTime: 10_000,
  });
}

/** The rider's answer; the list and the thread are read again (the ticket is open again, waiting for us). */
export function useTicketReply(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { body: string; clientKey: string }) =>
      api.post<{ status: 'SUCCESS'; ticket_status: TicketStatus }>(ticketPath(ticketThreadPaths.replies, ticketId), {
        body: v.body,
        client_key: v.clientKey,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ticketsQueryKeyRoot }),
  });
}
