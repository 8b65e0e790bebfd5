import { type BackState, backAction, isSharePassPopup, routes } from '@selfserve/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { canGoBack } from './history';
import { postCloseToParent, signalHostBack } from './host-bridge';
import { useSession } from './session';

export interface BackOptions {
  /** where a page opened directly goes up to (its parent); home when none */
  fallback?: string | null;
  /** the route's `previous` (core.md §2 back modes), when it has one */
  previous?: string | null;
  /** the article a bookingsByType back returns to */
  articleId?: string | null;
  /** ticket creation or a redirect home on this page */
  state?: BackState;
  /** what 'reset' does: the page's own initial state */
  onReset?: () => void;
}

/**
 * The Back buttons' one behaviour (contract backAction, docs/embedding.md): the entry mode from the session — a
 * share-pass popup when the page is one — decides between history, a named place, the native app's bridge and the
 * popup's parent.
 */
export function useBack(options: BackOptions = {}): () => void {
  const { entryMode, parentOrigins } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const popup = isSharePassPopup({ entryMode, pathname, search });
  const { fallback, previous, articleId, state, onReset } = options;
  return useCallback(() => {
    const mode = popup ? 'share_pass' : entryMode;
    const action = backAction({ mode, previous, articleId, state, fallback, canGoBack: canGoBack() });
    switch (action.kind) {
      case 'ignore':
        return;
      case 'reset':
        onReset?.();
        return;
      case 'host':
        signalHostBack();
        return;
      case 'history':
        void navigate(-1);
        return;
      case 'navigate':
        void navigate(action.to);
        return;
      case 'close_popup':
        // Inside its parent page the parent closes the popup; opened on its own, Back behaves as on the website.
        if (postCloseToParent(parentOrigins)) return;
        if (canGoBack()) void navigate(-1);
        else void navigate(fallback || routes.home);
        return;
    }
  }, [popup, entryMode, parentOrigins, previous, articleId, state, fallback, onReset, navigate]);
}
