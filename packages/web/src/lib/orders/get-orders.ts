import { type OrderContext, type OrderListResponse, orderPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const ordersQueryKey = (userId: string) => ['orders', 'list', userId] as const;

/** The user's orders of every kind (marketplace, grocery, gift card, fashion/electronics, parcel). */
export async function getOrders(signal?: AbortSignal): Promise<OrderContext[]> {
  return (await api.get<OrderListResponse>(orderPaths.list, signal ? { signal } : {})).data;
}

export const ordersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ordersQueryKey(userId),
    queryFn: ({ signal }) => getOrders(signal),
    staleTime: 60_000,
  });

export function useOrders(userId: string | null | undefined) {
  return useQuery({ ...ordersQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
