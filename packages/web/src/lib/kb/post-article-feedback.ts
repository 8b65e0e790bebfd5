import { kbPaths } from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';

export interface ArticleFeedback {
  article_id: string;
  helpful: boolean;
}

/** 'Was this helpful?' (the api client adds the CSRF header to every POST). */
export function postArticleFeedback(feedback: ArticleFeedback): Promise<{ status: 'SUCCESS' }> {
  return api.post<{ status: 'SUCCESS' }>(kbPaths.feedback, feedback);
}

/** Posts the answer, then refreshes that article's answers (its "N of M found this helpful" counts the vote). */
export function useArticleFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postArticleFeedback,
    // Not awaited: the thank-you shows at once, the count when the article comes back.
    onSuccess: (_answer, feedback) => {
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === 'kb' && queryKey[1] === 'article' && queryKey[3] === feedback.article_id,
      });
    },
  });
}
