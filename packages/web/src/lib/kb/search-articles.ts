import { type KbSearchResult, kbPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';
import { useSession } from '../session';
import { type SearchType, searchTypeOf } from './search-type';
import { useKbAudienceKey } from './use-kb-audience-key';

export type { SearchType };

export interface SearchParams {
  type: SearchType;
  query: string;
  limit?: number;
}

/**
 * No match is a 404 'No Articles Found' on the wire (spec §7); here it is an empty list, and the pages
 * show that same text (contract messages.noArticlesFound).
 */
export async function searchArticles(params: SearchParams): Promise<KbSearchResult[]> {
  try {
    return await api.get<KbSearchResult[]>(kbPaths.search(params.type), {
      query: { query: params.query, limit: params.limit },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const searchArticlesQueryKey = (audience: string, params: SearchParams) =>
  ['kb', 'search', audience, params.type, params.query, params.limit ?? null] as const;

export const searchArticlesQueryOptions = (audience: string, params: SearchParams) =>
  queryOptions({
    queryKey: searchArticlesQueryKey(audience, params),
    queryFn: () => searchArticles(params),
    staleTime: 60_000,
  });

/** The search for this viewer's own index (the /search page); `enabled` is the caller's length check. */
export function useSearchArticles(query: string, enabled: boolean) {
  const audience = useKbAudienceKey();
  const { user, isMember } = useSession();
  const params: SearchParams = { type: searchTypeOf(user?.role, isMember), query };
  return useQuery({ ...searchArticlesQueryOptions(audience, params), enabled });
}
