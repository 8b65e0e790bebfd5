// The phone header's scroll watch of useCollapsingHeader (use-collapsing-header.ts), in a chunk of its own: it matters
// only once the reader scrolls, so the first page does not carry it (its budget, docs/ssr.md).

/** Phones: the header hides while the reader scrolls down and comes back on the way up (styles.css, ≤ 600px). */
export const PHONE_QUERY = '(max-width: 600px)';

/** Scrolling less than this does not toggle the header (a jittery thumb). */
const SCROLL_SLACK = 8;

/** Tells `setCollapsed` when the header should hide (scrolling down on a phone) or show again; returns the cleanup. */
export function watchHeaderScroll(element: HTMLElement, setCollapsed: (collapsed: boolean) => void): () => void {
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
}
