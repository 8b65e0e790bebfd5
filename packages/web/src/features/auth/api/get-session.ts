import { apiPaths, type SessionResponse } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../../lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

/** Every session answer carries a fresh CSRF token; remember it before anyone else sees the session. */
export function acceptSession(session: SessionResponse): SessionResponse {
  setCsrfToken(session.csrf_token);
  return session;
}

export async function getSession(): Promise<SessionResponse> {
  return acceptSession(await api.get<SessionResponse>(apiPaths.session));
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 60_000,
  });

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}
