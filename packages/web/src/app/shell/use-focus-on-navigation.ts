import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

let focusWork: Promise<typeof import('./focus-new-page')> | null = null;
const loadFocusWork = () => {
  focusWork ??= import('./focus-new-page');
  return focusWork;
};

/**
 * After every client-side page change (a new pathname; not the first load, not a query or hash change on the same
 * page) focus moves to the new page's main heading — `<h1>` inside `main`, made focusable with tabIndex=-1 — so
 * keyboard users start at the top of the new content and screen readers read its name (see docs/accessibility.md).
 * When the page has no heading in time, focus goes to `main` and the returned text (the document title) is meant for
 * a polite live region. Nothing moves while a dialog is open or when the page already put focus inside itself.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): string {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a page change by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      // Fetched ahead, while the reader reads the first page.
      void loadFocusWork();
      return;
    }
    const root = main.current;
    if (!root) return;
    let cleanup: (() => void) | null = null;
    let cancelled = false;
    void loadFocusWork().then(({ focusNewPage }) => {
      if (!cancelled) cleanup = focusNewPage(root, setAnnouncement);
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [pathname]);

  return announcement;
}
