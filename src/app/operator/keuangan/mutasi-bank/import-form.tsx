"use client";
import { type FormEvent, useId, useState } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

type Result = Awaited<ReturnType<typeof trpc.operator.importBankStatement.mutate>>;

const SKIPPED_REASON = {
  pending: "belum dibukukan bank (PEND): ikut diimpor dari mutasi berikutnya",
  sen: "bersen: deposit hanya menerima rupiah utuh; kreditkan manual bila ini setoran",
} as const;

/**
 * The statement upload: the browser reads the chosen CSV as text and sends it; what the import did
 * is shown under the form, in words, until the next file.
 */
export function ImportForm({ maxBytes, layouts }: { maxBytes: number; layouts: string[] }) {
  const id = useId();
  const { busy, error, setError, run } = useAction();
  const [result, setResult] = useState<{ fileName: string; value: Result } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("statement") as HTMLInputElement).files?.[0];
    setResult(null);
    if (!file) return setError("Pilih berkas CSV mutasi rekening terlebih dahulu.");
    if (file.size > maxBytes)
      return setError(
        `Berkas lebih dari ${maxBytes / 1024} KB. Unduh mutasi untuk periode yang lebih pendek (misalnya per minggu) lalu impor satu per satu.`,
      );
    const content = await file.text();
    const done = await run(() => trpc.operator.importBankStatement.mutate({ fileName: file.name, content }), {
      success: `Mutasi ${file.name} diimpor.`,
    });
    if (done.ok) {
      setResult({ fileName: file.name, value: done.value });
      form.reset();
    }
  }

  return (
    <form className="form stack" onSubmit={(event) => void submit(event)} aria-label="Impor mutasi rekening" noValidate>
      <div className="field">
        <label htmlFor={`${id}-file`}>Berkas mutasi (CSV)</label>
        <input id={`${id}-file`} name="statement" type="file" accept=".csv,text/csv" aria-describedby={`${id}-hint`} required />
        <p id={`${id}-hint`} className="hint">
          CSV persis seperti diunduh dari internet banking, tanpa dibuka dan disimpan ulang di spreadsheet. Dibaca: {layouts.join("; ")}.
          Berkas yang sama atau periode yang tumpang tindih aman diimpor lagi: setoran yang sudah tercatat tidak dikreditkan dua kali.
        </p>
      </div>
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Mengimpor…" : "Impor mutasi"}
        </button>
      </div>
      {result && <ImportSummary fileName={result.fileName} result={result.value} />}
    </form>
  );
}

function ImportSummary({ fileName, result }: { fileName: string; result: Result }) {
  return (
    <section className="notice" role="status" aria-label={`Hasil impor ${fileName}`}>
      <p>
        <strong>{fileName}</strong> (rekening <code>{result.accountNumber}</code>): {result.credited} setoran dikreditkan ke deposit,{" "}
        {result.queued} masuk antrean, {result.duplicates} sudah pernah diimpor. {result.debits} mutasi keluar dilewati.
      </p>
      {result.skipped.length > 0 && (
        <>
          <p>Tidak diimpor:</p>
          <ul>
            {result.skipped.map((line) => (
              <li key={line.line}>
                Baris {line.line}, {line.description}, {line.amount}: {SKIPPED_REASON[line.reason]}.
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
