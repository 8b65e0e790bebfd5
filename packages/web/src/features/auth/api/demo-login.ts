import { apiPaths, type SessionResponse } from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acceptSession, sessionQueryKey } from '../../../lib/get-session';

export async function demoLogin(input: { email: string }): Promise<SessionResponse> {
  return acceptSession(await api.post<SessionResponse>(apiPaths.demoLogin, input));
}

export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoLogin,
    // User-scoped queries are keyed by user id, so replacing the session is all a new identity needs.
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
