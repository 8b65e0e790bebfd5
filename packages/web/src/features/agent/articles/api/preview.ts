import { agentArticlePaths } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../../lib/api-client';
import { sanitizeArticleHtml } from '../../../../lib/kb/sanitize-html';

/**
 * What readers would get from a Markdown body: the server converts and sanitises it exactly as it will publish it,
 * and the page sanitises it again as every article body is before it is shown.
 */
export function useArticlePreview(markdown: string) {
  // Asked once the author pauses, not on every key.
  const [body, setBody] = useState(markdown);
  useEffect(() => {
    const timer = setTimeout(() => setBody(markdown), 400);
    return () => clearTimeout(timer);
  }, [markdown]);
  return useQuery({
    queryKey: ['agent', 'articles', 'preview', body] as const,
    queryFn: async () =>
      sanitizeArticleHtml((await api.post<{ html: string }>(agentArticlePaths.preview, { body })).html),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
  });
}
