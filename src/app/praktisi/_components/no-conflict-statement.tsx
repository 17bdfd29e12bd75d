"use client";
import { type RefObject, useRef, useState } from "react";

type Box = { checked: boolean; missing: boolean; inputRef: RefObject<HTMLInputElement | null>; onChange: (checked: boolean) => void };

/**
 * The practitioner's statement that they have no conflict of interest with the parties listed
 * (Kode Etik Advokat Indonesia Pasal 4 huruf j), which taking an offer or bidding on a case requires.
 * `required(message)` is true once ticked; unticked, it marks the box invalid, shows `message` and
 * moves focus to it (the button stays enabled: a disabled one explains nothing). Ticking it clears both.
 */
export function useNoConflictStatement(setError: (error: string | null) => void) {
  const [checked, setChecked] = useState(false);
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  function required(message: string): boolean {
    if (checked) return true;
    setMissing(true);
    setError(message);
    inputRef.current?.focus();
    return false;
  }
  function onChange(next: boolean) {
    setChecked(next);
    if (next && missing) {
      setMissing(false);
      setError(null);
    }
  }
  const box: Box = { checked, missing, inputRef, onChange };
  return { required, box };
}

/** The statement's checkbox, in the words of the step it allows, with its hint. */
export function NoConflictStatement({ id, box, label, hint }: { id: string; box: Box; label: string; hint: string }) {
  return (
    <div className="confirm-field">
      <input
        ref={box.inputRef}
        id={id}
        type="checkbox"
        name="noConflict"
        checked={box.checked}
        aria-invalid={box.missing || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => box.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </div>
  );
}
