"use client";
import { type ReactNode, useState } from "react";
import type { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";

/**
 * An operator's decision that needs a written reason (a credential rejected or revoked, a bank
 * line ignored): the reason, the action's error, and the button (after any `alongside` it) that
 * opens only with a reason written and shows it as it will be recorded.
 */
export function ReasonConfirm({
  action: { busy, error, setError },
  reasonLabel,
  reasonHint,
  missingReason,
  maxLength,
  onRefuse,
  alongside,
  children,
  ...button
}: {
  action: Pick<ReturnType<typeof useAction>, "busy" | "error" | "setError">;
  reasonLabel: string;
  reasonHint: string;
  missingReason: string;
  maxLength: number;
  label: string;
  ariaLabel?: string;
  title: string;
  confirmLabel: string;
  onRefuse: (reason: string) => unknown;
  alongside?: ReactNode;
  children: ReactNode;
}) {
  const [reason, setReason] = useState("");
  return (
    <>
      <Field label={reasonLabel} hint={reasonHint}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={maxLength}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <FormMessages error={error} />
      <div className="row">
        {alongside}
        <ConfirmDialogButton
          {...button}
          busy={busy}
          tone="secondary"
          danger
          canOpen={() => {
            setError(reason.trim() ? null : missingReason);
            return reason.trim() !== "";
          }}
          onConfirm={() => onRefuse(reason.trim())}
        >
          {children}
          <p className="deliverable deliverable-preview">{reason.trim()}</p>
        </ConfirmDialogButton>
      </div>
    </>
  );
}
