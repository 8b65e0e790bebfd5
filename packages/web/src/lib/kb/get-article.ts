import { type Article, kbPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useKbAudienceKey } from './use-kb-audience-key';

export interface ArticleParams {
  id: string;
  /** Restrict to these indexes (for example customer_select + customer for a membership article). */
  index_name?: string[];
  /** Leave out the related summaries when only the node and its children are needed. */
  related?: boolean;
}

interface ArticleResponse {
  status: 'SUCCESS';
  data: Article;
}

export const articleQueryKey = (audience: string, params: ArticleParams) =>
  ['kb', 'article', audience, params.id, params.index_name ?? null, params.related ?? true] as const;

export async function getArticle(params: ArticleParams): Promise<Article> {
  const search = new URLSearchParams({ id: params.id });
  for (const index of params.index_name ?? []) search.append('index_name', index);
  if (params.related === false) search.append('related', 'false');
  return (await api.get<ArticleResponse>(`${kbPaths.articles}?${search}`)).data;
}

export const articleQueryOptions = (audience: string, params: ArticleParams) =>
  queryOptions({
    queryKey: articleQueryKey(audience, params),
    queryFn: () => getArticle(params),
    staleTime: 5 * 60_000,
  });

/** One node (article, section or category); no id means nothing to load yet. */
export function useArticle(params: ArticleParams | null) {
  const audience = useKbAudienceKey();
  return useQuery({
    ...articleQueryOptions(audience, params ?? { id: '' }),
    enabled: Boolean(params?.id),
  });
}
