"use client";
import { type FormEvent, useState } from "react";
import { type ErrorMessages, useAction } from "@/app/_components/action";
import { COST_KIND_LABEL } from "@/app/_components/cost-list";
import { Field, FormMessages } from "@/app/_components/field";
import { type AttachedFiles, FileUpload } from "@/app/_components/file-upload";
import { formatRupiah } from "@/app/_components/format";
import { parseRupiah } from "@/app/_components/rupiah";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { trpc } from "@/app/_components/trpc";
import { useHydrated } from "@/app/_components/use-hydrated";
import type { CostKind } from "@/generated/prisma/enums";
import { COST_LIMITS } from "@/server/domain/orders/cost-state";

/** A listed official fee of the service (its amount null where it varies). */
export interface ListedFee {
  code: string;
  kind: CostKind;
  description: string;
  amountIdr: number | null;
  per: string;
  basis: string;
}

const COST_ERRORS: ErrorMessages = {
  NOT_FOUND: "Pesanan atau biaya ini tidak lagi Anda tangani. Muat ulang halaman.",
  INVALID_STATE:
    "Statusnya sudah berubah: biaya resmi hanya bisa diajukan selama pesanan dikerjakan, dan kuitansi hanya untuk biaya yang disetujui. Halaman dimuat ulang.",
  CONFLICT: "Pesanan ini sudah mencapai batas jumlah biaya resmi. Hubungi tim operator Kuasa bila masih ada biaya lain.",
};

/** The value of the "another official cost" choice: no listed fee code can be empty. */
const OTHER = "";

/**
 * Asks the client for an official cost: one of the service's listed fees, prefilled at its
 * official amount (the most that may be asked), or another official cost with its basis.
 */
export function RequestCostForm({ orderId, fees }: { orderId: string; fees: readonly ListedFee[] }) {
  const { busy, error, setError, run } = useAction(COST_ERRORS, { success: "Biaya resmi diajukan ke klien." });
  const hydrated = useHydrated();
  const [choice, setChoice] = useState(fees[0]?.code ?? OTHER);
  // A new key remounts the form empty after it went through, or with the chosen fee's amount.
  const [sent, setSent] = useState(0);
  const fee = fees.find((f) => f.code === choice) ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const amount = parseRupiah(text("amount"));
    if (amount === null || Number.isNaN(amount) || amount <= 0) return setError("Tulis jumlah biaya dalam rupiah, misalnya 500.000.");
    if (fee?.amountIdr != null && amount > fee.amountIdr)
      return setError(`Jumlah melebihi tarif resmi ${formatRupiah(fee.amountIdr)} ${fee.per}. Ajukan paling banyak tarif resmi itu.`);
    const description = text("description") || fee?.description || "";
    if (!description) return setError("Tulis uraian biaya, misalnya untuk apa dan berapa rangkap.");
    if (!fee && !text("basis")) return setError("Sebutkan dasar biaya: peraturan atau instansi yang menetapkan tarifnya.");
    const request = {
      orderId,
      kind: fee ? fee.kind : (text("kind") as CostKind),
      feeCode: fee?.code ?? null,
      description,
      amountIdr: amount,
      basis: text("basis"),
    };
    const result = await run(() => trpc.practitioner.requestCost.mutate(request));
    if (result.ok) setSent((n) => n + 1);
  }

  return (
    <form key={`${choice}-${sent}`} className="form cost-form" onSubmit={(event) => void submit(event)}>
      <Field label="Jenis biaya" hint="Pilih biaya resmi yang tercantum untuk layanan ini, atau biaya resmi lain dengan dasar hukumnya.">
        {(control) => (
          <select {...control} value={choice} onChange={(event) => setChoice(event.target.value)}>
            {fees.map((f) => (
              <option key={f.code} value={f.code}>
                {f.description}
                {f.amountIdr === null ? "" : ` (${formatRupiah(f.amountIdr)} ${f.per})`}
              </option>
            ))}
            <option value={OTHER}>Biaya resmi lain</option>
          </select>
        )}
      </Field>
      {fee ? (
        <>
          <dl className="facts small">
            <dt>Tarif resmi</dt>
            <dd>{fee.amountIdr === null ? `Bervariasi, ${fee.per}` : `${formatRupiah(fee.amountIdr)} ${fee.per}`}</dd>
            <dt>Dasar</dt>
            <dd>{fee.basis}</dd>
          </dl>
          <RupiahInput
            label="Jumlah yang diajukan"
            name="amount"
            required
            defaultValue={fee.amountIdr}
            hint={
              fee.amountIdr === null
                ? "Sesuai tagihan resmi (misalnya kode billing)."
                : `Paling banyak ${formatRupiah(fee.amountIdr)} ${fee.per}; untuk beberapa ${fee.per.replace(/^per /, "")}, ajukan satu biaya untuk masing-masing.`
            }
          />
          <Field label="Uraian (opsional)" hint="Bila kosong, uraian tarif resmi di atas yang dipakai.">
            {(control) => <input {...control} name="description" maxLength={COST_LIMITS.description} />}
          </Field>
        </>
      ) : (
        <>
          <Field label="Kelompok">
            {(control) => (
              <select {...control} name="kind" defaultValue="lainnya">
                {(Object.keys(COST_KIND_LABEL) as CostKind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {COST_KIND_LABEL[kind]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Uraian" hint="Untuk apa biaya ini dibayar, misalnya legalisasi dua salinan akta.">
            {(control) => <input {...control} name="description" required maxLength={COST_LIMITS.description} />}
          </Field>
          <RupiahInput label="Jumlah" name="amount" required />
          <Field label="Dasar biaya" hint="Peraturan atau instansi yang menetapkan tarifnya; klien membacanya sebelum menyetujui.">
            {(control) => <textarea {...control} name="basis" rows={3} required maxLength={COST_LIMITS.basis} />}
          </Field>
        </>
      )}
      <FormMessages error={error} />
      <p className="muted small">
        Klien memutuskan lewat agennya atau admin organisasi. Setelah disetujui, bayar ke instansi lalu unggah kuitansinya di sini;
        jumlahnya diganti ke saldo Anda, terpisah dari fee.
      </p>
      <button type="submit" className="button secondary" disabled={busy || !hydrated}>
        {busy ? "Mengajukan…" : "Ajukan biaya"}
      </button>
    </form>
  );
}

const NO_FILES: AttachedFiles = { ids: [], pending: false };

/** The official receipt of an approved cost: uploaded onto the order, then sent with the cost (its amount is reimbursed). */
export function ReceiptForm({ orderId, costId }: { orderId: string; costId: string }) {
  const { busy, error, setError, run } = useAction(
    { ...COST_ERRORS, VALIDATION: "Kuitansi harus berkas yang Anda unggah sendiri ke pesanan ini. Unggah ulang lalu kirim lagi." },
    { success: "Kuitansi terkirim; biaya ini diganti ke saldo Anda." },
  );
  const hydrated = useHydrated();
  const [files, setFiles] = useState<AttachedFiles>(NO_FILES);

  async function send() {
    if (files.pending) return setError("Kuitansi masih diunggah. Tunggu sampai selesai, lalu kirim lagi.");
    if (files.ids.length !== 1) return setError("Unggah tepat satu berkas kuitansi resmi (bukti bayar dari instansi).");
    await run(() => trpc.practitioner.payCost.mutate({ orderId, costId, receiptFileId: files.ids[0]! }));
  }

  return (
    <div className="cost-actions">
      <FileUpload
        orderId={orderId}
        label="Kuitansi resmi"
        hint="Bukti bayar dari instansi (PDF atau foto yang terbaca). Klien dapat mengunduhnya."
        disabled={busy || !hydrated}
        onChange={setFiles}
      />
      <FormMessages error={error} />
      <div>
        <button type="button" className="button" disabled={busy || !hydrated} onClick={() => void send()}>
          {busy ? "Mengirim…" : "Kirim kuitansi"}
        </button>
      </div>
    </div>
  );
}
