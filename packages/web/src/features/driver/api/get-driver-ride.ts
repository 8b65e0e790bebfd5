import { type DriverRideDetails, driverPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const driverRideQueryKey = (userId: string, crn: string) => ['driver', 'ride', userId, crn] as const;

export function getDriverRide(crn: string, signal?: AbortSignal): Promise<{ data: DriverRideDetails }> {
  return api.get<{ data: DriverRideDetails }>(driverPaths.rideDetails, {
    query: { crn },
    ...(signal ? { signal } : {}),
  });
}

export const driverRideQueryOptions = (userId: string, crn: string) =>
  queryOptions({
    queryKey: driverRideQueryKey(userId, crn),
    queryFn: ({ signal }) => getDriverRide(crn, signal),
    staleTime: 60_000,
  });

/** One of the signed-in driver's rides by its CRN (another driver's is not found). */
export function useDriverRide(userId: string | null | undefined, crn: string) {
  return useQuery({ ...driverRideQueryOptions(userId ?? '', crn), enabled: Boolean(userId && crn) });
}
