import { kbPaths } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client';

export interface ArticleFeedback {
  article_id: string;
  helpful: boolean;
}

/** 'Was this helpful?' (the api client adds the CSRF header to every POST). */
export function postArticleFeedback(feedback: ArticleFeedback): Promise<{ status: 'SUCCESS' }> {
  return api.post<{ status: 'SUCCESS' }>(kbPaths.feedback, feedback);
}

export function useArticleFeedback() {
  return useMutation({ mutationFn: postArticleFeedback });
}
