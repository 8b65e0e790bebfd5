import { TOAST_DEFAULT_TEXT, TOAST_DURATION_MS } from '@selfserve/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

interface ToastApi {
  /** Shows a short confirmation; without text it says the spec's default 'Done !'. */
  show: (text?: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ id: number; text: string; host: HTMLDialogElement | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextId = useRef(0);

  const show = useCallback((text?: string) => {
    clearTimeout(timer.current);
    clearTimeout(pending.current);
    nextId.current += 1;
    const id = nextId.current;
    const message = text ?? TOAST_DEFAULT_TEXT;
    // A modal dialog (the one-touch result) makes the rest of the page inert and silent: the message is shown and
    // spoken inside it. Its live region is put in place empty first, so screen readers hear the text arrive.
    const host = document.querySelector<HTMLDialogElement>(
      'dialog[open][aria-modal="true"], dialog[open].onetouch-result',
    );
    if (host) {
      setToast({ id, text: '', host });
      pending.current = setTimeout(() => setToast({ id, text: message, host }), 100);
    } else {
      setToast({ id, text: message, host: null });
    }
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS);
  }, []);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(pending.current);
    },
    [],
  );

  const inDialog = toast?.host?.isConnected ? toast.host : null;

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live region stays mounted so screen readers pick up each new message. */}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {toast && !inDialog ? (
          <p key={toast.id} className="toast" data-testid="toast">
            {toast.text}
          </p>
        ) : null}
      </div>
      {inDialog && toast
        ? createPortal(
            <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
              {toast.text ? (
                <p key={toast.id} className="toast" data-testid="toast">
                  {toast.text}
                </p>
              ) : null}
            </div>,
            inDialog,
          )
        : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
