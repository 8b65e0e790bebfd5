import { type PreRecompleteCheck, type RecompleteToken, recompletePaths, V3_SUBMIT_PATH } from '@selfserve/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postOneTouch } from '../../../lib/one-touch/post-one-touch';

export const preRecompleteQueryKey = (userId: string, bookingId: string) =>
  ['driver', 'recomplete', userId, bookingId] as const;

export const preRecompleteQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: preRecompleteQueryKey(userId, bookingId),
    queryFn: ({ signal }) =>
      api.get<PreRecompleteCheck>(recompletePaths.preCheck, { query: { booking_id: bookingId }, signal }),
    staleTime: 0,
  });

/** The pre-recomplete check of one of the driver's trips (core.md §7). */
export function usePreRecompleteCheck(userId: string | null | undefined, bookingId: string | null | undefined) {
  return useQuery({
    ...preRecompleteQueryOptions(userId ?? '', bookingId ?? ''),
    enabled: Boolean(userId && bookingId),
  });
}

/** The short-lived token the submit needs (POST generate_jwt_token). */
export function getRecompleteToken(bookingId: string): Promise<RecompleteToken> {
  return api.post<RecompleteToken>(recompletePaths.token, { booking_id: bookingId });
}

/** The v3 submit of the recompute (call_type ldt_recomplete), read like every one-touch answer. */
export function submitRecomplete(body: {
  article_id: string;
  call_type: string;
  booking_id: string;
  crn: string;
  car_category: string;
  index_name: string;
  country: string | null;
  token: string;
}) {
  const { token, ...payload } = body;
  return postOneTouch(V3_SUBMIT_PATH, { ...payload, one_touch_source: 'app', params: { token } });
}
