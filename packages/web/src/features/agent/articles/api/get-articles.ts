import {
  type AgentArticle,
  type AgentArticleRow,
  type ArticleStatus,
  agentArticlePath,
  agentArticlePaths,
} from '@selfserve/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export interface ArticleListFilters {
  q: string;
  status: ArticleStatus | '';
  changed: boolean;
  page: number;
}

export const agentArticlesKey = ['agent', 'articles'] as const;

export function agentArticlesQueryOptions(filters: ArticleListFilters) {
  return queryOptions({
    queryKey: [...agentArticlesKey, 'list', filters] as const,
    queryFn: () =>
      api.get<{ articles: AgentArticleRow[]; total: number }>(agentArticlePaths.list, {
        query: {
          ...(filters.q ? { q: filters.q } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.changed ? { changed: 'true' } : {}),
          page: String(filters.page),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The console's article list (docs/agent.md "Articles"). */
export function useAgentArticles(filters: ArticleListFilters) {
  return useQuery(agentArticlesQueryOptions(filters));
}

export function agentArticleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...agentArticlesKey, 'one', id] as const,
    queryFn: () => api.get<AgentArticle>(agentArticlePath(agentArticlePaths.one, id)),
  });
}

/** One article as the editor needs it: each locale's published text and draft, labels, tags, side_load, trail. */
export function useAgentArticle(id: string) {
  return useQuery(agentArticleQueryOptions(id));
}
