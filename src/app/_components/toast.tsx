"use client";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

export type ToastTone = "ok" | "error";
type Toast = { id: number; message: string; tone: ToastTone };

/** Outside a ToastProvider a toast goes nowhere: the page's own messages still say what happened. */
const ToastContext = createContext<(message: string, tone?: ToastTone) => void>(() => {});

/** `toast(message, tone)`: a short note at the corner of the screen that a step succeeded or failed. */
export function useToast() {
  return { toast: useContext(ToastContext) };
}

// An error stays longer: it asks the reader to do something.
const SHOW_MS: Record<ToastTone, number> = { ok: 5_000, error: 10_000 };

/**
 * Shows the toasts of everything inside it. Both live regions are in the page from the start,
 * since screen readers announce changes only of a region they already know: successes politely
 * (role="status"), failures at once (aria-live="assertive").
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((toast) => toast.id !== id));
  }, []);

  const toast = useCallback(
    (message: string, tone: ToastTone = "ok") => {
      const id = ++nextId.current;
      setToasts((all) => [...all.slice(-2), { id, message, tone }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), SHOW_MS[tone]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const list = (tone: ToastTone) =>
    toasts
      .filter((t) => t.tone === tone)
      .map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          <p>
            <span aria-hidden="true">{t.tone === "ok" ? "✓ " : "⚠ "}</span>
            {t.message}
          </p>
          <button type="button" className="toast-close" aria-label="Tutup pemberitahuan" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ));

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite">
          {list("ok")}
        </div>
        {/* Assertive but not role="alert": an always-present empty alert region would be one more "alert" on every page. */}
        <div aria-live="assertive">{list("error")}</div>
      </div>
    </ToastContext.Provider>
  );
}
