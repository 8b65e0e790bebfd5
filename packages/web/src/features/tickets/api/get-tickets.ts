import { ticketPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMonitoringContext } from '../hooks/use-monitoring-context';
import { type MonitoringContext, timedTicketCall } from './monitoring';

/** One row of GET /api/v2/search_tickets (contract ticketSummarySchema). */
export interface TicketSummary {
  ticket_id: string;
  status: 'open' | 'solved' | 'closed';
  subject: string;
  created_at: string;
  updated_at: string;
  booking_id: string | null;
  order_id: string | null;
  article_name: string | null;
  rated: boolean;
}

export interface TicketsResponse {
  status: 'SUCCESS';
  open: TicketSummary[];
  closed: TicketSummary[];
}

export const ticketsQueryKeyRoot = ['tickets'] as const;
export const ticketsQueryKey = (userId: string) => [...ticketsQueryKeyRoot, 'list', userId] as const;

/** The signed-in user's tickets: open, and closed (solved or closed). */
export function getTickets(signal?: AbortSignal): Promise<TicketsResponse> {
  return api.get<TicketsResponse>(ticketPaths.search, signal ? { signal } : {});
}

export const ticketsQueryOptions = (userId: string, context: MonitoringContext = {}) =>
  queryOptions({
    queryKey: ticketsQueryKey(userId),
    queryFn: ({ signal }) => timedTicketCall(ticketPaths.search, () => getTickets(signal), context),
    staleTime: 30_000,
  });

export function useTickets(userId: string | null | undefined) {
  const context = useMonitoringContext();
  return useQuery({ ...ticketsQueryOptions(userId ?? '', context), enabled: Boolean(userId) });
}
