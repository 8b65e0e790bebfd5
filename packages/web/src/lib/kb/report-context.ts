import { articleIndexes, indexContextFor, reportContextArticle } from '@selfserve/contract';
import { useSession } from '../session';

/**
 * The article of /report/{context}/{previous} and /report/{tag}/default for this viewer (contract
 * reportContextArticles, docs/kb-content.md): the context's entry for the viewer's index — their country's, the UK
 * site's for a visitor there — or null when the context names no article ('Article not found.').
 */
export function useReportContextArticle(context: string): string | null {
  const { user, ukHost, isMember, entryMode } = useSession();
  // The entry mode may name another audience's index (the operator app: the partners'; contract entryModes).
  const indexes = articleIndexes(
    indexContextFor(entryMode, {
      role: user?.role ?? 'visitor',
      country: user ? user.country_code : ukHost ? 'GB' : 'IN',
      locale: user?.locale,
      isMember,
    }),
  );
  return reportContextArticle(context, indexes);
}
