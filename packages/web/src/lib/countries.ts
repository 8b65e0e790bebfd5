import { type CountryListResponse, countryPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const countriesQueryKey = ['countries'] as const;

/** GET /api/users/v1/countries (docs/users.md): the 18 countries and their dialing codes. */
export async function getCountries(signal?: AbortSignal): Promise<CountryListResponse['data']> {
  return (await api.get<CountryListResponse>(countryPaths.list, signal ? { signal } : {})).data;
}

/** Asked once a session: the list changes only with a release (the server lets the browser cache it a day too). */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: countriesQueryKey,
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The country list, for the forms that ask for a dialing code. */
export function useCountries() {
  return useQuery(countriesQueryOptions());
}
