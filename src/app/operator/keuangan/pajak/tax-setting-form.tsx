"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { type FieldError, fieldErrorOf } from "@/app/_components/field-error";
import { trpc } from "@/app/_components/trpc";

interface Rule {
  vatRateBasisPoints: number;
  vatBaseNumerator: number;
  vatBaseDenominator: number;
  platformName: string;
  platformNpwp: string;
  platformAddress: string;
}

type Param =
  | "effectiveFrom"
  | "vatRateBasisPoints"
  | "vatBaseNumerator"
  | "vatBaseDenominator"
  | "platformName"
  | "platformNpwp"
  | "platformAddress";

/** "12" or "11,5" (percent, at most two decimals) as basis points; null when it is not one. */
function basisPointsOf(percent: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(percent.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= 10_000 ? points : null;
}

/** The input a refused parameter was typed in, where its name differs. */
const INPUT_OF: Partial<Record<Param, string>> = { vatRateBasisPoints: "vatRatePercent" };

/** A whole number typed in a field, or NaN. */
const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * A tax rule from a future day on, started from the rule in force. The rate and the base are
 * checked here in words first; the service checks everything, and its refusal shows under the
 * field it names, with what was typed kept.
 */
export function TaxSettingForm({ firstDay, current }: { firstDay: string; current: Rule | null }) {
  const { busy, error, run } = useAction();
  const [refused, setRefused] = useState<FieldError | null>(null);
  const errorOf = (param: Param) => (refused?.param === param ? refused.message : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? "");
    const blame = (found: FieldError) => {
      setRefused(found);
      (form.elements.namedItem(INPUT_OF[found.param as Param] ?? found.param) as HTMLElement | null)?.focus();
    };
    const vatRateBasisPoints = basisPointsOf(value("vatRatePercent"));
    if (vatRateBasisPoints === null)
      return blame({ param: "vatRateBasisPoints", message: "Tulis tarif dalam persen, 0 sampai 100, mis. 12 atau 11,5." });
    const vatBaseNumerator = wholeNumber(value("vatBaseNumerator"));
    const vatBaseDenominator = wholeNumber(value("vatBaseDenominator"));
    if (!(vatBaseNumerator > 0)) return blame({ param: "vatBaseNumerator", message: "Pembilang DPP bilangan bulat positif, mis. 11." });
    if (!(vatBaseDenominator >= vatBaseNumerator))
      return blame({ param: "vatBaseDenominator", message: "Penyebut DPP bilangan bulat, tidak lebih kecil dari pembilangnya, mis. 12." });
    let failure: unknown = null;
    const result = await run(
      () =>
        trpc.operator.addTaxSetting
          .mutate({
            effectiveFrom: value("effectiveFrom"),
            vatRateBasisPoints,
            vatBaseNumerator,
            vatBaseDenominator,
            platformName: value("platformName"),
            platformNpwp: value("platformNpwp"),
            platformAddress: value("platformAddress"),
          })
          .catch((err: unknown) => {
            failure = err;
            throw err;
          }),
      { success: "Aturan pajak dijadwalkan." },
    );
    if (result.ok) {
      setRefused(null);
      return;
    }
    const blamed = fieldErrorOf(failure);
    if (blamed) blame(blamed);
    else setRefused(null);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="form stack" noValidate>
      <p className="muted small">
        Berlaku mulai pukul 00.00 WIB pada tanggal yang dipilih, paling cepat besok. Pembayaran sebelum tanggal itu tetap memakai aturan
        lamanya. Setiap aturan tercatat di log audit.
      </p>
      <div className="form-grid">
        <Field label="Berlaku mulai" hint="Pukul 00.00 WIB pada tanggal ini." error={errorOf("effectiveFrom")}>
          {(control) => <input {...control} type="date" name="effectiveFrom" min={firstDay} defaultValue={firstDay} required />}
        </Field>
        <Field label="Tarif PPN (%)" hint="Mis. 12 atau 11,5." error={errorOf("vatRateBasisPoints")}>
          {(control) => (
            <input
              {...control}
              name="vatRatePercent"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={current ? String(current.vatRateBasisPoints / 100).replace(".", ",") : ""}
              required
            />
          )}
        </Field>
      </div>
      <div className="form-grid">
        <Field
          label="DPP: pembilang"
          hint="DPP nilai lain = pembilang/penyebut dari biaya platform sebelum PPN."
          error={errorOf("vatBaseNumerator")}
        >
          {(control) => (
            <input
              {...control}
              name="vatBaseNumerator"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={current?.vatBaseNumerator}
              required
            />
          )}
        </Field>
        <Field label="DPP: penyebut" hint="Mis. 11/12 sejak 2025; 1/1 bila DPP seluruh biaya." error={errorOf("vatBaseDenominator")}>
          {(control) => (
            <input
              {...control}
              name="vatBaseDenominator"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={current?.vatBaseDenominator}
              required
            />
          )}
        </Field>
      </div>
      <Field label="Nama badan usaha platform" error={errorOf("platformName")}>
        {(control) => (
          <input
            {...control}
            name="platformName"
            autoComplete="organization"
            maxLength={200}
            defaultValue={current?.platformName}
            required
          />
        )}
      </Field>
      <Field label="NPWP platform" hint="16 angka (atau 15 angka bentuk lama)." error={errorOf("platformNpwp")}>
        {(control) => (
          <input
            {...control}
            name="platformNpwp"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            defaultValue={current?.platformNpwp}
            required
          />
        )}
      </Field>
      <Field label="Alamat platform" error={errorOf("platformAddress")}>
        {(control) => (
          <textarea {...control} name="platformAddress" rows={2} maxLength={500} defaultValue={current?.platformAddress} required />
        )}
      </Field>
      <FormMessages error={refused ? null : error} />
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Jadwalkan aturan"}
        </button>
      </div>
    </form>
  );
}
