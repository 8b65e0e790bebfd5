import { type RefObject, useEffect, useState } from 'react';

/** Phones: the header hides while the reader scrolls down and comes back on the way up (styles.css, ≤ 600px). */
export const PHONE_QUERY = '(max-width: 600px)';
/** Scrolling less than this does not toggle the header (a jittery thumb). */
const SCROLL_SLACK = 8;

/**
 * Keeps `--header-height` on <html> equal to the sticky header's height — `scroll-padding-top` uses it, so the browser
 * never scrolls a focused control under the header — and on phones says whether the header is collapsed: hidden
 * while scrolling down past it, shown again when scrolling up or when focus enters it.
 */
export function useCollapsingHeader(header: RefObject<HTMLElement | null>): boolean {
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--header-height', `${Math.ceil(element.offsetHeight)}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [header]);

  useEffect(() => {
    const element = header.current;
    if (!element || typeof window.matchMedia !== 'function') return;
    const phone = window.matchMedia(PHONE_QUERY);
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (!phone.matches || y <= element.offsetHeight) {
        setCollapsed(false);
      } else if (y > last + SCROLL_SLACK) {
        // Not while the reader is inside the header (its search suggestions, the language picker).
        if (!element.contains(document.activeElement)) setCollapsed(true);
      } else if (y < last - SCROLL_SLACK) {
        setCollapsed(false);
      } else {
        return;
      }
      last = y;
    };
    const onFocusIn = () => setCollapsed(false);
    const onChange = () => {
      if (!phone.matches) setCollapsed(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('focusin', onFocusIn);
    phone.addEventListener?.('change', onChange);
    return () => {
      window.removeEventListener('scroll', onScroll);
      element.removeEventListener('focusin', onFocusIn);
      phone.removeEventListener?.('change', onChange);
    };
  }, [header]);

  return collapsed;
}
