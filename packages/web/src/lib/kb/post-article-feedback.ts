import { type KbFeedback, type KbFeedbackAnswer, kbPaths } from '@selfserve/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';

/** 'Was this helpful?' (the api client adds the CSRF header to every POST). */
export function postArticleFeedback(feedback: KbFeedback): Promise<{ status: 'SUCCESS' }> {
  return api.post<{ status: 'SUCCESS' }>(kbPaths.feedback, feedback);
}

const rememberedKey = (articleId: string, crn: string | null) => ['kb', 'feedback', articleId, crn] as const;

/** A signed-in reader's answer as the server remembers it (per article, and per CRN for a ride's article). */
export function useRememberedFeedback(articleId: string, crn: string | null, enabled: boolean) {
  return useQuery({
    queryKey: rememberedKey(articleId, crn),
    queryFn: async () => {
      const search = new URLSearchParams({ article_id: articleId, ...(crn ? { crn } : {}) });
      return (await api.get<KbFeedbackAnswer>(`${kbPaths.feedback}?${search}`)).answer;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Posts the answer, then refreshes that article's answers (its "N of M found this helpful" counts the vote). */
export function useArticleFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postArticleFeedback,
    // Not awaited: the thank-you shows at once, the count when the article comes back.
    onSuccess: (_answer, feedback) => {
      queryClient.setQueryData(rememberedKey(feedback.article_id, feedback.crn ?? null), {
        helpful: feedback.helpful,
        reason: feedback.reason ?? null,
      });
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === 'kb' && queryKey[1] === 'article' && queryKey[3] === feedback.article_id,
      });
    },
  });
}
