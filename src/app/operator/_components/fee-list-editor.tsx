"use client";
import { COST_KIND_LABEL } from "@/app/_components/cost-list";
import { Field } from "@/app/_components/field";
import { formatDay } from "@/app/_components/format";
import { RupiahInput } from "@/app/_components/rupiah-input";
import type { IntakeField } from "@/server/domain/catalog/intake";
import { replacedRegulationsIn } from "@/server/domain/catalog/legal-rules";
import {
  THIRD_PARTY_FEE_CODE as FEE_CODE,
  THIRD_PARTY_FEE_LIMITS as MAX,
  THIRD_PARTY_FEE_KINDS,
  type ThirdPartyFee,
} from "@/server/domain/catalog/third-party-fees";
import { appliesWhenText, FeeCheck } from "./fee-check";

type FeeKind = ThirdPartyFee["kind"];
type AppliesWhen = NonNullable<ThirdPartyFee["appliesWhen"]>;

/** One fee as the form holds it: `amount` null for "varies", NaN while what was typed is no amount; `checkedOn` "" for never. */
export interface DraftFee {
  id: number;
  code: string;
  kind: FeeKind;
  description: string;
  amount: number | null;
  per: string;
  basis: string;
  checkedOn: string;
  appliesWhen: AppliesWhen | null;
}

/** A day as the schema (domain/catalog/third-party-fees.ts) takes it, checked before sending. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

let nextId = 0;
const newId = () => ++nextId;

export function draftFeesOf(fees: readonly ThirdPartyFee[]): DraftFee[] {
  return fees.map((fee) => ({
    id: newId(),
    code: fee.code,
    kind: fee.kind,
    description: fee.description,
    amount: fee.amountIdr,
    per: fee.per,
    basis: fee.basis,
    checkedOn: fee.checkedOn ?? "",
    appliesWhen: fee.appliesWhen ?? null,
  }));
}

/** The fees as the server takes them, keys in the schema's order (so an unchanged list compares equal). */
export function feesOf(drafts: readonly DraftFee[]): ThirdPartyFee[] {
  return drafts.map((d) => ({
    code: d.code.trim(),
    kind: d.kind,
    description: d.description.trim(),
    amountIdr: d.amount,
    per: d.per.trim(),
    basis: d.basis.trim(),
    ...(d.checkedOn ? { checkedOn: d.checkedOn } : {}),
    ...(d.appliesWhen ? { appliesWhen: d.appliesWhen } : {}),
  }));
}

/** The select fields of the intake, as the choices a fee may apply to. */
const choiceFields = (intake: readonly IntakeField[]) => intake.filter((f) => f.type === "select" && (f.options?.length ?? 0) > 0);

/** What keeps the list from saving, in the operator's words, each naming the fee by its number. */
export function feeProblems(drafts: readonly DraftFee[], intake: readonly IntakeField[], today: string): string[] {
  const problems: string[] = [];
  if (drafts.length > MAX.fees) problems.push(`Paling banyak ${MAX.fees} biaya resmi per layanan.`);
  drafts.forEach((d, index) => {
    const at = `Biaya ${index + 1}`;
    if (!FEE_CODE.test(d.code.trim()))
      problems.push(`${at}: kode harus diawali huruf kecil, lalu huruf kecil, angka atau garis bawah (paling banyak 64 karakter).`);
    if (!d.description.trim()) problems.push(`${at}: uraian wajib diisi.`);
    if (d.amount !== null && (Number.isNaN(d.amount) || d.amount <= 0 || !Number.isSafeInteger(d.amount)))
      problems.push(`${at}: tarif resmi harus rupiah lebih dari nol, atau kosong bila berbeda-beda.`);
    if (!d.per.trim()) problems.push(`${at}: satuan wajib diisi (misalnya "per permohonan").`);
    if (!d.basis.trim()) problems.push(`${at}: dasar hukum wajib diisi.`);
    if (d.checkedOn && (!DAY.test(d.checkedOn) || Number.isNaN(Date.parse(d.checkedOn))))
      problems.push(`${at}: tanggal pemeriksaan tidak valid.`);
    else if (d.checkedOn > today) problems.push(`${at}: tanggal pemeriksaan tidak boleh sesudah hari ini.`);
    if (d.appliesWhen) {
      const field = choiceFields(intake).find((f) => f.key === d.appliesWhen?.field);
      if (!field?.options?.includes(d.appliesWhen.option))
        problems.push(
          `${at}: berlaku hanya bila ${d.appliesWhen.field} = ${d.appliesWhen.option}, tetapi intake tidak punya kolom pilihan dengan opsi itu. Pilih lagi kapan biaya ini berlaku.`,
        );
    }
  });
  const codes = drafts.map((d) => d.code.trim());
  const repeated = [...new Set(codes.filter((code, index) => code && codes.indexOf(code) !== index))];
  if (repeated.length > 0) problems.push(`Kode biaya harus unik; ganda: ${repeated.join(", ")}.`);
  return problems;
}

const choiceValue = (appliesWhen: AppliesWhen | null) => (appliesWhen ? JSON.stringify([appliesWhen.field, appliesWhen.option]) : "");

function parseChoice(value: string): AppliesWhen | null {
  if (!value) return null;
  const [field, option] = JSON.parse(value) as [string, string];
  return { field, option };
}

/**
 * Add, remove, reorder and edit a service's official third-party fees: each with its legal basis,
 * the day it was last read against the regulation, and the intake choice it applies to, if any.
 * `intake` is the intake as currently edited (its select fields are the choices); the parent
 * checks the list with feeProblems before saving.
 */
export function FeeListEditor({
  drafts,
  onChange,
  intake,
  today,
}: {
  drafts: DraftFee[];
  onChange: (drafts: DraftFee[]) => void;
  intake: readonly IntakeField[];
  today: string;
}) {
  const update = (id: number, change: Partial<DraftFee>) => onChange(drafts.map((d) => (d.id === id ? { ...d, ...change } : d)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    next.splice(index + by, 0, ...next.splice(index, 1));
    onChange(next);
  };
  const choices = choiceFields(intake).flatMap((field) =>
    (field.options ?? []).map((option) => ({ value: choiceValue({ field: field.key, option }), label: `${field.label} = ${option}` })),
  );
  return (
    <fieldset className="intake-editor fee-editor">
      <legend>Biaya resmi pihak ketiga ({drafts.length})</legend>
      <p className="hint">
        Biaya yang boleh ditagihkan praktisi di luar harga layanan, sebesar tarif resminya; agen hanya boleh menyebut biaya yang ada di
        sini. Baca ulang tarif dan dasar hukumnya terhadap peraturan paling tidak setahun sekali, lalu catat tanggalnya. Tarif yang berbeda
        per jenis pemohon: buat kolom intake berjenis Pilihan, lalu pilih di &ldquo;Berlaku untuk&rdquo; opsi yang ditagih tiap biaya.
      </p>
      {drafts.length === 0 && <p className="muted">Belum ada biaya resmi: praktisi tidak dapat mengajukan biaya pihak ketiga.</p>}
      <ol className="intake-fields">
        {drafts.map((draft, index) => {
          const n = index + 1;
          const missingChoice = draft.appliesWhen !== null && !choices.some((c) => c.value === choiceValue(draft.appliesWhen));
          return (
            <li key={draft.id} className="intake-field" id={draft.code ? `ubah-biaya-${draft.code}` : undefined}>
              <div className="intake-field-head">
                <strong>
                  Biaya {n}
                  {draft.description.trim() ? `: ${draft.description.trim()}` : ""}
                </strong>
                <div className="row">
                  <button
                    type="button"
                    className="button secondary small"
                    disabled={index === 0}
                    aria-label={`Naikkan biaya ${n}`}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    disabled={index === drafts.length - 1}
                    aria-label={`Turunkan biaya ${n}`}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Hapus biaya ${n}`}
                    onClick={() => onChange(drafts.filter((d) => d.id !== draft.id))}
                  >
                    Hapus
                  </button>
                </div>
              </div>
              <FeeCheck checkedOn={draft.checkedOn || undefined} today={today} />
              <Field label={`Uraian biaya ${n}`}>
                {(control) => (
                  <input
                    {...control}
                    value={draft.description}
                    maxLength={MAX.description}
                    onChange={(e) => update(draft.id, { description: e.target.value })}
                  />
                )}
              </Field>
              <div className="form-grid fee-grid">
                <Field label={`Kode biaya ${n}`}>
                  {(control) => (
                    <input
                      {...control}
                      value={draft.code}
                      maxLength={64}
                      spellCheck={false}
                      autoCapitalize="off"
                      className="code"
                      onChange={(e) => update(draft.id, { code: e.target.value })}
                    />
                  )}
                </Field>
                <Field label={`Jenis biaya ${n}`}>
                  {(control) => (
                    <select {...control} value={draft.kind} onChange={(e) => update(draft.id, { kind: e.target.value as FeeKind })}>
                      {THIRD_PARTY_FEE_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {COST_KIND_LABEL[kind]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <RupiahInput
                  label={`Tarif resmi biaya ${n}`}
                  name={`fee-${draft.id}-amount`}
                  defaultValue={draft.amount !== null && !Number.isNaN(draft.amount) ? draft.amount : null}
                  hint="Kosong bila tarifnya berbeda-beda (honorarium notaris, panjar perkara)."
                  onValue={(amount) => update(draft.id, { amount })}
                />
                <Field label={`Satuan biaya ${n}`} hint="Misalnya per permohonan, per akta.">
                  {(control) => (
                    <input {...control} value={draft.per} maxLength={MAX.per} onChange={(e) => update(draft.id, { per: e.target.value })} />
                  )}
                </Field>
              </div>
              <Field
                label={`Berlaku untuk biaya ${n}`}
                hint={draft.appliesWhen ? `${appliesWhenText(draft.appliesWhen, intake)}.` : undefined}
              >
                {(control) => (
                  <select
                    {...control}
                    value={choiceValue(draft.appliesWhen)}
                    onChange={(e) => update(draft.id, { appliesWhen: parseChoice(e.target.value) })}
                  >
                    <option value="">Selalu (setiap pesanan)</option>
                    {missingChoice && draft.appliesWhen && (
                      <option value={choiceValue(draft.appliesWhen)}>
                        Hanya bila {draft.appliesWhen.field} = {draft.appliesWhen.option} (tidak ada lagi di intake)
                      </option>
                    )}
                    {choices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        Hanya bila {choice.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={`Dasar hukum biaya ${n}`} hint="Peraturan dan pasal atau lampirannya, atau siapa yang menetapkan tarifnya.">
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    value={draft.basis}
                    maxLength={MAX.basis}
                    onChange={(e) => update(draft.id, { basis: e.target.value })}
                  />
                )}
              </Field>
              {replacedRegulationsIn(draft.basis).map((replaced) => (
                <p key={replaced.name} className="waiting small">
                  Dasar hukum ini menyebut {replaced.name}, yang sudah diganti {replaced.replacedBy.replace(", then ", ", lalu ")} sejak{" "}
                  {formatDay(replaced.since)}. Periksa tarifnya terhadap peraturan yang berlaku.
                </p>
              ))}
              <div className="fee-checked-on">
                <Field label={`Terakhir diperiksa biaya ${n}`}>
                  {(control) => (
                    <input
                      {...control}
                      type="date"
                      value={draft.checkedOn}
                      max={today}
                      onChange={(e) => update(draft.id, { checkedOn: e.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="button secondary small"
                  disabled={draft.checkedOn === today}
                  aria-label={`Biaya ${n}: sudah saya periksa hari ini`}
                  onClick={() => update(draft.id, { checkedOn: today })}
                >
                  Sudah saya periksa hari ini
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button secondary"
        disabled={drafts.length >= MAX.fees}
        onClick={() =>
          onChange([
            ...drafts,
            { id: newId(), code: "", kind: "pnbp", description: "", amount: null, per: "", basis: "", checkedOn: "", appliesWhen: null },
          ])
        }
      >
        Tambah biaya
      </button>
    </fieldset>
  );
}
