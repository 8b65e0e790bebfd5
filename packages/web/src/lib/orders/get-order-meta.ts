import { type KbMetaResponse, kbPaths, type orderMetaSegments } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export type OrderMetaSegment = (typeof orderMetaSegments)[keyof typeof orderMetaSegments];

export const orderMetaQueryKey = (userId: string, segment: string, orderId: string) =>
  ['orders', 'meta', userId, segment, orderId] as const;

/** The help categories of an order's kind, with the user's own order (`order`) when it is theirs. */
export function getOrderMeta(segment: OrderMetaSegment, orderId: string, signal?: AbortSignal) {
  return api.get<KbMetaResponse>(kbPaths.metaVariant(segment), {
    query: { order_id: orderId },
    ...(signal ? { signal } : {}),
  });
}

export const orderMetaQueryOptions = (userId: string, segment: OrderMetaSegment, orderId: string) =>
  queryOptions({
    queryKey: orderMetaQueryKey(userId, segment, orderId),
    queryFn: ({ signal }) => getOrderMeta(segment, orderId, signal),
    staleTime: 60_000,
  });

export function useOrderMeta(userId: string | null | undefined, segment: OrderMetaSegment | null, orderId: string) {
  return useQuery({
    ...orderMetaQueryOptions(userId ?? '', segment ?? 'ondc', orderId),
    enabled: Boolean(userId && segment && orderId),
  });
}
