import { apiPaths, type SessionResponse } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from './api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

/** Every session answer carries a fresh CSRF token; remember it before anyone else sees the session. */
export function acceptSession(session: SessionResponse): SessionResponse {
  setCsrfToken(session.csrf_token);
  return session;
}

export async function getSession(): Promise<SessionResponse> {
  return acceptSession(await api.get<SessionResponse>(apiPaths.session));
}

/** The element the server writes the first session into (the SPA fallback in packages/server/src/app.ts). */
const BOOT_SESSION_ID = 'boot-session';

/**
 * The session the server wrote into the page, taken once: the first render needs no round trip for it, and a
 * later session query (after sign-in or sign-out) always asks the server.
 */
export function takeBootSession(): SessionResponse | undefined {
  // A server render is given its session in the cache before it starts.
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(BOOT_SESSION_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return acceptSession(JSON.parse(element.textContent ?? '') as SessionResponse);
  } catch {
    return undefined;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    initialData: takeBootSession,
    staleTime: 60_000,
  });

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}
