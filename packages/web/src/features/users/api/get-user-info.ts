import { apiPaths, type UserInfo } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Keyed by user id: a different sign-in never sees the previous user's cached profile. */
export const userInfoQueryKey = (userId: string) => ['users', 'user-info', userId] as const;

export function getUserInfo(): Promise<UserInfo> {
  return api.get<UserInfo>(apiPaths.userInfo);
}

export const userInfoQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userInfoQueryKey(userId),
    queryFn: getUserInfo,
    staleTime: 5 * 60_000,
  });

export function useUserInfo(userId: string | null | undefined) {
  return useQuery({ ...userInfoQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
