// The work of useFocusOnNavigation (use-focus-on-navigation.ts), in a chunk of its own: only a page change needs it,
// so the first page does not carry it (its budget, docs/ssr.md).

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
 * Moves focus to the new page's main heading once it is there (see useFocusOnNavigation); `announce` receives the
 * document title when focus had to go to `main` instead. Returns the cleanup.
 */
export function focusNewPage(root: HTMLElement, announce: (text: string) => void): () => void {
  announce('');
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
  if (settle()) return () => {};
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
    announce(document.title);
  }, HEADING_WAIT_MS);
  return () => {
    done = true;
    observer.disconnect();
    window.clearInterval(poll);
    window.clearTimeout(timer);
  };
}
