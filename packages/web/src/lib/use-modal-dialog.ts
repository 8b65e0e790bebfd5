import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `root`, in document order (hidden ones left out). */
export function tabbables(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
}

/** How the control that opened a dialog is found again when React has rendered it anew in the meantime. */
interface Opener {
  element: HTMLElement;
  testId: string | null;
  text: string;
  tag: string;
}

const describe = (element: HTMLElement): Opener => ({
  element,
  testId: element.getAttribute('data-testid'),
  text: (element.textContent ?? '').trim(),
  tag: element.tagName,
});

// The last control that had focus: a result dialog replaces the form whose button opened it, so by the time the
// dialog mounts the focus is already on <body>.
let lastFocused: Opener | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !target.closest('dialog[open]')) {
        lastFocused = describe(target);
      }
    },
    true,
  );
}

/** The opener itself when still in the page, else the control rendered in its place (same test id, or same text). */
function findOpener(opener: Opener, scope: Element | null): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  const root = scope?.isConnected ? scope : document.body;
  const candidates = tabbables(root);
  return (
    (opener.testId ? candidates.find((el) => el.getAttribute('data-testid') === opener.testId) : undefined) ??
    candidates.find((el) => el.tagName === opener.tag && (el.textContent ?? '').trim() === opener.text) ??
    (scope?.isConnected ? (candidates[0] ?? null) : null)
  );
}

export interface ModalDialogOptions {
  /** Escape, or the browser's own close request. */
  onClose: () => void;
  /** Give focus back to the control that opened the dialog when it closes (default true). */
  returnFocus?: boolean;
}

/**
 * Makes a `<dialog>` a real modal while `open`: `showModal()` (the rest of the page becomes inert and leaves the
 * accessibility tree), Tab and Shift+Tab cycle inside it, Escape calls onClose, and when it closes (or unmounts)
 * focus goes back to the control that opened it — or, when React rendered that control anew, to its twin.
 * Browsers without showModal (jsdom) get the `open` attribute and the same keyboard handling.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  { onClose, returnFocus = true }: ModalDialogOptions,
): void {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const active = document.activeElement;
    const opener =
      active instanceof HTMLElement && active !== document.body && !dialog.contains(active)
        ? describe(active)
        : lastFocused;
    const scope = dialog.parentElement;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbables(dialog);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0] as HTMLElement;
      const last = items[items.length - 1] as HTMLElement;
      const current = document.activeElement;
      const inside = current instanceof Node && dialog.contains(current);
      if (event.shiftKey && (current === first || !inside || current === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // The browser's own close request (Escape, the Android back gesture): the owner decides, through onClose.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (!returnFocus || !opener) return;
      // After React's commit: the opener may come back in the same render that removes the dialog.
      queueMicrotask(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected) return;
        findOpener(opener, scope)?.focus();
      });
    };
  }, [open, ref, returnFocus]);
}
