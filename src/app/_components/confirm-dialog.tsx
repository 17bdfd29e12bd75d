"use client";
import { type ReactNode, type RefObject, useId, useRef } from "react";

/**
 * A modal dialog that says what a consequential step will do; focus starts on "Batal" so Enter
 * never confirms by accident. Opened with `dialog.current.showModal()` by its owner.
 */
export function ConfirmDialog({
  dialog,
  title,
  children,
  confirmLabel,
  danger = false,
  blocked = null,
  onConfirm,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirming button is red: the step takes something away. */
  danger?: boolean;
  /** Why what was typed in the dialog cannot be taken yet: until it is null the step cannot be confirmed. */
  blocked?: string | null;
  onConfirm: () => unknown;
}) {
  const titleId = useId();
  const blockedId = useId();
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">
        {children}
        {blocked && (
          <p id={blockedId} className="hint hint-error">
            {blocked}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
          Batal
        </button>
        <button
          type="button"
          className={`button${danger ? " danger" : ""}`}
          disabled={blocked !== null}
          aria-describedby={blocked ? blockedId : undefined}
          onClick={() => {
            dialog.current?.close();
            void onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * A button for a consequential step (approve, revoke, refund) that opens a ConfirmDialog.
 * `canOpen` lets a form check its fields first (it shows its own error and returns false).
 */
export function ConfirmDialogButton({
  label,
  ariaLabel,
  title,
  children,
  confirmLabel,
  tone = "primary",
  danger = false,
  busy = false,
  canOpen,
  blocked,
  onConfirm,
}: {
  label: string;
  /** The opening button's name where `label` alone is repeated (one "Hapus" per row); it must contain `label`. */
  ariaLabel?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** How the opening button looks. */
  tone?: "primary" | "secondary";
  danger?: boolean;
  busy?: boolean;
  canOpen?: () => boolean;
  blocked?: string | null;
  onConfirm: () => unknown;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className={tone === "primary" ? "button" : `button ${tone}`}
        disabled={busy}
        aria-label={ariaLabel}
        onClick={() => (canOpen?.() ?? true) && dialog.current?.showModal()}
      >
        {busy ? "Memproses…" : label}
      </button>
      <ConfirmDialog dialog={dialog} title={title} confirmLabel={confirmLabel} danger={danger} blocked={blocked} onConfirm={onConfirm}>
        {children}
      </ConfirmDialog>
    </>
  );
}
