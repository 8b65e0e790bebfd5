import { routes } from '@selfserve/contract';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import { canGoBack } from '../../../lib/history';
import { useSession } from '../../../lib/session';
import '../../../components/kb.css';
import { kbSelectionStore } from '../../../lib/kb/kb-selection';

/** The message a share-pass popup sends its parent page to be closed (spec §2). */
export const SHARE_PASS_CLOSE_MESSAGE = 'CLOSE';

/**
 * /simple_article: the result article after a submit, by ?id= (or the last selected article). ?pass_id=
 * (or the share-pass entry mode) marks a share-pass article: it opens in a popup over another page, and
 * Back closes the popup by posting CLOSE to the parent window instead of navigating.
 */
export function SimpleArticlePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { entryMode } = useSession();
  const [lastArticle] = useState(() => kbSelectionStore.get().articleId);
  const id = params.get('id') ?? params.get('article_id') ?? lastArticle;
  const sharePass = params.has('pass_id') || entryMode === 'share_pass';

  if (!id) return <Navigate to={routes.home} replace />;
  const closePopup = () => {
    // The parent page may live on any partner origin; the message carries nothing but the word.
    window.parent.postMessage(SHARE_PASS_CLOSE_MESSAGE, '*');
    // Opened on its own (no parent page to close it), Back behaves as usual.
    if (window.parent !== window) return;
    if (canGoBack()) void navigate(-1);
    else void navigate(routes.home);
  };
  return (
    <div data-share-pass={sharePass ? 'true' : undefined}>
      <ArticleView key={id} id={id} {...(sharePass ? { onBack: closePopup } : {})} />
    </div>
  );
}
