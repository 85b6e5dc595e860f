/**
 * Toasts at top centre. Success closes itself after 3 s unless told to stay; errors stay until
 * dismissed. Both live regions are always in the page so screen readers announce new messages.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTexts } from './locale.tsx';

type Kind = 'success' | 'error';
interface Toast {
  id: number;
  kind: Kind;
  message: string;
}

interface Notify {
  success: (message: string, options?: { persistent?: boolean }) => void;
  error: (message: string) => void;
  clear: () => void;
}

export const SUCCESS_TIMEOUT_MS = 3000;

const ToastContext = createContext<Notify | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const texts = useTexts();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  // The timers that close success toasts end with the provider: none fires on a page that is gone.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (kind: Kind, message: string, persistent: boolean) => {
      const id = nextId.current++;
      // The same message twice in a row would only repeat itself; keep the newest. A success also
      // ends the errors left from an earlier try: they no longer hold once it has worked.
      setToasts((all) => [...all.filter((toast) => toast.message !== message && (kind === 'error' || toast.kind !== 'error')), { id, kind, message }]);
      if (!persistent) {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          dismiss(id);
        }, SUCCESS_TIMEOUT_MS);
        timers.current.add(timer);
      }
    },
    [dismiss],
  );
  const notify = useMemo<Notify>(
    () => ({
      success: (message, options) => push('success', message, options?.persistent ?? false),
      error: (message) => push('error', message, true),
      clear: () => setToasts([]),
    }),
    [push],
  );

  // Closing a toast from its button leaves focus on the next toast's button, or on the page's main
  // content, rather than on nothing (the button is gone).
  const close = (button: HTMLButtonElement, id: number) => {
    const others = [...document.querySelectorAll<HTMLButtonElement>('.toast-close')].filter((other) => other !== button);
    dismiss(id);
    const next = others[0] ?? document.querySelector<HTMLElement>('main');
    requestAnimationFrame(() => next?.focus());
  };

  const region = (kind: Kind) => (
    <div className={`toast-region toast-region-${kind}`} aria-live={kind === 'error' ? 'assertive' : 'polite'} role={kind === 'error' ? 'alert' : 'status'}>
      {toasts
        .filter((toast) => toast.kind === kind)
        .map((toast) => (
          <div key={toast.id} className={`toast toast-${kind}`}>
            <span className="toast-message">{toast.message}</span>
            <button type="button" className="toast-close" onClick={(event) => close(event.currentTarget, toast.id)} aria-label={texts.close}>
              ×
            </button>
          </div>
        ))}
    </div>
  );

  return (
    <ToastContext.Provider value={notify}>
      <div className="toasts" aria-label={texts.notifications} role="region">
        {region('error')}
        {region('success')}
      </div>
      {children}
    </ToastContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useNotify needs a ToastProvider');
  return notify;
}
