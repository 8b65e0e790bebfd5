import { type DriverRidesResponse, driverPaths, driverRidesPageSize, hasNextDriverPage } from '@selfserve/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The page counter (from 1: its size is fib(page)) and the cursor the page before answered. */
export interface DriverRidesPageParam {
  page: number;
  cursor: string | null;
}

export type DriverRideStatusFilter = 'all' | 'completed' | 'cancelled';

export const driverRidesQueryKey = (userId: string, status: DriverRideStatusFilter) =>
  ['driver', 'rides', userId, status] as const;

/** One page: per_page grows by Fibonacci numbers with the page counter (core.md §9). */
export function getDriverRides(
  param: DriverRidesPageParam,
  status: DriverRideStatusFilter,
  signal?: AbortSignal,
): Promise<DriverRidesResponse> {
  return api.get<DriverRidesResponse>(driverPaths.rides, {
    query: { per_page: driverRidesPageSize(param.page), next_page: param.cursor, status },
    ...(signal ? { signal } : {}),
  });
}

/** The next page while the answer has next_page and per_page; none once it lacks either (the stop rule). */
export function nextDriverRidesPage(
  last: DriverRidesResponse,
  lastParam: DriverRidesPageParam,
): DriverRidesPageParam | undefined {
  if (!hasNextDriverPage(last) || !last.next_page) return undefined;
  return { page: lastParam.page + 1, cursor: last.next_page };
}

export const driverRidesQueryOptions = (userId: string, status: DriverRideStatusFilter) =>
  infiniteQueryOptions({
    queryKey: driverRidesQueryKey(userId, status),
    queryFn: ({ pageParam, signal }) => getDriverRides(pageParam, status, signal),
    initialPageParam: { page: 1, cursor: null } as DriverRidesPageParam,
    getNextPageParam: (last, _all, lastParam) => nextDriverRidesPage(last, lastParam),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

/** The signed-in driver's rides, newest first, page by growing page. */
export function useDriverRides(userId: string | null | undefined, status: DriverRideStatusFilter) {
  return useInfiniteQuery({ ...driverRidesQueryOptions(userId ?? '', status), enabled: Boolean(userId) });
}
