import { type AgentInsights, type AgentInsightsQuery, agentInsightsPath } from '@selfserve/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function agentInsightsQueryOptions(query: AgentInsightsQuery) {
  return queryOptions({
    queryKey: ['agent', 'insights', query] as const,
    queryFn: () =>
      api.get<AgentInsights>(agentInsightsPath, {
        query: {
          from: query.from,
          to: query.to,
          ...(query.country ? { country: query.country } : {}),
          ...(query.language ? { language: query.language } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The console's figures for a period, country and language (docs/agent.md "Insights"). */
export function useAgentInsights(query: AgentInsightsQuery) {
  return useQuery(agentInsightsQueryOptions(query));
}
