/**
 * CSV for the portals' exports, made for Excel as Indonesian offices use it: UTF-8 with a byte
 * order mark (without one Excel reads UTF-8 as the local code page), `;` between cells (the list
 * separator of Excel in the Indonesian locale, where `,` is the decimal comma; LibreOffice and
 * scripts are told the separator), CRLF line ends (RFC 4180).
 */
export const CSV_BOM = "\uFEFF";
const CSV_SEPARATOR = ";";

/**
 * A text cell that a spreadsheet would run as a formula (it starts with = + - @, or a tab or
 * carriage return that some programs skip first) gets a leading apostrophe: shown, never run.
 * Amounts are written as numbers and are not text: a refund's "-150000" stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | bigint | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return value.toString();
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: ReadonlyArray<string | number | bigint | null>) => `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** ISO 8601 in Jakarta time (WIB, UTC+7, no daylight saving): 2026-11-23T10:00:00+07:00. */
export function jakartaIso(at: Date): string {
  return `${new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 19)}+07:00`;
}
