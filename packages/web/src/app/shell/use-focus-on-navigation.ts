import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its main heading (data still loading) before focus goes to <main> itself. */
const HEADING_WAIT_MS = 4000;

/** A dialog of the new page is open (the one-touch result, a page's own modal): it owns the focus. */
function modalOpen(): boolean {
  return document.querySelector('dialog[open]:not(.side-menu), [aria-modal="true"]') !== null;
}

/** The side menu closes itself on a page change; until it has, the page behind it is inert and cannot take focus. */
function menuClosing(): boolean {
  return document.querySelector('dialog.side-menu[open]') !== null;
}

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
      return;
    }
    const root = main.current;
    if (!root) return;
    setAnnouncement('');
    let done = false;
    const settle = (): boolean => {
      if (done) return true;
      if (modalOpen()) {
        done = true;
        return true;
      }
      const active = document.activeElement;
      // The page focused something of its own (a form field, a result): leave it there.
      if (active && active !== document.body && active !== root && root.contains(active) && active.tagName !== 'H1') {
        done = true;
        return true;
      }
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading || menuClosing()) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      done = true;
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    // The side menu's closing happens outside main: look again shortly.
    const poll = window.setInterval(() => {
      if (settle()) window.clearInterval(poll);
    }, 50);
    const timer = window.setTimeout(() => {
      observer.disconnect();
      window.clearInterval(poll);
      if (done) return;
      done = true;
      if (modalOpen() || menuClosing()) return;
      root.focus();
      setAnnouncement(document.title);
    }, HEADING_WAIT_MS);
    return () => {
      done = true;
      observer.disconnect();
      window.clearInterval(poll);
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return announcement;
}
