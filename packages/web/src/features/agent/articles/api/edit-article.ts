import { type ArticleDraftRequest, agentArticlePath, agentArticlePaths } from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { agentArticlesKey } from './get-articles';

type Action = 'publish' | 'unpublish';

/** Save a draft, discard it, publish or unpublish: each refreshes the list and the article (docs/agent.md). */
export function useArticleEdits(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: agentArticlesKey });
  const save = useMutation({
    mutationFn: (input: ArticleDraftRequest) => api.put(agentArticlePath(agentArticlePaths.draft, id), input),
    onSuccess: refresh,
  });
  const discard = useMutation({
    mutationFn: (locale: string) => api.delete(agentArticlePath(agentArticlePaths.draft, id), { query: { locale } }),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: (action: Action) => api.post(agentArticlePath(agentArticlePaths[action], id)),
    onSuccess: refresh,
  });
  return { save, discard, change };
}

/** A new article under a category, a draft until it is published; answers its id. */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { parent: string; title: string; body: string }) =>
      api.post<{ id: string }>(agentArticlePaths.list, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentArticlesKey }),
  });
}
