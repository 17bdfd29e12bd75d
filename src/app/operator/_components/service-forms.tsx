"use client";
import { type FormEvent, useRef, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialog, ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { formatRupiah } from "@/app/_components/format";
import { parseRupiah } from "@/app/_components/rupiah";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { trpc } from "@/app/_components/trpc";
import { type IntakeField, intakeFieldsProblems } from "@/server/domain/catalog/intake";
import { optionsWithoutFee } from "@/server/domain/catalog/legal-rules";
import type { ThirdPartyFee } from "@/server/domain/catalog/third-party-fees";
import { agentPrice } from "@/server/domain/money/pricing";
import { SLA_DAYS_MAX, slaDaysProblem } from "@/server/domain/orders/sla";
import { CREDENTIAL_KIND_NAME, CREDENTIAL_KINDS, type CredentialKind, PROVINCIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { CredentialKindChecks } from "./categories";
import { draftFeesOf, FeeListEditor, feeProblems, feesOf } from "./fee-list-editor";
import { draftsOf, fieldsOf, IntakeFieldsEditor } from "./intake-fields-editor";

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
  name: string;
  clientPriceIdr: number;
  slaDays: number;
  description: string;
  requires: CredentialKind[];
  intake: IntakeField[];
  thirdPartyFees: ThirdPartyFee[];
}

type ServiceChanges = Omit<Parameters<typeof trpc.operator.updateService.mutate>[0], "code">;

/**
 * Edits the client price, SLA, description, required credentials, intake fields and official fees. The agent
 * price is never typed: it is shown as computed from the client price, exactly as the API will charge.
 * The intake fields and the fees are checked before sending; a price change is confirmed first,
 * showing what agents will pay before and after. `today` (Jakarta, "YYYY-MM-DD") is the day a fee
 * marked as checked now is recorded with.
 */
export function ServiceEditForm({ service, today }: { service: EditableService; today: string }) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [price, setPrice] = useState<number | null>(service.clientPriceIdr);
  const [drafts, setDrafts] = useState(() => draftsOf(service.intake));
  const [feeDrafts, setFeeDrafts] = useState(() => draftFeesOf(service.thirdPartyFees));
  const editedIntake = fieldsOf(drafts);
  // A select field some fees apply to by option, with an option no fee applies to: agents would see no fee for it.
  const unbilledOptions = optionsWithoutFee(editedIntake, feesOf(feeDrafts));
  const [requires, setRequires] = useState(() => CREDENTIAL_KINDS.filter((kind) => service.requires.includes(kind)));
  // A notary's or PPAT's service without a province field: the order names no province, so one of any province qualifies.
  const provincial = requires.filter((kind) => PROVINCIAL_KINDS.has(kind));
  const unplaced = provincial.length > 0 && !drafts.some((draft) => draft.type === "provinsi");
  const [problems, setProblems] = useState<string[]>([]);
  const [pending, setPending] = useState<ServiceChanges | null>(null);
  const [saved, setSaved] = useState(false);
  const confirmPrice = useRef<HTMLDialogElement>(null);
  const [feeIssues, setFeeIssues] = useState<string[]>([]);

  async function save(changes: ServiceChanges) {
    const result = await run(() => trpc.operator.updateService.mutate({ code: service.code, ...changes }));
    setSaved(result.ok);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    setProblems([]);
    setFeeIssues([]);
    const data = new FormData(event.currentTarget);
    const clientPriceIdr = parseRupiah(String(data.get("clientPrice") ?? ""));
    if (!clientPriceIdr || Number.isNaN(clientPriceIdr)) {
      setError("Isi harga klien dalam rupiah, lebih dari nol.");
      return;
    }
    const slaDays = Number(data.get("slaDays"));
    const slaProblem = slaDaysProblem(slaDays);
    if (slaProblem) {
      setError(slaProblem);
      return;
    }
    const description = String(data.get("description") ?? "").trim();
    if (!description) {
      setError("Deskripsi tidak boleh kosong: agen membacanya di katalog.");
      return;
    }
    const intake = fieldsOf(drafts);
    const intakeProblems = intakeFieldsProblems(intake);
    if (intakeProblems.length > 0) {
      setProblems(intakeProblems);
      setError("Kolom intake belum benar; lihat daftar di atas tombol simpan.");
      return;
    }
    const feeListProblems = feeProblems(feeDrafts, intake, today);
    if (feeListProblems.length > 0) {
      setFeeIssues(feeListProblems);
      setError("Biaya resmi belum benar; lihat daftar di atas tombol simpan.");
      return;
    }
    const thirdPartyFees = feesOf(feeDrafts);
    // Only what changed, so the audit log records exactly the edit.
    const changes: ServiceChanges = {
      ...(clientPriceIdr !== service.clientPriceIdr ? { clientPriceIdr } : {}),
      ...(slaDays !== service.slaDays ? { slaDays } : {}),
      ...(description !== service.description ? { description } : {}),
      ...(requires.join() !== CREDENTIAL_KINDS.filter((kind) => service.requires.includes(kind)).join() ? { requires } : {}),
      ...(JSON.stringify(intake) !== JSON.stringify(service.intake) ? { intake } : {}),
      ...(JSON.stringify(thirdPartyFees) !== JSON.stringify(feesOf(draftFeesOf(service.thirdPartyFees))) ? { thirdPartyFees } : {}),
    };
    if (Object.keys(changes).length === 0) {
      setError("Belum ada yang diubah.");
      return;
    }
    setError(null);
    if (changes.clientPriceIdr === undefined) {
      void save(changes);
      return;
    }
    setPending(changes);
    confirmPrice.current?.showModal();
  }

  const newPrice = pending?.clientPriceIdr;
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
        <Field
          label="SLA (hari kerja)"
          hint="Tenggat dihitung dari pembayaran, Senin–Jumat. Pesanan yang sudah dibayar tetap memakai tenggatnya."
        >
          {(control) => (
            <input
              {...control}
              name="slaDays"
              type="number"
              inputMode="numeric"
              min={1}
              max={SLA_DAYS_MAX}
              step={1}
              defaultValue={service.slaDays}
            />
          )}
        </Field>
      </div>
      <Field label="Deskripsi" hint="Dibaca agen di katalog. Jangan menjanjikan hasil (misalnya izin pasti terbit).">
        {(control) => <textarea {...control} name="description" rows={4} maxLength={2_000} defaultValue={service.description} />}
      </Field>
      <CredentialKindChecks
        value={requires}
        onChange={setRequires}
        hint="Praktisi ditawari layanan ini hanya bila memegang setiap kredensial yang dicentang, terverifikasi dan masih berlaku; notaris dan PPAT hanya di provinsi pesanan (kolom intake berjenis Provinsi). Tanpa centang: semua praktisi terverifikasi dalam kategori ini."
      />
      {unplaced && (
        <p className="waiting">
          Layanan ini mensyaratkan {provincial.map((kind) => CREDENTIAL_KIND_NAME[kind]).join(" dan ")} tetapi tidak punya kolom intake
          berjenis Provinsi: pesanannya tidak menyebut provinsi, sehingga pemegang dari provinsi mana pun dapat ditawari. Tambahkan kolom
          Provinsi bila wilayah jabatan penting untuk layanan ini.
        </p>
      )}
      <IntakeFieldsEditor drafts={drafts} onChange={setDrafts} />
      {problems.length > 0 && (
        <ul className="error problems" aria-label="Masalah kolom intake">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <FeeListEditor drafts={feeDrafts} onChange={setFeeDrafts} intake={editedIntake} today={today} />
      {unbilledOptions.length > 0 && (
        <p className="waiting">
          Sebagian biaya hanya berlaku untuk opsi tertentu, tetapi tidak ada biaya untuk: {unbilledOptions.join("; ")}. Tambahkan biaya
          untuk opsi itu, atau jadikan salah satu biaya berlaku selalu.
        </p>
      )}
      {feeIssues.length > 0 && (
        <ul className="error problems" aria-label="Masalah biaya resmi">
          {feeIssues.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
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
      <ConfirmDialog
        dialog={confirmPrice}
        title={`Ubah harga ${service.name}?`}
        confirmLabel="Ya, ubah harga"
        onConfirm={() => pending && save(pending)}
      >
        {newPrice !== undefined && (
          <>
            <dl className="facts">
              <dt>Harga klien</dt>
              <dd>
                {formatRupiah(service.clientPriceIdr)} → <strong>{formatRupiah(newPrice)}</strong>
              </dd>
              <dt>Harga agen</dt>
              <dd>
                {formatRupiah(agentPrice(service.clientPriceIdr))} → <strong>{formatRupiah(agentPrice(newPrice))}</strong>
              </dd>
            </dl>
            <p>Berlaku untuk pesanan baru sejak disimpan; pesanan yang sudah ada tetap dengan harganya. Perubahan tercatat di log audit.</p>
          </>
        )}
      </ConfirmDialog>
    </form>
  );
}
