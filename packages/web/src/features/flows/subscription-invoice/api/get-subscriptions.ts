import { type SubscriptionsResponse, subscriptionsPath } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET subscriptionsPath: the signed-in member's own subscriptions, the latest first. */
export function useSubscriptions(userId: string | null | undefined) {
  return useQuery({
    queryKey: ['users', 'subscriptions', userId ?? ''] as const,
    queryFn: ({ signal }) => api.get<SubscriptionsResponse>(subscriptionsPath, { signal }),
    enabled: Boolean(userId),
  });
}
