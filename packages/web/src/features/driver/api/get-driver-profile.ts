import { type DriverProfile, driverPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const driverProfileQueryKey = (userId: string) => ['driver', 'profile', userId] as const;

export const driverProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: driverProfileQueryKey(userId),
    queryFn: ({ signal }) => api.get<DriverProfile>(driverPaths.profile, { signal }),
    staleTime: 5 * 60_000,
  });

/** The signed-in partner's driver profile (core.md §3). */
export function useDriverProfile(userId: string | null | undefined) {
  return useQuery({ ...driverProfileQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
