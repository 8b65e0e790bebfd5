import { BOOKING_LIST_MAX_PAGES, SCROLL_BOTTOM_THRESHOLD_PX } from '@selfserve/contract';
import { useCallback, useEffect, useRef } from 'react';

/** Where a paged list stands (spec §4: booking list states). */
export interface PagingState {
  /** Pages shown so far; 0 while the first page is still loading (the query loads that one itself). */
  pagesLoaded: number;
  /** The last answer offered another page. */
  hasNextPage: boolean;
  /** A page is on its way. */
  loading: boolean;
  /** A page failed to load: paging ends until the user retries. */
  failed: boolean;
}

export interface ScrollMetrics {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** Within the threshold (150 px, spec §9) of the bottom of the page. */
export function isNearBottom(m: ScrollMetrics, threshold: number = SCROLL_BOTTOM_THRESHOLD_PX): boolean {
  return m.scrollHeight - (m.scrollTop + m.clientHeight) <= threshold;
}

/**
 * The paging rules of spec §4/§9: ask for the next page only after the first one is in, while the server
 * offers more, not while a page is loading, never after a failure, and never beyond page 10.
 */
export function canLoadNextPage(s: PagingState): boolean {
  return s.pagesLoaded >= 1 && s.pagesLoaded < BOOKING_LIST_MAX_PAGES && s.hasNextPage && !s.loading && !s.failed;
}

function pageMetrics(): ScrollMetrics {
  const el = document.scrollingElement ?? document.documentElement;
  return {
    scrollTop: el.scrollTop,
    clientHeight: window.innerHeight || el.clientHeight,
    scrollHeight: el.scrollHeight,
  };
}

export interface ScrollPagingOptions extends PagingState {
  loadNext: () => void;
  /** A hidden list (another tab is shown) does not page. */
  enabled?: boolean;
  threshold?: number;
  /** Read the scroll position; the window's by default. */
  metrics?: () => ScrollMetrics;
}

/**
 * Infinite scroll over the window: on scroll and resize, and again after each page arrives (a page that
 * does not fill the screen asks for the next one), loads the next page when the user is near the bottom
 * and the rules allow it. Each page count asks at most once, so a burst of scroll events between the
 * request and the loading flag cannot send the same page twice.
 */
export function useScrollPaging({
  pagesLoaded,
  hasNextPage,
  loading,
  failed,
  loadNext,
  enabled = true,
  threshold = SCROLL_BOTTOM_THRESHOLD_PX,
  metrics = pageMetrics,
}: ScrollPagingOptions): void {
  const askedAt = useRef<number | null>(null);
  const latest = useRef({ pagesLoaded, hasNextPage, loading, failed, loadNext, enabled, threshold, metrics });
  latest.current = { pagesLoaded, hasNextPage, loading, failed, loadNext, enabled, threshold, metrics };

  // A failure ends paging; a retry by the user (loading again) opens it once more.
  if (failed) askedAt.current = null;

  const check = useCallback(() => {
    const s = latest.current;
    if (!s.enabled || askedAt.current === s.pagesLoaded || !canLoadNextPage(s)) return;
    if (!isNearBottom(s.metrics(), s.threshold)) return;
    askedAt.current = s.pagesLoaded;
    s.loadNext();
  }, []);

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, check]);

  // After each page (and when loading ends) the page may already be short enough to need the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checks on these changes by design
  useEffect(() => {
    check();
  }, [check, pagesLoaded, loading, failed, hasNextPage, enabled]);
}
