import { type KbMetaResponse, kbPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKbAudienceKey } from '../../../lib/kb/use-kb-audience-key';

export const driverMetaQueryKey = (audience: string) => ['kb', 'driver-meta', audience] as const;

/** The driver app's categories (driver and food-delivery partners only; the server refuses anyone else). */
export function getDriverMeta(): Promise<KbMetaResponse> {
  return api.get<KbMetaResponse>(kbPaths.driverMeta);
}

export const driverMetaQueryOptions = (audience: string) =>
  queryOptions({
    queryKey: driverMetaQueryKey(audience),
    queryFn: getDriverMeta,
    staleTime: 5 * 60_000,
  });

export function useDriverMeta(enabled: boolean) {
  const audience = useKbAudienceKey();
  return useQuery({ ...driverMetaQueryOptions(audience), enabled });
}
