import { apiPaths } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the deep-link rule needs from the profile (spec §2): could it be read (SUCCESS) or not (FAILURE)? */
export type ProfileStatus = 'SUCCESS' | 'FAILURE';

export const profileStatusQueryKey = ['users', 'profile-status'] as const;

/**
 * get_user_info, asked quietly: a visitor's 401 is an answer here (FAILURE), not a reason for the api
 * client to log out and send the page home before the deep link has decided where to go.
 */
export async function getProfileStatus(signal?: AbortSignal): Promise<ProfileStatus> {
  try {
    const info = await api.get<{ status?: string }>(apiPaths.userInfo, { quiet: true, ...(signal ? { signal } : {}) });
    return info?.status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE';
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return 'FAILURE';
  }
}

export const profileStatusQueryOptions = () =>
  queryOptions({
    queryKey: profileStatusQueryKey,
    queryFn: ({ signal }) => getProfileStatus(signal),
    // Asked afresh on every deep link: a sign-in since the last one changes the answer.
    staleTime: 0,
    gcTime: 0,
  });

export function useProfileStatus() {
  return useQuery(profileStatusQueryOptions());
}
