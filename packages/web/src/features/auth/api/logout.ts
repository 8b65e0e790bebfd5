import { apiPaths, type SessionResponse } from '@selfserve/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../../lib/api-client';
import { acceptSession, sessionQueryKey } from '../../../lib/get-session';

export async function logout(): Promise<SessionResponse> {
  return acceptSession(await api.post<SessionResponse>(apiPaths.logout));
}

/**
 * Signs out and leaves the visitor's session in the cache. A plain call with its own pending flag, not a TanStack
 * mutation: the header is on every first page, and nothing else shares this state.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      queryClient.setQueryData(sessionQueryKey, await logout());
      return true;
    } catch {
      return false;
    } finally {
      setPending(false);
    }
  }, [queryClient]);
  return { signOut, isPending };
}
