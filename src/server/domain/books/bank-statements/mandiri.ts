import type { CsvRow } from "../../csv";
import { AppError } from "../../errors";
import {
  amountInSen,
  calendarDay,
  cellText,
  keyedCredits,
  normalizedText,
  type ParsedStatement,
  printedText,
  type ReadCredit,
} from "./common";

/**
 * Mandiri Cash Management's (MCM, Mandiri's internet banking for companies) account statement
 * CSV: one header row, then one row per transaction, each carrying the account:
 *
 *   Account No,Date,Val. Date,Transaction Code,Description,Description,Reference No.,Debit,Credit,Balance
 *   1230007788990,03/11/26,03/11/26,7820,"MCM InhouseTrf DARI PT …","KSA7F3K9Q2M",FT2611030001,.00,"1,500,000.00","41,500,000.00"
 *
 * Columns are found by name: the description may come in one or two columns (read as one), and
 * Reference No. and Balance are used when present. Dates are "dd/mm/yy" or "dd/mm/yyyy"; amounts
 * are "1,500,000.00" or ".00", Debit and Credit each in its own column.
 */

const REQUIRED = ["ACCOUNT NO", "DATE", "DESCRIPTION", "DEBIT", "CREDIT"] as const;

/** A column name as compared: upper case, spaces collapsed, no trailing dot ("Reference No." is "REFERENCE NO"). */
const columnName = (cell: string) => normalizedText(cellText(cell)).replace(/\.$/, "");

export function isMandiriHeader(row: CsvRow): boolean {
  const names = row.cells.map(columnName);
  return REQUIRED.every((name) => names.includes(name));
}

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
const SUMMARY_LINE = /^(?:opening|closing|beginning|ending|total|saldo)\b/i;

function bookingDay(printed: string, line: number): string {
  const match = DATE.exec(printed);
  if (!match) throw new AppError("VALIDATION", `Baris ${line}: Date "${printed}" bukan tanggal (dd/mm/yy atau dd/mm/yyyy).`);
  const [, day, month, year = ""] = match;
  return calendarDay(year.length === 2 ? 2000 + Number(year) : Number(year), Number(month), Number(day), line, printed);
}

export function readMandiri(rows: readonly CsvRow[], headerIndex: number): ParsedStatement {
  const names = rows[headerIndex]!.cells.map(columnName);
  const at = (name: string) => names.indexOf(name);
  const descriptions = names.flatMap((name, i) => (name === "DESCRIPTION" ? [i] : []));
  const [accountAt, dateAt, debitAt, creditAt, referenceAt, balanceAt] = [
    at("ACCOUNT NO"),
    at("DATE"),
    at("DEBIT"),
    at("CREDIT"),
    at("REFERENCE NO"),
    at("BALANCE"),
  ];
  let accountNumber: string | null = null;
  const read: ReadCredit[] = [];
  let debits = 0;
  for (const row of rows.slice(headerIndex + 1)) {
    const cells = row.cells.map(cellText);
    const first = cells.find((cell) => cell !== "");
    if (first === undefined || SUMMARY_LINE.test(first)) continue;
    const account = cells[accountAt] ?? "";
    if (!/^\d+$/.test(account)) throw new AppError("VALIDATION", `Baris ${row.line}: Account No "${account}" bukan nomor rekening.`);
    if (accountNumber !== null && account !== accountNumber)
      throw new AppError(
        "VALIDATION",
        `Baris ${row.line}: rekening ${account} berbeda dengan ${accountNumber} di baris sebelumnya. Satu berkas memuat satu rekening; unduh per rekening.`,
      );
    accountNumber = account;
    const bookedOn = bookingDay(cells[dateAt] ?? "", row.line);
    const debit = amountInSen(cells[debitAt] ?? "", row.line, "Debit") ?? 0n;
    const credit = amountInSen(cells[creditAt] ?? "", row.line, "Credit") ?? 0n;
    const balanceSen = balanceAt < 0 ? null : amountInSen(cells[balanceAt] ?? "", row.line, "Balance");
    if (debit > 0n && credit > 0n)
      throw new AppError("VALIDATION", `Baris ${row.line}: Debit dan Credit sama-sama terisi; satu baris mutasi hanya salah satunya.`);
    if (credit === 0n) {
      if (debit > 0n) debits++;
      continue;
    }
    const description = printedText(descriptions.map((i) => cells[i] ?? "").join(" "));
    const bankReference = referenceAt < 0 ? null : (cells[referenceAt] ?? "");
    read.push({
      line: row.line,
      description,
      identity: { layout: "mandiri", accountNumber: account, bookedOn, amountSen: credit, description, bankReference, balanceSen },
    });
  }
  const { credits, withSen } = keyedCredits(read);
  // A period without transactions names no account: there is nothing to key.
  return { layout: "mandiri", accountNumber: accountNumber ?? "", credits, skipped: withSen, debits };
}
