import { z } from "zod";
import { isProvinceCode, provinceName } from "../places/provinces";
import { type ConflictMatter, partiesOf } from "../practitioners/conflicts";

/**
 * Intake fields of a catalog service: what an order's `intake` must carry.
 * The spec leaves `type` open; these are our values, described to agents in the OpenAPI
 * document's IntakeField (api/schemas/catalog/service.ts), which /docs shows.
 */
export const INTAKE_FIELD_TYPES = [
  "text",
  "textarea",
  "email",
  "phone",
  "date",
  "number",
  "nik",
  "nik_paspor",
  "select",
  "provinsi",
  "pihak",
  "pihak_klien",
  "berkas",
] as const;
export type IntakeFieldType = (typeof INTAKE_FIELD_TYPES)[number];

export const intakeFieldSchema = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
    label: z.string().min(1),
    required: z.boolean(),
    type: z.enum(INTAKE_FIELD_TYPES),
    options: z.array(z.string().min(1)).min(1).optional(),
  })
  .refine((f) => (f.type === "select") === (f.options !== undefined), {
    message: "options are given for select fields, and only for them",
  });

export type IntakeField = z.infer<typeof intakeFieldSchema>;

export const intakeFieldListSchema = z.array(intakeFieldSchema);

/** Upper bounds that keep one order's intake a sane size. */
export const INTAKE_LIMITS = { shortText: 500, longText: 10_000, fields: 50, parties: 20 } as const;

/**
 * What an e-mail, phone or NIK field accepts. Every value they accept must be hidden by the
 * masking module (a property test generates values from these patterns).
 */
export const CONTACT_VALUE_PATTERNS = {
  // A local part of RFC 5322 "atext" (letters and digits of any script allowed, RFC 6531), a
  // domain of at least two labels, ending in a top-level domain that starts with a letter.
  email:
    /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/u,
  // Indonesian numbers: +62, 62 (either may be followed by the trunk 0) or 0, then the national
  // significant number: 8–12 digits starting with 2–9 (8 for mobiles, an area code otherwise).
  // One space, dot or dash may stand between any two parts; no line breaks or tabs.
  phone: /^(?:(?:\+62|62)[\p{Zs}.-]?(?:0[\p{Zs}.-]?)?|0[\p{Zs}.-]?)[2-9](?:[\p{Zs}.-]?\d){7,11}$/u,
  nik: /^\d{16}$/,
  // A NIK, or a passport's number (ICAO 9303: up to 9 letters and digits; 6 at least, as issuers use):
  // foreign directors, grantors and spouses hold no NIK.
  nik_paspor: /^(?:\d{16}|[A-Z0-9]{6,9})$/,
} as const;
const { email: EMAIL, phone: PHONE, nik: NIK, nik_paspor: NIK_OR_PASSPORT } = CONTACT_VALUE_PATTERNS;
/** A file's id as POST /v1/files answers it. */
const FILE_ID = /^file_[0-9A-Za-z]{1,60}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^-?\d{1,15}$/;

function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Why one value does not fit its field, or null when it does. */
function valueProblem(field: IntakeField, value: string): string | null {
  const max = field.type === "textarea" ? INTAKE_LIMITS.longText : INTAKE_LIMITS.shortText;
  if (value.length > max) return `must be at most ${max} characters`;
  switch (field.type) {
    case "text":
    case "textarea":
      return null;
    case "email":
      return EMAIL.test(value) ? null : "must be an e-mail address";
    case "phone":
      return PHONE.test(value) ? null : "must be an Indonesian phone number (+62…, 62… or 0…)";
    case "nik":
      return NIK.test(value) ? null : "must be a 16-digit NIK";
    case "nik_paspor":
      return NIK_OR_PASSPORT.test(value) ? null : "must be a 16-digit NIK or a passport number (6–9 capital letters and digits)";
    case "berkas":
      return FILE_ID.test(value) ? null : "must be the id of a file uploaded with POST /v1/files (file_…)";
    case "date":
      return isRealDate(value) ? null : "must be a date as YYYY-MM-DD";
    case "number":
      return INTEGER.test(value) ? null : "must be a whole number written in digits";
    case "select":
      return field.options?.includes(value) ? null : `must be one of: ${field.options?.join(", ")}`;
    case "provinsi":
      return isProvinceCode(value) ? null : "must be a province's Kemendagri code, one of the field's options (e.g. 31 for DKI Jakarta)";
    case "pihak":
    case "pihak_klien": {
      const parties = partiesOf(value);
      if (parties.length === 0) return "must name at least one party";
      if (parties.length > INTAKE_LIMITS.parties) return `must name at most ${INTAKE_LIMITS.parties} parties`;
      return null;
    }
  }
}

/** One problem of an intake: the field's path (`intake.<key>`) and the whole sentence, path first. */
export interface IntakeProblem {
  param: string;
  message: string;
}

/**
 * Checks an order's intake against the service's fields: required keys present and non-blank,
 * no unknown keys, each value of its field's type. Returns every problem, keyed by intake key.
 */
export function intakeProblems(fields: readonly IntakeField[], intake: Record<string, string>): IntakeProblem[] {
  const problems: IntakeProblem[] = [];
  const add = (key: string, problem: string) => problems.push({ param: `intake.${key}`, message: `intake.${key}: ${problem}` });
  const known = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(intake)) {
    if (!known.has(key)) add(key, "is not a field of this service");
  }
  for (const field of fields) {
    const value = intake[field.key];
    if (value === undefined || value.trim() === "") {
      if (field.required) add(field.key, `is required (${field.label})`);
      continue;
    }
    const problem = valueProblem(field, value);
    if (problem) add(field.key, problem);
  }
  return problems;
}

const INTAKE_KEY = /^[a-z][a-z0-9_]{0,63}$/;

/** How the console names each field type (the operator's form; agents read the codes). */
export const INTAKE_TYPE_LABEL: Record<IntakeFieldType, string> = {
  text: "Teks singkat",
  textarea: "Teks panjang",
  email: "E-mail",
  phone: "Nomor telepon",
  date: "Tanggal",
  number: "Angka",
  nik: "NIK",
  nik_paspor: "NIK atau nomor paspor",
  select: "Pilihan",
  provinsi: "Provinsi",
  pihak: "Pihak lawan (nama, satu per baris)",
  pihak_klien: "Pihak klien (nama, satu per baris)",
  berkas: "Berkas (dokumen yang diunggah)",
};

/**
 * The province an order names: the value of its service's first intake field of type `provinsi`,
 * or null. Who may do a notarial or land deed depends on it (domain/practitioners/credentials.ts).
 */
export function orderProvince(fields: readonly IntakeField[], intake: Record<string, string>): string | null {
  const field = fields.find((f) => f.type === "provinsi");
  const value = field ? intake[field.key]?.trim() : undefined;
  return value || null;
}

/**
 * The parties of an order as the conflict check reads them: the ordering organisation and the
 * names its `pihak_klien` fields give, and the names its `pihak` fields give.
 */
export function matterOf(fields: readonly IntakeField[], intake: Record<string, string>, organisationName: string): ConflictMatter {
  const named = (type: IntakeFieldType) => fields.filter((f) => f.type === type).flatMap((f) => partiesOf(intake[f.key] ?? ""));
  return { clients: [organisationName, ...named("pihak_klien")], counterparties: named("pihak") };
}

/**
 * Why a list of fields cannot be a service's intake, in the operator's words (empty when it can):
 * each field's key, label, type and options, unique keys, at most INTAKE_LIMITS.fields. The
 * catalog service refuses an edit with these problems, and the console's form checks the same
 * before it sends. A list without problems parses with intakeFieldListSchema.
 */
export function intakeFieldsProblems(fields: unknown): string[] {
  if (!Array.isArray(fields)) return ["Kolom intake harus berupa daftar kolom."];
  const problems: string[] = [];
  if (fields.length > INTAKE_LIMITS.fields) problems.push(`Paling banyak ${INTAKE_LIMITS.fields} kolom intake.`);
  fields.forEach((field: unknown, index) => {
    const at = `Kolom ${index + 1}`;
    if (typeof field !== "object" || field === null) {
      problems.push(`${at}: bukan kolom intake.`);
      return;
    }
    const { key, label, type, required, options } = field as Record<string, unknown>;
    const name = typeof key === "string" && key ? `${at} (${key})` : at;
    if (typeof key !== "string" || !INTAKE_KEY.test(key))
      problems.push(`${at}: kunci harus diawali huruf kecil, lalu huruf kecil, angka atau garis bawah (paling banyak 64 karakter).`);
    if (typeof label !== "string" || !label.trim()) problems.push(`${name}: label wajib diisi.`);
    if (typeof required !== "boolean") problems.push(`${name}: tentukan wajib atau opsional.`);
    if (!INTAKE_FIELD_TYPES.includes(type as IntakeFieldType)) {
      problems.push(`${name}: jenis harus salah satu dari ${INTAKE_FIELD_TYPES.join(", ")}.`);
    } else if (type === "select") {
      if (!Array.isArray(options) || options.length === 0 || !options.every((o) => typeof o === "string" && o.trim()))
        problems.push(`${name}: jenis pilihan butuh minimal satu opsi, tanpa opsi kosong.`);
    } else if (options !== undefined) {
      problems.push(`${name}: opsi hanya untuk jenis pilihan (select).`);
    }
  });
  const keys = fields.map((f: unknown) => (typeof f === "object" && f !== null ? (f as { key?: unknown }).key : undefined));
  const repeated = [...new Set(keys.filter((key, index) => typeof key === "string" && keys.indexOf(key) !== index))];
  if (repeated.length > 0) problems.push(`Kunci kolom intake harus unik; ganda: ${repeated.join(", ")}.`);
  return problems;
}

/**
 * An intake as the portals show it to people: each field's label by its key, the values in the
 * catalog's order, a `provinsi` value with its name ("DKI Jakarta (31)") beside the code agents
 * send, numbers grouped ("1.000.000.000") and dates in words ("1 Maret 2019"). Agents read the
 * values as they sent them.
 */
export function intakeForPeople(
  fields: readonly IntakeField[],
  intake: Record<string, string>,
): { intake: Record<string, string>; intakeLabels: Record<string, string> } {
  const typeOf = new Map(fields.map((f) => [f.key, f.type]));
  // The catalog's order first; a key the service no longer has (an older order) after them.
  const keys = [...fields.map((f) => f.key).filter((key) => key in intake), ...Object.keys(intake).filter((key) => !typeOf.has(key))];
  return {
    intake: Object.fromEntries(keys.map((key) => [key, valueForPeople(typeOf.get(key), intake[key]!)])),
    intakeLabels: Object.fromEntries(fields.map((f) => [f.key, f.label])),
  };
}

const GROUPED = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });
const LONG_DATE = new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A value as people read it: a province by its name, a number grouped, a date in words ("1 Maret 2019"). */
function valueForPeople(type: IntakeFieldType | undefined, value: string): string {
  if (type === "provinsi" && isProvinceCode(value)) return `${provinceName(value)} (${value})`;
  if (type === "number" && INTEGER.test(value)) return GROUPED.format(BigInt(value));
  if (type === "date" && isRealDate(value)) return LONG_DATE.format(new Date(`${value}T00:00:00Z`));
  return value;
}
