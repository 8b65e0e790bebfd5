import {
  IDEMPOTENCY_HEADER,
  type OrderTicketPayload,
  type TicketPayload,
  type TicketResponse,
  ticketPaths,
} from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ticketsQueryKeyRoot } from '../../../lib/tickets/get-tickets';
import { timedTicketCall } from '../../../lib/tickets/monitoring';
import { useMonitoringContext } from '../../../lib/tickets/use-monitoring-context';

/** The marketplace kinds with a createTicket path of their own (spec core.md §7). */
export type MarketplaceKind = Parameters<typeof ticketPaths.marketplace>[0];

/** A marketplace order's ticket: the order, the issue and the user's words (the contract's orderTicketPayloadSchema). */
export type { OrderTicketPayload };

export type CreateTicketRequest = { idempotencyKey: string } & (
  | { target: 'ticket'; payload: TicketPayload; sourcePage?: string | null }
  | { target: 'order'; kind: MarketplaceKind; payload: OrderTicketPayload }
);

/**
 * POST /api/v1/ticket[?source_page=] or /api/v1/{kind}/createTicket. The idempotency key belongs to one
 * submit: a retry of that submit sends it again and gets the first answer (docs/tickets.md).
 */
export function createTicket(request: CreateTicketRequest): Promise<TicketResponse> {
  // core.md §7: ticket calls carry no-cache, so no cache between the page and us answers one with an old ticket.
  const headers = { [IDEMPOTENCY_HEADER]: request.idempotencyKey, 'cache-control': 'no-cache', pragma: 'no-cache' };
  if (request.target === 'order') {
    return api.post<TicketResponse>(ticketPaths.marketplace(request.kind), request.payload, { headers });
  }
  return api.post<TicketResponse>(ticketPaths.create, request.payload, {
    headers,
    query: { source_page: request.sourcePage ?? undefined },
  });
}

export const ticketEndpoint = (request: CreateTicketRequest) =>
  request.target === 'order' ? ticketPaths.marketplace(request.kind) : ticketPaths.create;

/** Creates a ticket, reports its timing to monitoring and refreshes the ticket lists. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  const context = useMonitoringContext();
  return useMutation({
    mutationFn: (request: CreateTicketRequest) =>
      timedTicketCall(
        ticketEndpoint(request),
        () => createTicket(request),
        context,
        (r) => r.request_status,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKeyRoot }),
  });
}
