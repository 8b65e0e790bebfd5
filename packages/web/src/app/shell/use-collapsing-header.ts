import { type RefObject, useEffect, useState } from 'react';

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
    let cleanup: (() => void) | null = null;
    let cancelled = false;
    void import('./watch-header-scroll').then(({ watchHeaderScroll }) => {
      if (!cancelled) cleanup = watchHeaderScroll(element, setCollapsed);
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [header]);

  return collapsed;
}
