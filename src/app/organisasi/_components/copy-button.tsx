"use client";
import { useState } from "react";

/** "Salin" beside a value the admin types elsewhere (a bank transfer's note): copied whole, said so aloud. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  return (
    <>
      <button
        type="button"
        className="button secondary"
        onClick={() =>
          void navigator.clipboard.writeText(value).then(
            () => setCopied("yes"),
            () => setCopied("failed"),
          )
        }
      >
        Salin<span className="visually-hidden"> {what}</span>
      </button>
      <span role="status" className="small muted">
        {copied === "yes" ? "Tersalin." : copied === "failed" ? "Tidak bisa menyalin otomatis: pilih teksnya lalu salin." : ""}
      </span>
    </>
  );
}
