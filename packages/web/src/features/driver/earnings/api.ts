import {
  type AttachedCar,
  type DriverCity,
  type EarningsHistory,
  type EarningsHistoryRequest,
  earningsPaths,
} from '@selfserve/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The driver's earnings calls (core.md §7; docs/driver.md "Earnings"). The history is a POST (the spec's), read as a
// query: the same request is the same answer, kept for a minute.

export function getEarnings(req: EarningsHistoryRequest, signal?: AbortSignal): Promise<EarningsHistory> {
  return api.post<{ data: EarningsHistory }>(earningsPaths.history, req, signal ? { signal } : {}).then((r) => r.data);
}

export function useEarnings(userId: string | null | undefined, req: EarningsHistoryRequest) {
  return useQuery({
    queryKey: ['driver', 'earnings', userId ?? '', req] as const,
    queryFn: ({ signal }) => getEarnings(req, signal),
    enabled: Boolean(userId),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // The chart keeps the last answer while the next period loads, instead of jumping to a spinner.
    placeholderData: keepPreviousData,
  });
}

/** A fleet partner's attached cars; empty for a driver with no fleet (the page then shows no car filter). */
export function useAttachedCars(userId: string | null | undefined) {
  return useQuery({
    queryKey: ['driver', 'attached-cars', userId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: AttachedCar[] }>(earningsPaths.attachedCars, { signal }).then((r) => r.data),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
}

/** The cities the driver drove in (the page offers a city filter only to a driver with more than one). */
export function useDriverCities(userId: string | null | undefined) {
  return useQuery({
    queryKey: ['driver', 'cities', userId ?? ''] as const,
    queryFn: ({ signal }) => api.get<{ data: DriverCity[] }>(earningsPaths.cities, { signal }).then((r) => r.data),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
}
