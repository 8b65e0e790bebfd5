import { apiPaths, type DemoAccount } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const demoAccountsQueryKey = ['auth', 'demo-accounts'] as const;

export async function getDemoAccounts(): Promise<DemoAccount[]> {
  const res = await api.get<{ status: 'SUCCESS'; accounts: DemoAccount[] }>(apiPaths.demoAccounts);
  return res.accounts;
}

export const demoAccountsQueryOptions = () =>
  queryOptions({
    queryKey: demoAccountsQueryKey,
    queryFn: getDemoAccounts,
    staleTime: Number.POSITIVE_INFINITY,
    // 404 means demo mode is off: nothing to retry.
    retry: false,
  });

export function useDemoAccounts(enabled: boolean) {
  return useQuery({ ...demoAccountsQueryOptions(), enabled });
}
