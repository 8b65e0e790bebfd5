import { apiPaths, type SelectDetails } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Keyed by user id, like get_user_info: a different sign-in never sees another member's details. */
export const selectDetailsQueryKey = (userId: string) => ['users', 'select-details', userId] as const;

export function getSelectDetails(): Promise<SelectDetails> {
  return api.get<SelectDetails>(apiPaths.selectDetails);
}

export const selectDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: selectDetailsQueryKey(userId),
    queryFn: getSelectDetails,
    staleTime: 5 * 60_000,
  });

/** Only members have details (the server answers 404 otherwise), so callers say when to ask. */
export function useSelectDetails(userId: string | null | undefined, enabled: boolean) {
  return useQuery({ ...selectDetailsQueryOptions(userId ?? ''), enabled: Boolean(userId) && enabled });
}
