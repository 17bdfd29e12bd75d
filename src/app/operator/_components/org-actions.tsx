"use client";
import { useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { formatRupiah } from "@/app/_components/format";
import { parseRupiah } from "@/app/_components/rupiah";
import { RupiahInput } from "@/app/_components/rupiah-input";
import type { OrganizationStatus } from "@/generated/prisma/enums";
import { trpc } from "@/lib/trpc";
import { FormMessages } from "@/app/_components/field";

const MESSAGES = { NOT_FOUND: "Organisasi ini tidak ditemukan. Muat ulang halaman." };

/** Approve or suspend an organisation: its API keys work only while it is aktif. */
export function OrgStatusActions({ organizationId, name, status }: { organizationId: string; name: string; status: OrganizationStatus }) {
  const { busy, error, run } = useAction(MESSAGES);
  const set = (next: "aktif" | "ditangguhkan") => run(() => trpc.operator.setOrganizationStatus.mutate({ organizationId, status: next }));
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
    const result = await run(() => trpc.operator.topUp.mutate({ organizationId, amountIdr: amount!, reference: reference.trim() }));
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
