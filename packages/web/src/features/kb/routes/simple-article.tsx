import { isSharePassPopup, routes } from '@selfserve/contract';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import { useSession } from '../../../lib/session';
import '../../../components/kb.css';
import { kbSelectionStore } from '../../../lib/kb/kb-selection';

/**
 * /simple_article: the result article after a submit, by ?id= (or the last selected article). ?pass_id=
 * (or the share-pass entry mode) marks a share-pass article: it opens in a popup over another page, and
 * Back closes the popup by posting {type:'CLOSE'} to the parent window — only to the configured parent origins
 * (the article view's Back, lib/use-back and docs/embedding.md) — instead of navigating.
 */
export function SimpleArticlePage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const { entryMode } = useSession();
  const [lastArticle] = useState(() => kbSelectionStore.get().articleId);
  const id = params.get('id') ?? params.get('article_id') ?? lastArticle;
  const sharePass = isSharePassPopup({ entryMode, pathname, search });

  if (!id) return <Navigate to={routes.home} replace />;
  return (
    <div data-share-pass={sharePass ? 'true' : undefined}>
      <ArticleView key={id} id={id} />
    </div>
  );
}
