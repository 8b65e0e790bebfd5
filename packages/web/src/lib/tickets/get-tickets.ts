import { type TicketSummary, ticketPaths } from '@selfserve/contract';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { type MonitoringContext, timedTicketCall } from './monitoring';
import { useMonitoringContext } from './use-monitoring-context';

/** One row of GET /api/v2/search_tickets: the contract's ticketSummarySchema, re-exported for this feature. */
export type { TicketSummary };

/** One page of the list (contract TICKETS_PAGE_SIZE, newest first) and the cursor of the next, null on the last. */
export interface TicketsResponse {
  status: 'SUCCESS';
  open: TicketSummary[];
  closed: TicketSummary[];
  /** absent from servers before paging: then the one answer is the whole list */
  next_cursor?: string | null;
}

/** The pages loaded so far, as the query cache holds them. */
export type TicketPages = InfiniteData<TicketsResponse, string | null>;

export const ticketsQueryKeyRoot = ['tickets'] as const;
export const ticketsQueryKey = (userId: string) => [...ticketsQueryKeyRoot, 'list', userId] as const;

/** One page of the signed-in user's tickets: the newest, or the one after `cursor`. */
export function getTickets(cursor: string | null, signal?: AbortSignal): Promise<TicketsResponse> {
  return api.get<TicketsResponse>(ticketPaths.search, {
    ...(signal ? { signal } : {}),
    ...(cursor ? { query: { cursor } } : {}),
  });
}

export const ticketsQueryOptions = (userId: string, context: MonitoringContext = {}) =>
  infiniteQueryOptions({
    queryKey: ticketsQueryKey(userId),
    queryFn: ({ pageParam, signal }) =>
      timedTicketCall(ticketPaths.search, () => getTickets(pageParam, signal), context),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TicketsResponse) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

/** The user's tickets page by page: open, and closed (solved or closed); fetchNextPage loads older ones. */
export function useTickets(userId: string | null | undefined) {
  const context = useMonitoringContext();
  return useInfiniteQuery({ ...ticketsQueryOptions(userId ?? '', context), enabled: Boolean(userId) });
}

/** Every loaded page's tickets together. */
export function loadedTickets(data: Pick<TicketPages, 'pages'>): { open: TicketSummary[]; closed: TicketSummary[] } {
  return { open: data.pages.flatMap((p) => p.open), closed: data.pages.flatMap((p) => p.closed) };
}
