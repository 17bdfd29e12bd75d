"use client";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { formatRupiah } from "@/app/_components/format";
import { RupiahInput } from "@/app/_components/rupiah-input";
import type { OrganizationStatus } from "@/generated/prisma/enums";
import { trpc } from "@/lib/trpc";
import { Field, FormMessages } from "@/app/_components/field";

const MESSAGES = { NOT_FOUND: "Organisasi ini tidak ditemukan. Muat ulang halaman." };

/** Approve or suspend an organisation: its API keys work only while it is aktif. */
export function OrgStatusActions({ organizationId, name, status }: { organizationId: string; name: string; status: OrganizationStatus }) {
  const { busy, error, run } = useAction(MESSAGES);
  const set = (next: "aktif" | "ditangguhkan") =>
    run(() => trpc.operator.setOrganizationStatus.mutate({ organizationId, status: next }), { success: next === "aktif" ? `${name} disetujui dan aktif.` : `${name} ditangguhkan.` });
  return (
    <div>
      {status === "aktif" ? (
        <ConfirmDialogButton label="Tangguhkan" title={`Tangguhkan ${name}?`} confirmLabel="Ya, tangguhkan" tone="secondary" danger busy={busy} onConfirm={() => set("ditangguhkan")}>
          <p>Semua kunci API organisasi ini langsung ditolak (ORGANIZATION_NOT_ACTIVE) sampai disetujui lagi. Pesanan yang sudah dibayar tetap berjalan.</p>
        </ConfirmDialogButton>
      ) : (
        <ConfirmDialogButton label="Setujui (aktifkan)" title={`Aktifkan ${name}?`} confirmLabel="Ya, aktifkan" busy={busy} onConfirm={() => set("aktif")}>
          <p>Kunci API organisasi ini bisa dipakai lagi untuk katalog, pesanan, dan kasus.</p>
        </ConfirmDialogButton>
      )}
      <FormMessages error={error} />
    </div>
  );
}

/** Records money received (e.g. a bank transfer) into the organisation's deposit, with its reference. */
export function TopUpForm({ organizationId, name }: { organizationId: string; name: string }) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [amount, setAmount] = useState<number | null>(null);
  const [reference, setReference] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  function valid(): boolean {
    setDone(null);
    if (!amount || Number.isNaN(amount)) {
      setError("Isi jumlah setoran dalam rupiah, lebih dari nol.");
      return false;
    }
    if (!reference.trim()) {
      setError("Isi referensi setoran, misalnya nomor transfer bank, agar tercatat di mutasi.");
      return false;
    }
    setError(null);
    return true;
  }

  async function topUp() {
    const result = await run(() => trpc.operator.topUp.mutate({ organizationId, amountIdr: amount!, reference: reference.trim() }), { success: `Setoran ${formatRupiah(amount!)} untuk ${name} tercatat.` });
    if (result.ok) {
      setDone(`Tercatat. Deposit ${name} sekarang ${formatRupiah(result.value.depositIdr)}.`);
      setAmount(null);
      setReference("");
      // A fresh amount field for the next top-up.
      setRound((r) => r + 1);
    }
  }

  return (
    <div className="form compact">
      <div className="form-grid">
        <RupiahInput key={round} label="Jumlah setoran" name="amount" required onValue={setAmount} />
        <label>
          Referensi
          <input value={reference} onChange={(event) => setReference(event.target.value)} maxLength={200} placeholder="mis. BCA 0912-7781" />
        </label>
      </div>
      <FormMessages error={error} success={done} />
      <div className="row">
        <ConfirmDialogButton label="Catat setoran" title="Catat setoran deposit?" confirmLabel="Ya, catat" busy={busy} canOpen={valid} onConfirm={topUp}>
          <p>
            <strong>{amount && !Number.isNaN(amount) ? formatRupiah(amount) : ""}</strong> masuk ke deposit <strong>{name}</strong> dengan referensi <code>{reference.trim()}</code>. Setoran tercatat di
            buku besar dan tidak bisa dihapus.
          </p>
        </ConfirmDialogButton>
      </div>
    </div>
  );
}

/** A new organisation, as `npm run ops -- org:create` makes it; its page opens next (keys, admins, top-up). */
export function CreateOrganizationForm() {
  const router = useRouter();
  const { busy, error, setError, run } = useAction();
  const [name, setName] = useState("");
  const [threshold, setThreshold] = useState<number | null>(null);
  const [status, setStatus] = useState<"menunggu_persetujuan" | "aktif">("menunggu_persetujuan");

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setError("Isi nama organisasi, misalnya PT Contoh Sejahtera.");
    if (threshold !== null && Number.isNaN(threshold)) return setError("Tulis ambang persetujuan dalam rupiah tanpa desimal, atau kosongkan.");
    const result = await run(() => trpc.operator.createOrganization.mutate({ name: name.trim(), status, approvalThresholdIdr: threshold }), { success: `Organisasi ${name.trim()} dibuat.` });
    if (result.ok) router.push(`/operator/organisasi/${result.value.id}`);
  }

  return (
    <form className="form" onSubmit={create} aria-label="Buat organisasi">
      <div className="form-grid">
        <Field label="Nama organisasi">{(control) => <input {...control} value={name} onChange={(event) => setName(event.target.value)} maxLength={200} required autoComplete="organization" />}</Field>
        <RupiahInput label="Ambang persetujuan (opsional)" name="threshold" hint="Pesanan di atas jumlah ini menunggu persetujuan admin organisasi. Kosongkan bila tidak perlu." onValue={setThreshold} />
      </div>
      <fieldset className="checks">
        <legend>Status awal</legend>
        <label className="check">
          <input type="radio" name="status" value="menunggu_persetujuan" checked={status === "menunggu_persetujuan"} onChange={() => setStatus("menunggu_persetujuan")} />
          <span>
            Menunggu persetujuan <span className="muted">— kunci API belum bisa dipakai</span>
          </span>
        </label>
        <label className="check">
          <input type="radio" name="status" value="aktif" checked={status === "aktif"} onChange={() => setStatus("aktif")} />
          <span>Aktif sekarang</span>
        </label>
      </fieldset>
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Membuat…" : "Buat organisasi"}
        </button>
      </div>
    </form>
  );
}
