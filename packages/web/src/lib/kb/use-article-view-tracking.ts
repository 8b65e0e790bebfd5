import { ARTICLE_VIEWED_THRESHOLD_MS } from '@selfserve/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { addTrack } from '../add-track';

export const ARTICLE_VIEWED_EVENT = 'article_viewed';

/**
 * Spec §4: when the article changes after at least ARTICLE_VIEWED_THRESHOLD_MS on it, a viewed-article
 * event is recorded; leaving the page (unmount, or the tab going away) counts as a change. Shorter views
 * (and StrictMode's instant remount) are not reported.
 */
export function useArticleViewTracking(articleId: string | null): void {
  const { pathname } = useLocation();
  const page = useRef(pathname);
  page.current = pathname;

  useEffect(() => {
    if (!articleId) return;
    const started = Date.now();
    const viewedOn = page.current;
    let reported = false;
    const report = () => {
      const elapsed = Date.now() - started;
      if (reported || elapsed < ARTICLE_VIEWED_THRESHOLD_MS) return;
      reported = true;
      addTrack({
        event: ARTICLE_VIEWED_EVENT,
        page: viewedOn,
        properties: { article_id: articleId, seconds: Math.floor(elapsed / 1000) },
      });
    };
    window.addEventListener('pagehide', report);
    return () => {
      window.removeEventListener('pagehide', report);
      report();
    };
  }, [articleId]);
}
