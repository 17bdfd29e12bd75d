"use client";
import type { FormEvent } from "react";
import { useAction } from "@/app/_components/action";
import { BankAndNumberFields, type BankChoices } from "@/app/_components/bank-account-fields";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

interface Current {
  bankCode: string;
  accountNumber: string;
  accountHolder: string;
  referenceRule: string;
}

/** The platform's bank transfer details for deposit top-ups; organisation admins see them as "Cara menambah deposit". */
export function TopUpForm({
  current,
  banks,
  digits,
  placeholder,
}: BankChoices & {
  current: Current | null;
  placeholder: string;
}) {
  const { busy, error, setError, run } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    if (!value("bankCode")) return setError("Pilih bank rekening Kuasa.");
    await run(
      () =>
        trpc.operator.setTopUpInstructions.mutate({
          bankCode: value("bankCode"),
          accountNumber: value("accountNumber"),
          accountHolder: value("accountHolder"),
          referenceRule: value("referenceRule"),
        }),
      { success: "Rekening setoran disimpan; admin organisasi kini melihatnya." },
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="form stack" noValidate>
      <BankAndNumberFields banks={banks} digits={digits} current={current} />
      <Field label="Atas nama">
        {(control) => (
          <input {...control} name="accountHolder" defaultValue={current?.accountHolder} autoComplete="off" maxLength={100} required />
        )}
      </Field>
      <Field
        label="Aturan berita transfer"
        hint={`Tulis ${placeholder} di tempat kode transfer organisasi (KSA dan 8 karakter), misalnya "KUASA ${placeholder}": setiap admin melihat berita transfer dengan kodenya, dan impor mutasi bank mengkreditkan setoran ke deposit yang kodenya tertulis. Buat singkat: sebagian bank memotong berita transfer setelah 18 karakter.`}
      >
        {(control) => (
          <input
            {...control}
            name="referenceRule"
            defaultValue={current?.referenceRule ?? `KUASA ${placeholder}`}
            autoComplete="off"
            maxLength={100}
            spellCheck={false}
            required
          />
        )}
      </Field>
      <FormMessages error={error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Simpan rekening setoran"}
        </button>
      </div>
    </form>
  );
}
