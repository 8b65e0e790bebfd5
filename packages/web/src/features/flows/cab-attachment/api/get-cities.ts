import { type CabCitiesResponse, cabAttachmentPaths } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET cities: the served cities and the profile's own (preselected). */
export function getCabCities(signal?: AbortSignal): Promise<CabCitiesResponse> {
  return api.get<CabCitiesResponse>(cabAttachmentPaths.cities, signal ? { signal } : {});
}

export function useCabCities() {
  return useQuery({ queryKey: ['cab-attachment', 'cities'] as const, queryFn: ({ signal }) => getCabCities(signal) });
}
