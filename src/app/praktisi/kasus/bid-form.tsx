"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { formatRupiah } from "@/app/_components/format";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { trpc } from "@/app/_components/trpc";
import { useHydrated } from "@/app/_components/use-hydrated";
import { BID_LIMITS } from "@/server/domain/cases/case-board";
import { caseBidPrice } from "@/server/domain/money/pricing";
import { CASE_ERRORS } from "../_components/messages";
import { NoConflictStatement, useNoConflictStatement } from "../_components/no-conflict-statement";

const usablePrice = (value: number | null): value is number =>
  value !== null && Number.isInteger(value) && value >= 1 && value <= BID_LIMITS.priceIdrMax;

const NO_CONFLICT_MISSING =
  "Centang dahulu pernyataan bahwa Anda tidak memiliki benturan kepentingan dengan pihak-pihak kasus ini, lalu kirim penawaran lagi.";

/**
 * A bid on one case, showing what the client would pay (bid + platform fee) as the price is typed,
 * sent only with the statement that the practitioner has no conflict of interest with the case's
 * parties (listed above the form, Kode Etik Advokat Indonesia Pasal 4 huruf j).
 */
export function BidForm({ caseId }: { caseId: string }) {
  const { busy, error, setError, run } = useAction(CASE_ERRORS);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [priceIdr, setPriceIdr] = useState<number | null>(null);
  const noConflict = useNoConflictStatement(setError);
  const preview = usablePrice(priceIdr) ? caseBidPrice(priceIdr) : null;
  const noConflictId = `bid-no-conflict-${caseId}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scope = String(form.get("scope") ?? "").trim();
    const etaDays = Number(form.get("etaDays"));
    const note = String(form.get("note") ?? "").trim();
    if (!scope) return setError("Tuliskan lingkup pekerjaan yang Anda tawarkan.");
    if (!Number.isInteger(etaDays) || etaDays < 1 || etaDays > BID_LIMITS.etaDaysMax)
      return setError(`Perkiraan selesai harus 1 sampai ${BID_LIMITS.etaDaysMax} hari.`);
    if (!usablePrice(priceIdr)) return setError("Isi harga penawaran dalam rupiah, angka saja (misalnya 5.000.000).");
    if (!noConflict.required(NO_CONFLICT_MISSING)) return;
    const result = await run(() =>
      trpc.practitioner.submitBid.mutate({ caseId, scope, etaDays, priceIdr, note: note || undefined, noConflict: true }),
    );
    if (result.ok) setOpen(false);
  }

  if (!open) {
    return (
      <button type="button" className="button" disabled={!hydrated} onClick={() => setOpen(true)}>
        Ajukan penawaran
      </button>
    );
  }
  return (
    <form className="form bid-form" onSubmit={(e) => void submit(e)} noValidate>
      <label>
        Lingkup pekerjaan
        <textarea name="scope" rows={3} maxLength={BID_LIMITS.scope} required placeholder="Apa saja yang Anda kerjakan dan serahkan" />
      </label>
      <div className="form-grid">
        <label>
          Perkiraan selesai (hari)
          <input name="etaDays" type="number" inputMode="numeric" min={1} max={BID_LIMITS.etaDaysMax} step={1} required />
        </label>
        <RupiahInput label="Harga penawaran Anda" name="priceIdr" required onValue={setPriceIdr} />
      </div>
      <p className="bid-preview" aria-live="polite">
        {preview ? (
          <>
            Biaya platform {formatRupiah(preview.feeIdr)} · klien membayar <strong>{formatRupiah(preview.clientPaysIdr)}</strong>
          </>
        ) : (
          "Biaya platform 12,5% dari harga Anda (minimal Rp 100.000) ditambahkan ke yang dibayar klien."
        )}
      </p>
      <label>
        Catatan untuk klien (opsional)
        <textarea name="note" rows={2} maxLength={BID_LIMITS.note} />
      </label>
      <NoConflictStatement
        id={noConflictId}
        box={noConflict.box}
        label="Saya menyatakan tidak memiliki benturan kepentingan dengan pihak-pihak di atas."
        hint="Wajib dicentang untuk mengirim penawaran. Bila Anda pernah mewakili pihak lawan atau berbenturan kepentingan dengan salah satu pihak, jangan ajukan penawaran untuk kasus ini."
      />
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Mengirim…" : "Kirim penawaran"}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={() => setOpen(false)}>
          Batal
        </button>
      </div>
    </form>
  );
}
