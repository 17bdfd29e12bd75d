import { AppError } from "./errors";

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

/** One row of a CSV file as read: its cells, and the line of the file it starts on (from 1). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * Reads CSV as RFC 4180 writes it and spreadsheets and banks' exports follow it: cells split at
 * `separator`, a quoted cell may hold the separator, line breaks and doubled quotes; CRLF, LF or CR
 * end a row; a leading byte order mark is dropped; blank lines are rows of one empty cell. A quote
 * that never closes is VALIDATION naming its line, never a silently merged rest of the file.
 */
export function readCsv(text: string, separator: "," | ";"): CsvRow[] {
  const rows: CsvRow[] = [];
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteLine = 0;
  const endRow = () => {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n" || (char === "\r" && source[i + 1] !== "\n")) line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      // A quote opens a cell only at its start (spaces before it, as some exports write, are dropped).
      quoted = true;
      quoteLine = line;
      cell = "";
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) throw new AppError("VALIDATION", `Baris ${quoteLine}: tanda kutip (") dibuka tetapi tidak pernah ditutup.`);
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}
