"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { type FieldError, fieldErrorOf } from "@/app/_components/field-error";
import { trpc } from "@/app/_components/trpc";

interface BillingDetails {
  legalName: string | null;
  billingAddress: string | null;
  npwp: string | null;
}

/**
 * The organisation's billing data, printed as the buyer on the documents issued from now on.
 * What was typed stays in the form when the server refuses it, with the reason under its field.
 */
export function BillingForm({ name, current }: { name: string; current: BillingDetails }) {
  const { busy, error, run } = useAction();
  const [values, setValues] = useState({
    legalName: current.legalName ?? "",
    billingAddress: current.billingAddress ?? "",
    npwp: current.npwp ?? "",
  });
  const [refused, setRefused] = useState<FieldError | null>(null);
  const errorOf = (param: keyof typeof values) => (refused?.param === param ? refused.message : null);
  const change = (param: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((before) => ({ ...before, [param]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    let failure: unknown = null;
    const result = await run(
      () =>
        trpc.organization.setBillingDetails.mutate(values).catch((err: unknown) => {
          failure = err;
          throw err;
        }),
      { success: "Data penagihan disimpan; dokumen berikutnya memuatnya." },
    );
    if (result.ok) {
      setRefused(null);
      const saved = result.value;
      setValues({ legalName: saved.legalName ?? "", billingAddress: saved.billingAddress ?? "", npwp: saved.npwp ?? "" });
      return;
    }
    const blamed = fieldErrorOf(failure);
    setRefused(blamed);
    if (blamed) (form.elements.namedItem(blamed.param) as HTMLElement | null)?.focus();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="form stack" noValidate>
      <p className="muted small">
        Nama, alamat dan NPWP organisasi yang tercetak sebagai pembeli di kuitansi, nota kredit dan bukti setoran.
      </p>
      <Field
        label="Nama badan hukum"
        hint={`Tercetak sebagai pembeli. Kosongkan untuk memakai nama organisasi: ${name}.`}
        error={errorOf("legalName")}
      >
        {(control) => (
          <input
            {...control}
            name="legalName"
            value={values.legalName}
            onChange={change("legalName")}
            autoComplete="organization"
            maxLength={200}
          />
        )}
      </Field>
      <Field label="Alamat penagihan" hint="Alamat sesuai NPWP, bila ada." error={errorOf("billingAddress")}>
        {(control) => (
          <textarea
            {...control}
            name="billingAddress"
            value={values.billingAddress}
            onChange={change("billingAddress")}
            autoComplete="street-address"
            rows={3}
            maxLength={500}
          />
        )}
      </Field>
      <Field label="NPWP" hint="16 angka (atau 15 angka bentuk lama); titik, strip dan spasi boleh." error={errorOf("npwp")}>
        {(control) => (
          <input
            {...control}
            name="npwp"
            value={values.npwp}
            onChange={change("npwp")}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <p className="muted small">
        Dokumen yang sudah terbit tetap memuat data saat diterbitkan; perubahan di sini berlaku untuk kuitansi, nota kredit dan bukti
        setoran berikutnya.
      </p>
      <FormMessages error={refused ? null : error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Simpan data penagihan"}
        </button>
      </div>
    </form>
  );
}
