import { callPaths, type SdCallUsResponse } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/callus/getSdCallUs: the self-drive support line for the user's (or the given) country and city. */
export function getSdCallUs(signal?: AbortSignal): Promise<SdCallUsResponse> {
  return api.get<SdCallUsResponse>(callPaths.sdCallUs, signal ? { signal } : {});
}

export function useSdCallUs(enabled: boolean) {
  return useQuery({
    queryKey: ['calls', 'sd-call-us'] as const,
    queryFn: ({ signal }) => getSdCallUs(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}
