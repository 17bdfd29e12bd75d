"use client";
import { useId } from "react";
import { PROVINCES, provinceName } from "@/server/domain/places/provinces";
import {
  CREDENTIAL_KIND_NAME,
  CREDENTIAL_KINDS,
  type CredentialKind,
  credentialProblems,
  PROVINCIAL_KINDS,
  USUAL_ISSUERS,
} from "@/server/domain/practitioners/credentials";
import { Field } from "./field";
import { formatDay } from "./format";
import { useHydrated } from "./use-hydrated";

/** A credential as a form holds it: every field a string, "" for nothing chosen or typed. */
export interface CredentialDraft {
  kind: CredentialKind | "";
  issuer: string;
  number: string;
  validUntil: string;
  province: string;
}

export const EMPTY_CREDENTIAL: CredentialDraft = { kind: "", issuer: "", number: "", validUntil: "", province: "" };

/** A saved credential as a draft (the queue's corrections start from what was submitted). */
export const draftOf = (credential: {
  kind: CredentialKind;
  issuer: string;
  number: string;
  validUntil: string | null;
  province: string | null;
}): CredentialDraft => ({
  kind: credential.kind,
  issuer: credential.issuer,
  number: credential.number,
  validUntil: credential.validUntil ?? "",
  province: credential.province ?? "",
});

const isProvincial = (kind: CredentialKind | "") => kind !== "" && PROVINCIAL_KINDS.has(kind);

/** The draft as the procedures take it: trimmed, null for no date, a province only for notaris and PPAT. */
export function credentialInputOf(draft: CredentialDraft & { kind: CredentialKind }) {
  return {
    kind: draft.kind,
    issuer: draft.issuer.trim(),
    number: draft.number.trim(),
    validUntil: draft.validUntil || null,
    province: isProvincial(draft.kind) ? draft.province || null : null,
  };
}

/** Why the draft cannot be sent, in the portal's words (the server's own rule); empty when it can. */
export function credentialDraftProblems(draft: CredentialDraft): string[] {
  if (draft.kind === "") return ["Pilih jenis kredensial."];
  return credentialProblems(credentialInputOf({ ...draft, kind: draft.kind }));
}

/**
 * The fields of a credential: its kind (unless `fixedKind`: a decision cannot change it), issuer
 * with the usual issuers of the kind as suggestions, number, the day it stops being valid (empty:
 * it does not expire) and, for notaris and PPAT only, their province. `submitted`: the values the
 * practitioner sent, shown under each field the operator may correct.
 */
export function CredentialFields({
  draft,
  onChange,
  minValidUntil,
  fixedKind = false,
  submitted,
}: {
  draft: CredentialDraft;
  onChange: (draft: CredentialDraft) => void;
  /** The first day a new validity may end on (tomorrow in Jakarta): an earlier one does not count at all. */
  minValidUntil: string;
  fixedKind?: boolean;
  submitted?: CredentialDraft;
}) {
  const issuersId = useId();
  // Controlled fields: typed into before React hydrates, a value would never reach the draft.
  const disabled = !useHydrated();
  const set = (change: Partial<CredentialDraft>) => onChange({ ...draft, ...change });
  /** "Diajukan: PERADI", and whether the value now differs from it. */
  const was = (field: keyof CredentialDraft, shown: (value: string) => string, empty = "kosong") => {
    if (!submitted) return undefined;
    const before = submitted[field];
    const text = `Diajukan: ${before ? shown(before) : empty}`;
    return draft[field] === before ? text : `${text} · akan dikoreksi`;
  };
  const issuers = draft.kind ? USUAL_ISSUERS[draft.kind] : [];
  return (
    <div className="form-grid">
      {!fixedKind && (
        <Field label="Jenis kredensial">
          {(control) => (
            <select
              {...control}
              name="kind"
              disabled={disabled}
              value={draft.kind}
              onChange={(event) => {
                const kind = event.target.value as CredentialKind;
                set({ kind, province: PROVINCIAL_KINDS.has(kind) ? draft.province : "" });
              }}
            >
              <option value="" disabled>
                Pilih jenis
              </option>
              {CREDENTIAL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {CREDENTIAL_KIND_NAME[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field
        label="Penerbit"
        hint={
          was("issuer", (v) => v) ?? (issuers.length > 0 ? `Mis. ${issuers.join(", ")}.` : "Organisasi atau instansi yang menerbitkannya.")
        }
      >
        {(control) => (
          <>
            <input
              {...control}
              name="issuer"
              disabled={disabled}
              list={issuersId}
              value={draft.issuer}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => set({ issuer: event.target.value })}
            />
            <datalist id={issuersId}>
              {issuers.map((issuer) => (
                <option key={issuer} value={issuer} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label="Nomor" hint={was("number", (v) => v) ?? "Seperti tertulis di kartu, SK, atau sertifikatnya."}>
        {(control) => (
          <input
            {...control}
            name="number"
            disabled={disabled}
            value={draft.number}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set({ number: event.target.value })}
          />
        )}
      </Field>
      <Field
        label={
          <>
            Berlaku sampai <span className="muted">(opsional)</span>
          </>
        }
        hint={
          was("validUntil", formatDay, "tidak kedaluwarsa") ??
          "Kosongkan bila tidak kedaluwarsa. Mulai tanggal ini kredensial tidak dihitung lagi."
        }
      >
        {(control) => (
          <input
            {...control}
            name="validUntil"
            disabled={disabled}
            type="date"
            min={minValidUntil}
            value={draft.validUntil}
            onChange={(event) => set({ validUntil: event.target.value })}
          />
        )}
      </Field>
      {isProvincial(draft.kind) && (
        <Field
          label="Provinsi wilayah jabatan"
          hint={was("province", provinceName) ?? "Notaris dan PPAT hanya ditawari pesanan di provinsi ini."}
        >
          {(control) => (
            <select
              {...control}
              name="province"
              disabled={disabled}
              value={draft.province}
              onChange={(event) => set({ province: event.target.value })}
            >
              <option value="" disabled>
                Pilih provinsi
              </option>
              {PROVINCES.map((province) => (
                <option key={province.code} value={province.code}>
                  {province.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </div>
  );
}
