"use client";
import { Field } from "@/app/_components/field";
import {
  INTAKE_FIELD_TYPES,
  INTAKE_LIMITS,
  INTAKE_TYPE_LABEL,
  type IntakeField,
  type IntakeFieldType,
} from "@/server/domain/catalog/intake";

/** One field as the form holds it: options as lines of text, `id` a stable React key across reorders. */
export interface DraftField {
  id: number;
  key: string;
  label: string;
  type: IntakeFieldType;
  required: boolean;
  options: string;
}

let nextId = 0;
const newId = () => ++nextId;

export function draftsOf(fields: readonly IntakeField[]): DraftField[] {
  return fields.map((f) => ({
    id: newId(),
    key: f.key,
    label: f.label,
    type: f.type,
    required: f.required,
    options: (f.options ?? []).join("\n"),
  }));
}

/** The fields as the server takes them: options (one per line, blanks dropped) only for a choice field. */
export function fieldsOf(drafts: readonly DraftField[]): IntakeField[] {
  return drafts.map(({ key, label, type, required, options }) => ({
    key: key.trim(),
    label: label.trim(),
    required,
    type,
    ...(type === "select"
      ? {
          options: options
            .split("\n")
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}),
  }));
}

/** Add, remove, reorder and edit a service's intake fields; the parent checks them with the domain's rule before saving. */
export function IntakeFieldsEditor({ drafts, onChange }: { drafts: DraftField[]; onChange: (drafts: DraftField[]) => void }) {
  const update = (id: number, change: Partial<DraftField>) => onChange(drafts.map((d) => (d.id === id ? { ...d, ...change } : d)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    next.splice(index + by, 0, ...next.splice(index, 1));
    onChange(next);
  };
  return (
    <fieldset className="intake-editor">
      <legend>Kolom intake ({drafts.length})</legend>
      <p className="hint">
        Yang diisi agen saat memesan, dalam urutan ini. Kunci dipakai agen di API (huruf kecil, angka, garis bawah); pesanan lama tidak
        berubah.
      </p>
      {drafts.length === 0 && <p className="muted">Belum ada kolom: agen memesan tanpa intake.</p>}
      <ol className="intake-fields">
        {drafts.map((draft, index) => {
          const n = index + 1;
          return (
            <li key={draft.id} className="intake-field">
              <div className="intake-field-head">
                <strong>
                  Kolom {n}
                  {draft.label.trim() ? `: ${draft.label.trim()}` : ""}
                </strong>
                <div className="row">
                  <button
                    type="button"
                    className="button secondary small"
                    disabled={index === 0}
                    aria-label={`Naikkan kolom ${n}`}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    disabled={index === drafts.length - 1}
                    aria-label={`Turunkan kolom ${n}`}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Hapus kolom ${n}`}
                    onClick={() => onChange(drafts.filter((d) => d.id !== draft.id))}
                  >
                    Hapus
                  </button>
                </div>
              </div>
              <div className="form-grid">
                <Field label={`Label kolom ${n}`}>
                  {(control) => (
                    <input {...control} value={draft.label} maxLength={200} onChange={(e) => update(draft.id, { label: e.target.value })} />
                  )}
                </Field>
                <Field label={`Kunci kolom ${n}`}>
                  {(control) => (
                    <input
                      {...control}
                      value={draft.key}
                      maxLength={64}
                      spellCheck={false}
                      autoCapitalize="off"
                      className="code"
                      onChange={(e) => update(draft.id, { key: e.target.value })}
                    />
                  )}
                </Field>
                <Field label={`Jenis kolom ${n}`}>
                  {(control) => (
                    <select {...control} value={draft.type} onChange={(e) => update(draft.id, { type: e.target.value as IntakeFieldType })}>
                      {INTAKE_FIELD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {INTAKE_TYPE_LABEL[type]} ({type})
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              {draft.type === "select" && (
                <Field label={`Opsi kolom ${n}`} hint="Satu opsi per baris; agen harus mengirim salah satunya persis.">
                  {(control) => (
                    <textarea {...control} rows={3} value={draft.options} onChange={(e) => update(draft.id, { options: e.target.value })} />
                  )}
                </Field>
              )}
              {draft.type === "pihak_klien" && (
                <p className="hint">
                  Nama pihak yang diwakili klien, satu per baris atau dipisah titik koma (paling banyak {INTAKE_LIMITS.parties}). Pesanan
                  tidak ditawarkan kepada praktisi yang pernah bertindak melawan pihak itu.
                </p>
              )}
              {draft.type === "pihak" && (
                <p className="hint">
                  Nama pihak lawan, satu per baris atau dipisah titik koma (paling banyak {INTAKE_LIMITS.parties}). Pesanan tidak ditawarkan
                  kepada praktisi yang pernah mewakili pihak itu atau mencatatnya di daftar benturan kepentingannya.
                </p>
              )}
              {draft.type === "nik_paspor" && (
                <p className="hint">Untuk orang yang mungkin warga negara asing: NIK 16 digit atau nomor paspor; disamarkan seperti NIK.</p>
              )}
              {draft.type === "berkas" && (
                <p className="hint">
                  Agen mengunggah dokumen lebih dulu (POST /v1/files) lalu mengirim id berkasnya; berkas dilampirkan pada pesanan.
                </p>
              )}
              <label className="check">
                <input type="checkbox" checked={draft.required} onChange={(e) => update(draft.id, { required: e.target.checked })} />
                Kolom {n} wajib diisi agen
              </label>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button secondary"
        disabled={drafts.length >= INTAKE_LIMITS.fields}
        onClick={() => onChange([...drafts, { id: newId(), key: "", label: "", type: "text", required: true, options: "" }])}
      >
        Tambah kolom
      </button>
    </fieldset>
  );
}
