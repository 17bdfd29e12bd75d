import type { ReactNode } from "react";
import { Field } from "./field";

/**
 * Why someone refuses, cancels, disputes or asks again: a text the other side reads, at most
 * `maxLength` characters (what the server takes for that reason).
 */
export function ReasonField({
  label,
  hint,
  value,
  onChange,
  maxLength,
  rows = 2,
}: {
  label: ReactNode;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <textarea {...control} rows={rows} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}
