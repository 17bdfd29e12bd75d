"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { BankAndNumberFields, type BankChoices } from "@/app/_components/bank-account-fields";
import { BankAccountStatus } from "@/app/_components/bank-account-status";
import { Field, FormMessages } from "@/app/_components/field";
import { formatDateTime } from "@/app/_components/format";
import { trpc } from "@/app/_components/trpc";
import { Card } from "@/app/_components/ui";
import { useHydrated } from "@/app/_components/use-hydrated";

interface SavedAccount {
  bankName: string;
  maskedNumber: string;
  holderName: string;
  createdAt: Date;
  verifiedAt: Date | null;
}

/**
 * Where Tim Kuasa transfers the practitioner's balance. Once saved the number shows only its last
 * 4 digits; a change waits for the operator's verification again before the next payout.
 */
export function BankAccountForm({
  account,
  banks,
  digits,
}: BankChoices & {
  account: SavedAccount | null;
}) {
  const { busy, error, setError, run } = useAction();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(account === null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const bankCode = String(data.get("bankCode") ?? "");
    const accountNumber = String(data.get("accountNumber") ?? "");
    const holderName = String(data.get("holderName") ?? "");
    if (!bankCode) return setError("Pilih bank rekening Anda.");
    const result = await run(() => trpc.practitioner.setBankAccount.mutate({ bankCode, accountNumber, holderName }), {
      success: "Rekening disimpan. Tim Kuasa akan memverifikasinya.",
    });
    if (result.ok) {
      form.reset();
      setEditing(false);
    }
  }

  return (
    <Card title="Rekening pencairan">
      {account ? (
        <>
          <dl className="facts">
            <dt>Bank</dt>
            <dd>{account.bankName}</dd>
            <dt>Nomor rekening</dt>
            <dd>{account.maskedNumber}</dd>
            <dt>Atas nama</dt>
            <dd>{account.holderName}</dd>
            <dt>Status</dt>
            <dd>
              <BankAccountStatus verifiedAt={account.verifiedAt} />
            </dd>
          </dl>
          <p className="muted small">
            {account.verifiedAt
              ? `Diverifikasi ${formatDateTime(account.verifiedAt)}. Pencairan saldo ditransfer ke rekening ini.`
              : `Disimpan ${formatDateTime(account.createdAt)}. Tim Kuasa memeriksa rekening ini sebelum pencairan pertama ke sana.`}
          </p>
        </>
      ) : (
        <p className="muted">Belum ada rekening. Isi rekening atas nama Anda agar Tim Kuasa dapat mentransfer saldo tersedia.</p>
      )}
      {account && !editing ? (
        <div className="row">
          <button type="button" className="button secondary" onClick={() => setEditing(true)}>
            Ganti rekening
          </button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="form stack" noValidate>
          {account && (
            <p className="notice">
              Rekening baru harus diverifikasi ulang oleh Tim Kuasa; sampai itu, pencairan ditunda. Rekening lama tetap tercatat di riwayat.
            </p>
          )}
          <BankAndNumberFields banks={banks} digits={digits} bankHint="Hanya bank dalam daftar ini yang bisa menerima pencairan." />
          <Field label="Nama pemilik rekening" hint="Seperti tertulis di buku tabungan; rekening harus atas nama Anda.">
            {(control) => <input {...control} name="holderName" autoComplete="off" maxLength={100} required />}
          </Field>
          <FormMessages error={error} />
          <div className="row">
            <button type="submit" className="button" disabled={busy || !hydrated}>
              {busy ? "Menyimpan…" : "Simpan rekening"}
            </button>
            {account && (
              <button type="button" className="button secondary" onClick={() => setEditing(false)}>
                Batal
              </button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
