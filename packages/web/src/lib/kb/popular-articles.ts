import { type ArticleSummary, type KbPopularResponse, kbPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../session';
import { type SearchType, searchTypeOf } from './search-type';
import { useKbAudienceKey } from './use-kb-audience-key';

export const POPULAR_ARTICLES_SHOWN = 5;

/** The articles of the viewer's index most found helpful (GET /api/kb/v3/popular_articles). */
export async function getPopularArticles(type: SearchType, limit = POPULAR_ARTICLES_SHOWN): Promise<ArticleSummary[]> {
  return (await api.get<KbPopularResponse>(kbPaths.popular, { query: { type, limit } })).data;
}

export const popularArticlesQueryOptions = (audience: string, type: SearchType) =>
  queryOptions({
    queryKey: ['kb', 'popular', audience, type] as const,
    queryFn: () => getPopularArticles(type),
    staleTime: 5 * 60_000,
  });

/** The popular articles of the index this viewer's search reads; `enabled` when a search found nothing. */
export function usePopularArticles(enabled: boolean) {
  const audience = useKbAudienceKey();
  const { user, isMember } = useSession();
  return useQuery({ ...popularArticlesQueryOptions(audience, searchTypeOf(user?.role, isMember)), enabled });
}
