import { type BdAddressResponse, cabAttachmentPaths } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET bd_address: one city's partner onboarding offices with their hours (guided-flows.md §3 "BD address"). */
export function getBdAddress(city: string, signal?: AbortSignal): Promise<BdAddressResponse> {
  return api.get<BdAddressResponse>(cabAttachmentPaths.bdAddress, { query: { city }, ...(signal ? { signal } : {}) });
}

export function useBdAddress(city: string | null) {
  return useQuery({
    queryKey: ['cab-attachment', 'bd-address', city] as const,
    queryFn: ({ signal }) => getBdAddress(city ?? '', signal),
    enabled: Boolean(city),
    retry: false,
  });
}
