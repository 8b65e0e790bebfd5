import { type LabStatusResponse, labPaths, labPollingDone } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** How often the page asks whether the driver's side is known (left-belonging.md). */
export const LAB_POLL_MS = 2000;

export const labStatusQueryKey = (bookingId: string) => ['belongings', 'status', bookingId] as const;

/** GET check_already_raised: where the ride's lost-item request stands (state null: none yet). */
export function getLabStatus(bookingId: string, signal?: AbortSignal): Promise<LabStatusResponse> {
  return api.get<LabStatusResponse>(labPaths.checkAlreadyRaised, {
    query: { booking_id: bookingId },
    ...(signal ? { signal } : {}),
  });
}

/** A request whose call to the driver is still on: no side_load screen to show yet. */
export const isCalling = (answer: LabStatusResponse | undefined) =>
  answer !== undefined && answer.state !== null && !labPollingDone(answer.side_load);

export const labStatusQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: labStatusQueryKey(bookingId),
    queryFn: ({ signal }) => getLabStatus(bookingId, signal),
    // Asked afresh each time the panel opens, never retried: a failure shows at once and ends the panel.
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // While the call is on, ask again LAB_POLL_MS after each answer (hidden tab too); stop on a screen or a failure.
    refetchInterval: (query) => (query.state.status !== 'error' && isCalling(query.state.data) ? LAB_POLL_MS : false),
    refetchIntervalInBackground: true,
  });

export function useLabStatus(bookingId: string) {
  return useQuery(labStatusQueryOptions(bookingId));
}
