import {
  type ArticleActions,
  CSRF_HEADER,
  callPaths,
  driverArticlePaths,
  type MaskedCallResponse,
  type PartnerLostItem,
  shownText,
} from '@selfserve/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, getCsrfToken } from '../../../lib/api-client';

// The calls of the driver's one-touch articles (docs/driver.md "Driver one-touch articles").

/** An error answer in the reader's language (by its code), else its own text. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError)
    return shownText({ code: err.code, message: err.message, params: err.params }) ?? fallback;
  return fallback;
}

export const articleActionsKey = (articleId: string) => ['driver', 'article-actions', articleId] as const;

/** Which of the article's timed actions are open now, for the partner's latest trip (the server's clock decides). */
export function useArticleActions(articleId: string) {
  return useQuery({
    queryKey: articleActionsKey(articleId),
    queryFn: ({ signal }) =>
      api.get<ArticleActions>(driverArticlePaths.actions, { query: { article_id: articleId }, signal }),
    // A window closes by the clock: asked again every minute while the page is open.
    refetchInterval: 60_000,
  });
}

export function useCallCustomer(articleId: string) {
  return useMutation({
    mutationFn: (crn: string) =>
      api.post<MaskedCallResponse>(driverArticlePaths.callCustomer, { article_id: articleId, crn }),
  });
}

export const lostItemsKey = ['driver', 'lost-items'] as const;

export function useLostItems() {
  return useQuery({
    queryKey: lostItemsKey,
    queryFn: ({ signal }) => api.get<{ data: PartnerLostItem[] }>(driverArticlePaths.lostItems, { signal }),
  });
}

/** After an answer or a hand-over, the list shows the request as the server now has it. */
function useLostItemMutation<V>(call: (v: V) => Promise<{ item: PartnerLostItem }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ item }) => {
      client.setQueryData<{ data: PartnerLostItem[] }>(lostItemsKey, (old) =>
        old ? { ...old, data: old.data.map((i) => (i.request_id === item.request_id ? item : i)) } : old,
      );
    },
  });
}

export function useAnswerLostItem() {
  return useLostItemMutation((v: { request_id: string; found: boolean; note?: string }) =>
    api.post<{ item: PartnerLostItem }>(driverArticlePaths.lostItemAnswer, v),
  );
}

export function useHandOverLostItem() {
  return useLostItemMutation((requestId: string) =>
    api.post<{ item: PartnerLostItem }>(driverArticlePaths.lostItemHandover, { request_id: requestId }),
  );
}

/** The masked call to the customer about a found item (a GET that rings: it carries the CSRF token). */
export function useCallLostItemCustomer() {
  return useMutation({
    mutationFn: (crn: string) => {
      const token = getCsrfToken();
      return api.get<MaskedCallResponse>(callPaths.partnerLabCall, {
        query: { crn },
        ...(token ? { headers: { [CSRF_HEADER]: token } } : {}),
      });
    },
  });
}
