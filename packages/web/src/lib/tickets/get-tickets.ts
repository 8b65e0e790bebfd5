import { type TicketSummary, ticketPaths } from '@selfserve/contract';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';
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

/** A partner's list is the driver app's (core.md §7 search_tickets with tag=driver; docs/driver.md). */
export type TicketListTag = 'driver' | null;

/** One page of the signed-in user's tickets: the newest, or the one after `cursor`. */
export function getTickets(
  cursor: string | null,
  signal?: AbortSignal,
  tag: TicketListTag = null,
): Promise<TicketsResponse> {
  const query = { ...(tag ? { tag } : {}), ...(cursor ? { cursor } : {}) };
  return api.get<TicketsResponse>(ticketPaths.search, {
    ...(signal ? { signal } : {}),
    ...(Object.keys(query).length ? { query } : {}),
  });
}

export const ticketsQueryOptions = (userId: string, context: MonitoringContext = {}, tag: TicketListTag = null) =>
  infiniteQueryOptions({
    queryKey: ticketsQueryKey(userId),
    queryFn: ({ pageParam, signal }) =>
      timedTicketCall(ticketPaths.search, () => getTickets(pageParam, signal, tag), context),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TicketsResponse) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

/** The user's tickets page by page: open, and closed (solved or closed); fetchNextPage loads older ones. */
export function useTickets(userId: string | null | undefined) {
  const context = useMonitoringContext();
  const { user } = useSession();
  const tag: TicketListTag = user?.role === 'driver' || user?.role === 'food_delivery_rider' ? 'driver' : null;
  return useInfiniteQuery({ ...ticketsQueryOptions(userId ?? '', context, tag), enabled: Boolean(userId) });
}

/** Every loaded page's tickets together. */
export function loadedTickets(data: Pick<TicketPages, 'pages'>): { open: TicketSummary[]; closed: TicketSummary[] } {
  return { open: data.pages.flatMap((p) => p.open), closed: data.pages.flatMap((p) => p.closed) };
}
