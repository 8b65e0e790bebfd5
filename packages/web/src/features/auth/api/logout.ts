import { apiPaths, type SessionResponse } from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acceptSession, sessionQueryKey } from '../../../lib/get-session';

export async function logout(): Promise<SessionResponse> {
  return acceptSession(await api.post<SessionResponse>(apiPaths.logout));
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
