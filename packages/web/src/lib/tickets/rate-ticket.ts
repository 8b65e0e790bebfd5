import { type CsatPayload, ticketPaths } from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';
import { useSession } from '../session';
import { type TicketPages, type TicketsResponse, ticketsQueryKey } from './get-tickets';
import { timedTicketCall } from './monitoring';
import { useMonitoringContext } from './use-monitoring-context';

/** POST /api/v1/csat (guided-flows.md §3 rating payload); a bad score carries a reason. */
export function rateTicket(payload: CsatPayload): Promise<{ status: 'SUCCESS' }> {
  return api.post<{ status: 'SUCCESS' }>(ticketPaths.csat, payload);
}

/** 409: the ticket already has a rating (one per ticket) — not the 409 of a ticket not yet solved or closed. */
export const isAlreadyRated = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code !== 'ticketNotRatableYet';

/** Rates a ticket; on success (or 'already rated') the list shows it as rated without asking again. */
export function useRateTicket() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const context = useMonitoringContext();
  const markRated = (ticketId: string) =>
    queryClient.setQueryData<TicketPages>(ticketsQueryKey(user?.id ?? ''), (old) => {
      if (!old) return old;
      const mark = (list: TicketsResponse['open']) =>
        list.map((t) => (t.ticket_id === ticketId ? { ...t, rated: true } : t));
      return {
        ...old,
        pages: old.pages.map((page) => ({ ...page, open: mark(page.open), closed: mark(page.closed) })),
      };
    });
  return useMutation({
    mutationFn: (payload: CsatPayload) => timedTicketCall(ticketPaths.csat, () => rateTicket(payload), context),
    onSuccess: (_data, payload) => markRated(payload.ref_id),
    onError: (error, payload) => {
      if (isAlreadyRated(error)) markRated(payload.ref_id);
    },
  });
}
