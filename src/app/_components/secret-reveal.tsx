"use client";
import { useId, useRef, useState } from "react";

/**
 * Secrets Kuasa keeps no readable copy of (an API key, a webhook secret): shown once, with a
 * copy button each, until the admin says they have stored them.
 */
export function SecretReveal({
  title,
  secrets,
  onDone,
}: {
  title: string;
  secrets: Array<{ label: string; value: string }>;
  onDone: () => void;
}) {
  const titleId = useId();
  return (
    <section className="secret-once" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p>
        <strong>Salin dan simpan sekarang.</strong> Kuasa tidak menyimpan salinan yang bisa dibaca; setelah Anda menutup kotak ini, nilainya
        tidak bisa ditampilkan lagi.
      </p>
      {secrets.map((secret) => (
        <SecretValue key={secret.label} {...secret} />
      ))}
      <button type="button" className="button" onClick={onDone}>
        Sudah saya simpan
      </button>
    </section>
  );
}

function SecretValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const field = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      // No clipboard permission: select the text so Ctrl+C / long-press copies it.
      field.current?.select();
      setCopied("failed");
    }
  }
  return (
    <div className="secret-value">
      <label>
        {label}
        <input ref={field} readOnly value={value} onFocus={(event) => event.currentTarget.select()} spellCheck={false} />
      </label>
      <button type="button" className="button secondary" onClick={() => void copy()}>
        Salin
      </button>
      <span role="status" className="small">
        {copied === "yes"
          ? "Tersalin."
          : copied === "failed"
            ? "Teks sudah dipilih: tekan Ctrl+C (atau tahan lalu Salin) untuk menyalin."
            : ""}
      </span>
    </div>
  );
}
