import { JAKARTA_OFFSET_MS } from "../clock";

/**
 * Document numbers: one gap-free sequence per kind, year and mode (services/books/issue.ts bumps
 * DocumentSequence in the transaction that writes the document). "KWT/2026/000123"; test mode's
 * series carry "-UJI", so a test document can never be mistaken for a live one.
 */
export type FinancialDocumentKind = "kuitansi" | "nota_kredit" | "bukti_setoran";

export const DOCUMENT_SERIES: Record<FinancialDocumentKind, string> = {
  kuitansi: "KWT",
  nota_kredit: "NK",
  bukti_setoran: "BST",
};

export const DOCUMENT_KIND_LABEL: Record<FinancialDocumentKind, string> = {
  kuitansi: "Kuitansi",
  nota_kredit: "Nota kredit",
  bukti_setoran: "Bukti setoran",
};

const TEST_MARK = "-UJI";
const NUMBER_DIGITS = 6;

/** The year a document is numbered in: its issue date's year in Jakarta time, as printed on it. */
export const documentYear = (issuedAt: Date) => new Date(issuedAt.getTime() + JAKARTA_OFFSET_MS).getUTCFullYear();

export function documentNumber(kind: FinancialDocumentKind, livemode: boolean, year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`a sequence number starts at 1, got ${sequence}`);
  return `${DOCUMENT_SERIES[kind]}${livemode ? "" : TEST_MARK}/${year}/${String(sequence).padStart(NUMBER_DIGITS, "0")}`;
}

const NUMBER_PATTERN = /^([A-Z]+)(-UJI)?\/(\d{4})\/(\d{6,})$/;

/** A typed number as stored ("kwt/2026/123" → "KWT/2026/000123"), or null when it is not one. */
export function normalizeDocumentNumber(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/\s+/g, "");
  const loose = /^([A-Z]+)(-UJI)?\/(\d{4})\/(\d{1,12})$/.exec(compact);
  if (!loose) return null;
  const kind = (Object.keys(DOCUMENT_SERIES) as FinancialDocumentKind[]).find((k) => DOCUMENT_SERIES[k] === loose[1]);
  if (!kind || Number(loose[4]) < 1) return null;
  const number = documentNumber(kind, !loose[2], Number(loose[3]), Number(loose[4]));
  return NUMBER_PATTERN.test(number) ? number : null;
}
