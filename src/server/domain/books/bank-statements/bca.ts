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
 * BCA's "Mutasi Rekening" CSV, as KlikBCA (individual), KlikBCA Bisnis and myBCA export it:
 *
 *   No. rekening : 0123456789          header lines: the account, the period, the currency
 *   Periode : 01/11/2026 - 30/11/2026
 *   Kode Mata Uang : IDR
 *   Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo
 *   '03/11,'TRSF E-BANKING CR …,'0000,"1,500,000.00",CR,"11,500,000.00"
 *   PEND,'BIAYA ADM,'0000,"10,000.00",DB,"11,490,000.00"
 *   Saldo Awal : 10,000,000.00          footer lines: opening and closing balance, totals
 *
 * Jumlah carries CR (money in) or DB (money out) in its own cell or after the amount in the same
 * cell ("1,500,000.00 CR", KlikBCA Bisnis); Saldo, the balance after the line, follows. Dates are
 * "dd/mm" in the period's year or "dd/mm/yyyy", often behind an apostrophe; "PEND" marks a
 * transaction the bank has not booked yet. English exports name the same columns Date,
 * Description, Branch, Amount, Balance.
 */

const HEADERS = [
  ["TANGGAL TRANSAKSI", "KETERANGAN", "CABANG", "JUMLAH"],
  ["DATE", "DESCRIPTION", "BRANCH", "AMOUNT"],
];

/** The row naming the columns, if `row` is one. */
export function isBcaHeader(row: CsvRow): boolean {
  const names = row.cells.slice(0, 4).map((cell) => normalizedText(cellText(cell)));
  return HEADERS.some((header) => header.every((name, i) => names[i] === name));
}

const ACCOUNT_LINE = /^(?:no\.?\s*rek(?:ening)?|account\s*(?:no\.?|number))\s*:?\s*'?\s*(\d[\d\s.-]*\d)\b/i;
const PERIOD_LINE = /^(?:periode|period)\s*:?\s*'?(\d{2})\/(\d{2})\/(\d{4})\s*(?:-|s\.?\s*d\.?|to)\s*'?(\d{2})\/(\d{2})\/(\d{4})/i;
const CURRENCY_LINE = /^(?:kode\s*mata\s*uang|mata\s*uang|currency)\s*:?\s*'?([a-z]+)/i;
const FOOTER_LINE =
  /^(?:saldo\s*awal|saldo\s*akhir|mutasi\s*kredit|mutasi\s*deb[ei]t|total\s*mutasi|opening\s*balance|closing\s*balance|total\s*credit|total\s*debit)/i;
const DAY_MONTH = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/;
const WITH_DIRECTION = /^(.*?)\s*(CR|DB)$/i;

interface Period {
  from: string;
  to: string;
}

/** A header or footer line read as one text: its cells joined, each without its apostrophe. */
const lineText = (row: CsvRow) =>
  row.cells
    .map(cellText)
    .filter((cell) => cell !== "")
    .join(" ");

function readHeaderLines(rows: readonly CsvRow[]): { accountNumber: string; period: Period | null } {
  let accountNumber: string | null = null;
  let period: Period | null = null;
  for (const row of rows) {
    const text = lineText(row);
    const account = ACCOUNT_LINE.exec(text);
    if (account) accountNumber = account[1]!.replace(/\D/g, "");
    const range = PERIOD_LINE.exec(text);
    if (range) {
      const [, d1, m1, y1, d2, m2, y2] = range.map(String);
      period = {
        from: calendarDay(Number(y1), Number(m1), Number(d1), row.line, text),
        to: calendarDay(Number(y2), Number(m2), Number(d2), row.line, text),
      };
    }
    const currency = CURRENCY_LINE.exec(text);
    if (currency && !["IDR", "RP"].includes(currency[1]!.toUpperCase()))
      throw new AppError(
        "VALIDATION",
        `Baris ${row.line}: mutasi rekening bermata uang ${currency[1]}; deposit hanya menerima rupiah (IDR).`,
      );
  }
  if (!accountNumber)
    throw new AppError(
      "VALIDATION",
      'Mutasi BCA ini tidak memuat baris "No. rekening". Unduh ulang CSV mutasi rekening lengkap dengan baris kepalanya (nomor rekening, periode, mata uang).',
    );
  return { accountNumber, period };
}

/** "dd/mm" in the period (which may span a new year), or "dd/mm/yyyy". */
function bookingDay(printed: string, period: Period | null, line: number): string {
  const match = DAY_MONTH.exec(printed);
  if (!match)
    throw new AppError("VALIDATION", `Baris ${line}: "${printed}" bukan tanggal transaksi (dd/mm atau dd/mm/yyyy) dan bukan PEND.`);
  const [, day, month, year] = match;
  if (year) return calendarDay(Number(year), Number(month), Number(day), line, printed);
  if (!period)
    throw new AppError(
      "VALIDATION",
      `Baris ${line}: tanggal "${printed}" tanpa tahun, dan berkas tidak memuat baris "Periode". Unduh ulang CSV lengkap dengan baris kepalanya.`,
    );
  const fromYear = Number(period.from.slice(0, 4));
  const inFromYear = calendarDay(fromYear, Number(month), Number(day), line, printed);
  const booked = inFromYear >= period.from ? inFromYear : calendarDay(fromYear + 1, Number(month), Number(day), line, printed);
  if (booked > period.to)
    throw new AppError("VALIDATION", `Baris ${line}: tanggal "${printed}" di luar periode ${period.from} s.d. ${period.to} berkas ini.`);
  return booked;
}

/** The statement from the rows of a file whose header row is at `headerIndex`. */
export function readBca(rows: readonly CsvRow[], headerIndex: number): ParsedStatement {
  const { accountNumber, period } = readHeaderLines(rows.slice(0, headerIndex));
  const read: ReadCredit[] = [];
  const pending: ParsedStatement["skipped"] = [];
  let debits = 0;
  for (const row of rows.slice(headerIndex + 1)) {
    const text = lineText(row);
    if (text === "" || FOOTER_LINE.test(text)) continue;
    const [date = "", description = "", , amountCell = "", ...rest] = row.cells.map(cellText);
    // Not booked yet: its date comes with a later export, which imports it then.
    const bookedOn = date.toUpperCase() === "PEND" ? null : bookingDay(date, period, row.line);
    // Jumlah with its direction in the same cell ("1,500,000.00 CR"), or in the next one.
    const together = WITH_DIRECTION.exec(amountCell);
    const [amountText, direction, balanceText] = together ? [together[1]!, together[2]!, rest[0]] : [amountCell, rest[0] ?? "", rest[1]];
    const kind = direction.toUpperCase();
    if (kind !== "CR" && kind !== "DB")
      throw new AppError("VALIDATION", `Baris ${row.line}: Jumlah "${amountCell}" tidak bertanda CR (masuk) atau DB (keluar).`);
    const amountSen = amountInSen(amountText, row.line, "Jumlah");
    if (amountSen === null) throw new AppError("VALIDATION", `Baris ${row.line}: Jumlah kosong.`);
    const balanceSen = amountInSen(balanceText ?? "", row.line, "Saldo");
    if (kind === "DB") {
      debits++;
      continue;
    }
    const printed = printedText(description);
    if (bookedOn === null) {
      pending.push({ line: row.line, reason: "pending", description: printed, amount: amountText });
      continue;
    }
    read.push({
      line: row.line,
      description: printed,
      identity: {
        layout: "bca",
        accountNumber,
        bookedOn,
        amountSen,
        description: printed,
        bankReference: null,
        balanceSen,
      },
    });
  }
  const { credits, withSen } = keyedCredits(read);
  return { layout: "bca", accountNumber, credits, skipped: [...pending, ...withSen].sort((a, b) => a.line - b.line), debits };
}
