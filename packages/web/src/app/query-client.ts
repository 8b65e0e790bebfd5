import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** Retry only what a retry can fix: server hiccups, not 4xx answers or a missing network. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && error instanceof ApiError && error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
