import { type ArticleSummary, type KbRelatedResponse, kbPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKbAudienceKey } from '../../../lib/kb/use-kb-audience-key';

export interface RelatedParams {
  index: string;
  id: string;
  booking_id?: string;
  car_category?: string;
}

export const relatedArticlesQueryKey = (audience: string, params: RelatedParams) =>
  ['kb', 'related', audience, params.index, params.id, params.booking_id ?? null, params.car_category ?? null] as const;

/** Articles related to one, optionally for a booking (booking pages use this; the article call has its own). */
export async function getRelatedArticles(params: RelatedParams): Promise<ArticleSummary[]> {
  const { index, ...query } = params;
  return (await api.get<KbRelatedResponse>(kbPaths.related(index), { query: { ...query } })).data;
}

export const relatedArticlesQueryOptions = (audience: string, params: RelatedParams) =>
  queryOptions({
    queryKey: relatedArticlesQueryKey(audience, params),
    queryFn: () => getRelatedArticles(params),
    staleTime: 5 * 60_000,
  });

export function useRelatedArticles(params: RelatedParams | null) {
  const audience = useKbAudienceKey();
  return useQuery({
    ...relatedArticlesQueryOptions(audience, params ?? { index: '', id: '' }),
    enabled: Boolean(params?.id && params.index),
  });
}
