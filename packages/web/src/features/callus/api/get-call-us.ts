import {
  bookingPaths,
  type CallUsCity,
  type CallUsContext,
  type CallUsNumberResponse,
  type CallUsTokenResponse,
  callUsPaths,
} from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CallUsAnswer {
  number: CallUsNumberResponse;
  token: CallUsTokenResponse;
  /** the city's std code and local number (GET /api/bookings/v1/get_city); null when the city is not known */
  city: CallUsCity | null;
}

/**
 * POST get_call_us_number and call_us_token with what the person was looking at, then the city's std code. Each call
 * gives new one-time codes, so the answer is never refetched behind the person's back (focus, reconnect): a new
 * code comes when they ask for one (refetch) or open the page again.
 */
async function getCallUs(context: CallUsContext, signal?: AbortSignal): Promise<CallUsAnswer> {
  const opts = signal ? { signal } : {};
  const [number, token] = await Promise.all([
    api.post<CallUsNumberResponse>(callUsPaths.getCallUsNumber, context, opts),
    api.post<CallUsTokenResponse>(callUsPaths.callUsToken, context, opts),
  ]);
  let city: CallUsCity | null = null;
  if (number.city_location) {
    const { lat, lng } = number.city_location;
    // The footer is a hint: without it the page still shows the number and the code.
    city = await api.get<CallUsCity>(`${bookingPaths.getCity}?lat=${lat}&lng=${lng}`, opts).catch(() => null);
  }
  return { number, token, city };
}

export const callUsQueryKey = (context: CallUsContext) => ['callus', 'number', context] as const;

export const callUsQueryOptions = (context: CallUsContext) =>
  queryOptions({
    queryKey: callUsQueryKey(context),
    queryFn: ({ signal }) => getCallUs(context, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCallUs(context: CallUsContext, enabled: boolean) {
  return useQuery({ ...callUsQueryOptions(context), enabled });
}
