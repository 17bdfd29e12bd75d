"use client";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { formatRupiah } from "@/app/_components/format";
import { RupiahInput } from "@/app/_components/rupiah-input";
import { trpc } from "@/app/_components/trpc";
import type { OrganizationStatus } from "@/generated/prisma/enums";
import { MoneyForm } from "./money-form";

const MESSAGES = { NOT_FOUND: "Organisasi ini tidak ditemukan. Muat ulang halaman." };

/** Approve or suspend an organisation: its API keys work only while it is aktif. */
export function OrgStatusActions({ organizationId, name, status }: { organizationId: string; name: string; status: OrganizationStatus }) {
  const { busy, error, run } = useAction(MESSAGES);
  const set = (next: "aktif" | "ditangguhkan") =>
    run(() => trpc.operator.setOrganizationStatus.mutate({ organizationId, status: next }), {
      success: next === "aktif" ? `${name} disetujui dan aktif.` : `${name} ditangguhkan.`,
    });
  return (
    <div>
      {status === "aktif" ? (
        <ConfirmDialogButton
          label="Tangguhkan"
          title={`Tangguhkan ${name}?`}
          confirmLabel="Ya, tangguhkan"
          tone="secondary"
          danger
          busy={busy}
          onConfirm={() => set("ditangguhkan")}
        >
          <p>
            Semua kunci API organisasi ini langsung ditolak (ORGANIZATION_NOT_ACTIVE) sampai disetujui lagi. Pesanan yang sudah dibayar
            tetap berjalan.
          </p>
        </ConfirmDialogButton>
      ) : (
        <ConfirmDialogButton
          label="Setujui (aktifkan)"
          title={`Aktifkan ${name}?`}
          confirmLabel="Ya, aktifkan"
          busy={busy}
          onConfirm={() => set("aktif")}
        >
          <p>Kunci API organisasi ini bisa dipakai lagi untuk katalog, pesanan, dan kasus.</p>
        </ConfirmDialogButton>
      )}
      <FormMessages error={error} />
    </div>
  );
}

/** Records money received (e.g. a bank transfer) into the organisation's deposit, with its reference. */
export function TopUpForm({ organizationId, name }: { organizationId: string; name: string }) {
  return (
    <MoneyForm
      noun="setoran"
      confirmTitle="Catat setoran deposit?"
      messages={MESSAGES}
      describe={(amount, reference) => (
        <>
          <strong>{amount}</strong> masuk ke deposit <strong>{name}</strong> dengan referensi {reference}.
        </>
      )}
      record={async (amountIdr, reference) => {
        const { depositIdr } = await trpc.operator.topUp.mutate({ organizationId, amountIdr, reference });
        return {
          toast: `Setoran ${formatRupiah(amountIdr)} untuk ${name} tercatat.`,
          done: `Tercatat. Deposit ${name} sekarang ${formatRupiah(depositIdr)}.`,
        };
      }}
    />
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
    if (threshold !== null && Number.isNaN(threshold))
      return setError("Tulis ambang persetujuan dalam rupiah tanpa desimal, atau kosongkan.");
    const result = await run(
      () => trpc.operator.createOrganization.mutate({ name: name.trim(), status, approvalThresholdIdr: threshold }),
      { success: `Organisasi ${name.trim()} dibuat.` },
    );
    if (result.ok) router.push(`/operator/organisasi/${result.value.id}`);
  }

  return (
    <form className="form" onSubmit={create} aria-label="Buat organisasi">
      <div className="form-grid">
        <Field label="Nama organisasi">
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={200}
              required
              autoComplete="organization"
            />
          )}
        </Field>
        <RupiahInput
          label="Ambang persetujuan (opsional)"
          name="threshold"
          hint="Pesanan di atas jumlah ini menunggu persetujuan admin organisasi. Kosongkan bila tidak perlu."
          onValue={setThreshold}
        />
      </div>
      <fieldset className="checks">
        <legend>Status awal</legend>
        <label className="check">
          <input
            type="radio"
            name="status"
            value="menunggu_persetujuan"
            checked={status === "menunggu_persetujuan"}
            onChange={() => setStatus("menunggu_persetujuan")}
          />
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
