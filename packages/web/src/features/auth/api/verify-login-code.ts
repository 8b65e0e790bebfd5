import { apiPaths, type SessionResponse } from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acceptSession, sessionQueryKey } from '../../../lib/get-session';

export async function verifyLoginCode(input: { email: string; code: string }): Promise<SessionResponse> {
  return acceptSession(await api.post<SessionResponse>(apiPaths.loginCodeVerify, input));
}

export function useVerifyLoginCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLoginCode,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
