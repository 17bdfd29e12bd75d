"use client";
import { useState } from "react";
import { Field } from "./field";
import { formatRupiah } from "./format";
import { parseRupiah } from "./rupiah";

/**
 * A rupiah field: digits with or without thousands dots, echoed back formatted so a missing zero
 * is seen before saving. The form reads it by `name` and parses it with parseRupiah.
 */
export function RupiahInput({
  label,
  name,
  defaultValue,
  hint,
  required = false,
  onValue,
}: {
  label: string;
  name: string;
  defaultValue?: number | null;
  hint?: string;
  required?: boolean;
  onValue?: (value: number | null) => void;
}) {
  const [text, setText] = useState(defaultValue == null ? "" : String(defaultValue));
  const value = parseRupiah(text);
  const echo =
    value === null ? null : Number.isNaN(value) ? (
      <span className="hint-error">Tulis angka rupiah tanpa desimal, misalnya 1.500.000.</span>
    ) : (
      <strong className="rupiah-echo">{formatRupiah(value)}</strong>
    );
  return (
    <Field
      label={label}
      hint={
        echo || hint ? (
          <>
            {echo}
            {echo && hint ? " — " : null}
            {hint}
          </>
        ) : undefined
      }
    >
      {(control) => (
        <span className="rupiah-input">
          <span aria-hidden="true">Rp</span>
          <input
            {...control}
            name={name}
            inputMode="numeric"
            autoComplete="off"
            required={required}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onValue?.(parseRupiah(event.target.value));
            }}
          />
        </span>
      )}
    </Field>
  );
}
