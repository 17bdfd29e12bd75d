"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { trpc } from "@/app/_components/trpc";

/** The licence number the operator checked against the register; the practitioner sees it read-only. */
export function LicenseNumberForm({
  practitionerId,
  licenseNumber,
  maxLength,
}: {
  practitionerId: string;
  licenseNumber: string | null;
  maxLength: number;
}) {
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const value = String(new FormData(event.currentTarget).get("licenseNumber") ?? "");
    const result = await run(() => trpc.operator.setLicenseNumber.mutate({ practitionerId, licenseNumber: value }));
    setSaved(result.ok);
  }

  return (
    <form className="form compact" onSubmit={submit}>
      <Field
        label="Nomor izin terverifikasi"
        hint="Isi setelah dicocokkan dengan register organisasi profesinya (mis. PERADI). Tampil di pesanan untuk klien; kosongkan untuk menghapus."
      >
        {(control) => (
          <input {...control} name="licenseNumber" defaultValue={licenseNumber ?? ""} maxLength={maxLength} autoComplete="off" />
        )}
      </Field>
      <FormMessages error={error} success={saved ? "Nomor izin disimpan." : null} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Simpan nomor izin"}
        </button>
      </div>
    </form>
  );
}
