import { mailPaths, type OutboxResponse } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const outboxQueryKey = ['mail', 'outbox'] as const;

/** GET /api/dev/outbox: the newest mails (demo mode only; the route does not exist otherwise). */
export function getOutbox(signal?: AbortSignal): Promise<OutboxResponse> {
  return api.get<OutboxResponse>(mailPaths.devOutbox, signal ? { signal } : {});
}

export const outboxQueryOptions = () =>
  queryOptions({ queryKey: outboxQueryKey, queryFn: ({ signal }) => getOutbox(signal), staleTime: 0 });

export function useOutbox(enabled: boolean) {
  return useQuery({ ...outboxQueryOptions(), enabled });
}
