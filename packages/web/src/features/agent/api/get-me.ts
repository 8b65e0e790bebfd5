import { type AgentMe, agentApiPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const agentMeQueryKey = (userId: string | undefined) => ['agent', 'me', userId] as const;

export function agentMeQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: agentMeQueryKey(userId),
    queryFn: () => api.get<AgentMe>(agentApiPaths.me),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
}

/** The staff member the console works for: role and queue (docs/agent.md "Roles"). */
export function useAgentMe(userId: string | undefined) {
  return useQuery(agentMeQueryOptions(userId));
}
