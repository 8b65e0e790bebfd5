import { type KbMetaResponse, kbPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useKbAudienceKey } from './use-kb-audience-key';

export interface KbMetaParams {
  /** Repeatable; left out, the server picks the viewer's indexes. */
  index_name?: string[];
  context?: string;
  booking_id?: string;
  cab_category?: string;
}

/** The tree depends on who is looking (membership, role), so the audience is part of the key. */
export const kbMetaQueryKey = (audience: string, params: KbMetaParams = {}) =>
  [
    'kb',
    'meta',
    audience,
    params.index_name ?? null,
    params.context ?? null,
    params.booking_id ?? null,
    params.cab_category ?? null,
  ] as const;

/** index_name repeats (`?index_name=a&index_name=b`), which the api client's flat query cannot say. */
export function metaSearchParams(params: KbMetaParams): string {
  const search = new URLSearchParams();
  for (const index of params.index_name ?? []) search.append('index_name', index);
  for (const key of ['context', 'booking_id', 'cab_category'] as const) {
    const value = params[key];
    if (value) search.append(key, value);
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

export function getKbMeta(params: KbMetaParams = {}): Promise<KbMetaResponse> {
  return api.get<KbMetaResponse>(`${kbPaths.meta}${metaSearchParams(params)}`);
}

export const kbMetaQueryOptions = (audience: string, params: KbMetaParams = {}) =>
  queryOptions({
    queryKey: kbMetaQueryKey(audience, params),
    queryFn: () => getKbMeta(params),
    staleTime: 5 * 60_000,
  });

export function useKbMeta(params: KbMetaParams = {}, enabled = true) {
  const audience = useKbAudienceKey();
  return useQuery({ ...kbMetaQueryOptions(audience, params), enabled });
}
