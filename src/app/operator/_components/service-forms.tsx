"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { formatRupiah } from "@/app/_components/format";
import { parseRupiah } from "@/app/_components/rupiah";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { trpc } from "@/app/_components/trpc";
import { agentPrice } from "@/server/domain/pricing";
import { LabelInput } from "./categories";

const MESSAGES = { NOT_FOUND: "Layanan ini tidak ditemukan. Muat ulang halaman." };

/** Whether agents see the service in the catalog, and whether it can be ordered at all. */
export function ServiceToggles({
  code,
  name,
  agentEligible,
  active,
}: {
  code: string;
  name: string;
  agentEligible: boolean;
  active: boolean;
}) {
  const { busy, error, run } = useAction(MESSAGES);
  const set = (changes: { agentEligible?: boolean; active?: boolean }) =>
    run(() => trpc.operator.updateService.mutate({ code, ...changes }));
  return (
    <div>
      <div className="row">
        {agentEligible ? (
          <ConfirmDialogButton
            label="Sembunyikan dari agen"
            title={`Sembunyikan ${name} dari agen?`}
            confirmLabel="Ya, sembunyikan"
            tone="secondary"
            busy={busy}
            onConfirm={() => set({ agentEligible: false })}
          >
            <p>Layanan hilang dari GET /v1/services dan tidak bisa dipesan agen baru. Pesanan yang sudah ada tetap berjalan.</p>
          </ConfirmDialogButton>
        ) : (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void set({ agentEligible: true })}>
            Tampilkan ke agen
          </button>
        )}
        {active ? (
          <ConfirmDialogButton
            label="Nonaktifkan"
            title={`Nonaktifkan ${name}?`}
            confirmLabel="Ya, nonaktifkan"
            tone="secondary"
            danger
            busy={busy}
            onConfirm={() => set({ active: false })}
          >
            <p>Layanan tidak bisa dipesan sama sekali sampai diaktifkan lagi. Pesanan yang sudah ada tetap berjalan.</p>
          </ConfirmDialogButton>
        ) : (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void set({ active: true })}>
            Aktifkan
          </button>
        )}
      </div>
      <FormMessages error={error} />
    </div>
  );
}

interface EditableService {
  code: string;
  clientPriceIdr: number;
  description: string;
  requiredLabel: string | null;
  intake: unknown[];
  thirdPartyFees: unknown[];
}

/** Parsed JSON, or null with the error said in the form's words. */
function parseJsonField(text: string, what: string, setError: (message: string) => void): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    setError(`${what} bukan JSON yang valid. Periksa koma dan tanda kutipnya, atau batalkan perubahan dengan memuat ulang halaman.`);
    return null;
  }
}

/**
 * Edits the client price, description, required label, intake fields and official fees. The agent price is
 * never typed: it is shown as computed from the client price, exactly as the API will charge.
 */
export function ServiceEditForm({
  service,
  labels,
  intakeTypes,
}: {
  service: EditableService;
  labels: readonly string[];
  intakeTypes: readonly string[];
}) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [price, setPrice] = useState<number | null>(service.clientPriceIdr);
  const [saved, setSaved] = useState(false);
  const intakeJson = JSON.stringify(service.intake, null, 2);
  const feesJson = JSON.stringify(service.thirdPartyFees, null, 2);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const data = new FormData(event.currentTarget);
    const clientPriceIdr = parseRupiah(String(data.get("clientPrice") ?? ""));
    if (!clientPriceIdr || Number.isNaN(clientPriceIdr)) {
      setError("Isi harga klien dalam rupiah, lebih dari nol.");
      return;
    }
    const description = String(data.get("description") ?? "").trim();
    if (!description) {
      setError("Deskripsi tidak boleh kosong: agen membacanya di katalog.");
      return;
    }
    const requiredLabel = String(data.get("requiredLabel") ?? "").trim() || null;
    const intake = parseJsonField(String(data.get("intake") ?? ""), "Kolom intake", setError)?.value;
    if (intake === undefined) return;
    const thirdPartyFees = parseJsonField(String(data.get("thirdPartyFees") ?? ""), "Biaya pihak ketiga", setError)?.value;
    if (thirdPartyFees === undefined) return;
    // Only what changed, so the audit log records exactly the edit.
    const changes = {
      ...(clientPriceIdr !== service.clientPriceIdr ? { clientPriceIdr } : {}),
      ...(description !== service.description ? { description } : {}),
      ...(requiredLabel !== service.requiredLabel ? { requiredLabel } : {}),
      ...(JSON.stringify(intake) !== JSON.stringify(service.intake) ? { intake } : {}),
      ...(JSON.stringify(thirdPartyFees) !== JSON.stringify(service.thirdPartyFees) ? { thirdPartyFees } : {}),
    };
    if (Object.keys(changes).length === 0) {
      setError("Belum ada yang diubah.");
      return;
    }
    const result = await run(() => trpc.operator.updateService.mutate({ code: service.code, ...changes }));
    setSaved(result.ok);
  }

  return (
    <form className="form compact" onSubmit={submit} noValidate>
      <div className="form-grid">
        <RupiahInput label="Harga klien (publik)" name="clientPrice" required defaultValue={service.clientPriceIdr} onValue={setPrice} />
        <div className="field">
          <p className="field-label">Harga agen (dihitung)</p>
          <p className="computed" aria-live="polite">
            {price && !Number.isNaN(price) ? formatRupiah(agentPrice(price)) : "—"}
          </p>
          <p className="hint">
            Harga klien + 15 %, dibulatkan ke Rp 50.000 terdekat, tidak pernah di bawah harga klien. Berlaku untuk pesanan baru.
          </p>
        </div>
      </div>
      <Field label="Deskripsi" hint="Dibaca agen di katalog. Jangan menjanjikan hasil (misalnya izin pasti terbit).">
        {(control) => <textarea {...control} name="description" rows={4} maxLength={2_000} defaultValue={service.description} />}
      </Field>
      <LabelInput
        name="requiredLabel"
        label="Label wajib praktisi"
        labels={labels}
        defaultValue={service.requiredLabel}
        hint="Kosongkan agar semua praktisi dalam kategori ini bisa ditawari."
      />
      <Field
        label="Kolom intake (JSON)"
        hint={`Daftar { key, label, required, type[, options] }. type: ${intakeTypes.join(", ")}; options hanya untuk select. Pesanan lama tidak berubah.`}
      >
        {(control) => <textarea {...control} name="intake" rows={10} className="code" spellCheck={false} defaultValue={intakeJson} />}
      </Field>
      <Field
        label="Biaya pihak ketiga (JSON)"
        hint="Daftar { code, kind, description, amountIdr, per, basis }. kind: pnbp, notaris, lainnya; amountIdr: tarif resmi yang ditetapkan peraturan, atau null bila berbeda-beda; basis: dasar hukumnya. Agen hanya boleh menyebut biaya resmi yang ada di sini."
      >
        {(control) => <textarea {...control} name="thirdPartyFees" rows={8} className="code" spellCheck={false} defaultValue={feesJson} />}
      </Field>
      <FormMessages error={error} />
      {saved && (
        <p className="notice" role="status">
          Tersimpan. Agen melihat perubahan ini di katalog sekarang juga.
        </p>
      )}
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Simpan layanan"}
        </button>
      </div>
    </form>
  );
}
