import { dateColumnOf, dayOfDateColumn } from "../clock";
import { isProvinceCode, provinceName } from "../places/provinces";

/**
 * A practitioner's credentials: what makes the label a client sees mean something checked
 * (docs/decisions/credentials.md names each kind's law). A credential counts for offering and for
 * the label only when the operator verified it and it has not expired; a notary's or PPAT's
 * counts only in its province.
 */
export const CREDENTIAL_KINDS = ["advokat", "notaris", "ppat", "konsultan_ki", "penerjemah_tersumpah"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** How each kind is written for people (portal, label). */
export const CREDENTIAL_KIND_NAME: Record<CredentialKind, string> = {
  advokat: "Advokat",
  notaris: "Notaris",
  ppat: "PPAT",
  konsultan_ki: "Konsultan KI",
  penerjemah_tersumpah: "Penerjemah Tersumpah",
};

/** Who usually issues each kind: the portal's suggestions (an advocate's organisation is theirs to name). */
export const USUAL_ISSUERS: Record<CredentialKind, readonly string[]> = {
  advokat: ["PERADI", "KAI", "PERADIN", "IKADIN"],
  notaris: ["Kementerian Hukum"],
  ppat: ["Kementerian ATR/BPN"],
  konsultan_ki: ["DJKI, Kementerian Hukum"],
  penerjemah_tersumpah: ["Kementerian Hukum"],
};

/** Kinds whose working area is one province: their credential names it, and counts only there. */
export const PROVINCIAL_KINDS: ReadonlySet<CredentialKind> = new Set(["notaris", "ppat"]);

const CREDENTIAL_STATUSES = ["menunggu_verifikasi", "terverifikasi", "ditolak", "kedaluwarsa"] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/**
 * The operator's decisions on a credential: a submitted one is verified or rejected; a verified one
 * can be revoked (rejected, e.g. the card was withdrawn). The expiry job alone makes one
 * `kedaluwarsa`. Null: no such decision from that status.
 */
export function credentialDecision(from: CredentialStatus, approve: boolean): CredentialStatus | null {
  if (from === "menunggu_verifikasi") return approve ? "terverifikasi" : "ditolak";
  if (from === "terverifikasi" && !approve) return "ditolak";
  return null;
}

export const isCredentialKind = (value: string): value is CredentialKind => (CREDENTIAL_KINDS as readonly string[]).includes(value);

/** What the rules read of a credential. `validUntil` is a calendar day, "YYYY-MM-DD", or null when it does not expire. */
export interface CredentialFacts {
  kind: CredentialKind;
  issuer: string;
  status: CredentialStatus;
  validUntil: string | null;
  province: string | null;
}

/** A credential as stored (`validUntil` a DATE column read as midnight UTC) as the rules read it. */
export const credentialFacts = (row: {
  kind: string;
  issuer: string;
  status: CredentialStatus;
  validUntil: Date | null;
  province: string | null;
}): CredentialFacts => ({
  kind: row.kind as CredentialKind,
  issuer: row.issuer,
  status: row.status,
  validUntil: row.validUntil ? dayOfDateColumn(row.validUntil) : null,
  province: row.province,
});

/**
 * Whether a credential counts on `day` (a Jakarta calendar day, "YYYY-MM-DD"): verified, and
 * before its last day has come (on `validUntil` itself it no longer counts).
 */
export function countsOn(credential: Pick<CredentialFacts, "status" | "validUntil">, day: string): boolean {
  return credential.status === "terverifikasi" && (credential.validUntil === null || day < credential.validUntil);
}

/** One credential as a label part: "Advokat (PERADI)", "Notaris — DKI Jakarta", "Konsultan KI". */
export function credentialLabel(credential: Pick<CredentialFacts, "kind" | "issuer" | "province">): string {
  const name = CREDENTIAL_KIND_NAME[credential.kind];
  if (PROVINCIAL_KINDS.has(credential.kind) && credential.province) return `${name} — ${provinceName(credential.province)}`;
  if (credential.kind === "advokat" && credential.issuer.trim()) return `${name} (${credential.issuer.trim()})`;
  return name;
}

/**
 * The label a client sees: the credentials that count on `day`, in the order of CREDENTIAL_KINDS,
 * each once, joined by " · "; null when none counts. Never typed by anyone.
 */
export function labelOf(credentials: readonly CredentialFacts[], day: string): string | null {
  const parts = credentials
    .filter((c) => countsOn(c, day))
    .sort((a, b) => CREDENTIAL_KINDS.indexOf(a.kind) - CREDENTIAL_KINDS.indexOf(b.kind))
    .map(credentialLabel);
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join(" · ") : null;
}

/**
 * Whether the credentials that count on `day` cover what a service requires for an order in
 * `province` (null: the order names none): every required kind, a provincial one in that province.
 * A service that requires nothing still needs one credential that counts: Kuasa offers work only
 * to verified practitioners. The offering's SQL (services/offers/offer-next.ts) is the same rule.
 */
export function qualifiesFor(
  credentials: readonly CredentialFacts[],
  requires: readonly CredentialKind[],
  province: string | null,
  day: string,
): boolean {
  const counting = credentials.filter((c) => countsOn(c, day));
  if (counting.length === 0) return false;
  return requires.every((kind) =>
    counting.some((c) => c.kind === kind && (!PROVINCIAL_KINDS.has(kind) || province === null || c.province === province)),
  );
}

/** Days before `validUntil` on which the practitioner is reminded by e-mail, the earliest first. */
const EXPIRY_REMINDER_DAYS = [30, 7] as const;

const addDays = (day: string, days: number) => dayOfDateColumn(new Date(dateColumnOf(day).getTime() + days * 86_400_000));

/** Whole days from `from` to `to` (both "YYYY-MM-DD"). */
export const daysBetween = (from: string, to: string) =>
  Math.round((dateColumnOf(to).getTime() - dateColumnOf(from).getTime()) / 86_400_000);

/**
 * The next expiry reminder of a credential valid until `validUntil`, after the one of
 * `lastSentDays` (null: none sent yet): the day it is due, or null when none is left. Sending
 * on `today`, only the most urgent of the reminders already due is sent (verified five days
 * before its end, a credential gets the 7-day reminder, not both).
 */
export function nextReminder(validUntil: string, lastSentDays: number | null): { days: number; dueOn: string } | null {
  const left = EXPIRY_REMINDER_DAYS.filter((days) => lastSentDays === null || days < lastSentDays);
  const days = left[0];
  return days === undefined ? null : { days, dueOn: addDays(validUntil, -days) };
}

/** Which reminder to send on `today` when one is due: the smallest of those whose day has come. */
export function reminderToSend(validUntil: string, lastSentDays: number | null, today: string): number | null {
  const due = EXPIRY_REMINDER_DAYS.filter((days) => (lastSentDays === null || days < lastSentDays) && addDays(validUntil, -days) <= today);
  return due.length > 0 ? Math.min(...due) : null;
}

/** Why a credential cannot be recorded as given, in the portal's words (empty when it can). */
export function credentialProblems(input: {
  kind: string;
  issuer: string;
  number: string;
  validUntil: string | null;
  province: string | null;
}): string[] {
  const problems: string[] = [];
  if (!isCredentialKind(input.kind)) problems.push("Jenis kredensial tidak dikenal.");
  if (!input.issuer.trim()) problems.push("Isi penerbit kredensial (mis. PERADI, Kementerian Hukum).");
  if (input.issuer.length > 200) problems.push("Penerbit paling banyak 200 karakter.");
  if (!input.number.trim()) problems.push("Isi nomor kredensial.");
  if (input.number.length > 100) problems.push("Nomor kredensial paling banyak 100 karakter.");
  if (input.validUntil !== null && !/^\d{4}-\d{2}-\d{2}$/.test(input.validUntil)) problems.push("Tanggal berlaku ditulis YYYY-MM-DD.");
  const provincial = isCredentialKind(input.kind) && PROVINCIAL_KINDS.has(input.kind);
  if (provincial && !input.province) problems.push("Notaris dan PPAT wajib menyebut provinsi wilayah jabatan.");
  if (!provincial && input.province) problems.push("Hanya kredensial notaris dan PPAT yang menyebut provinsi.");
  if (input.province && !isProvinceCode(input.province))
    problems.push("Provinsi ditulis dengan kode Kemendagri (mis. 31 untuk DKI Jakarta).");
  return problems;
}
