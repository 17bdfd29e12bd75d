import { createHash } from "node:crypto";
import { AppError } from "../../errors";

/**
 * What every bank statement layout reads into (docs/decisions/bank-reconciliation.md): the
 * account's credits, each with a key that names it across files, and what was left out and why.
 * Pure: the import service (services/books/bank-import.ts) writes the rows.
 */

export type BankLayout = "bca" | "mandiri";

/** How a layout is named to the operator, and the bank written in a credit's ledger reference. */
export const BANK_LAYOUTS: Record<BankLayout, { bank: string; name: string }> = {
  bca: { bank: "BCA", name: "BCA: Mutasi Rekening (KlikBCA, KlikBCA Bisnis, myBCA)" },
  mandiri: { bank: "Mandiri", name: "Mandiri: Account Statement (Mandiri Cash Management)" },
};

export interface StatementCredit {
  /** The line of the file it was read from (from 1). */
  line: number;
  /** The booking day as the bank prints it, "YYYY-MM-DD". */
  bookedOn: string;
  /** As printed, spaces collapsed. */
  description: string;
  amountIdr: bigint;
  /** The credit's identity across exports and overlapping files (lineKey). */
  lineKey: string;
}

/** A credit that is not imported: still pending at the bank, or an amount with sen. */
export interface SkippedCredit {
  line: number;
  reason: "pending" | "sen";
  description: string;
  /** The amount as printed. */
  amount: string;
}

export interface ParsedStatement {
  layout: BankLayout;
  accountNumber: string;
  credits: StatementCredit[];
  skipped: SkippedCredit[];
  /** Debit lines read and left out (money going out is not a deposit). */
  debits: number;
}

/** The largest statement file read: a month of a busy account; longer ones are exported by week. */
export const MAX_STATEMENT_BYTES = 512 * 1024;

export const statementTooLarge = () =>
  new AppError(
    "VALIDATION",
    `Berkas lebih dari ${MAX_STATEMENT_BYTES / 1024} KB. Unduh mutasi untuk periode yang lebih pendek (misalnya per minggu) lalu impor satu per satu; periode yang tumpang tindih tidak dikreditkan dua kali.`,
  );

/** A cell as the bank wrote it: without the apostrophe that keeps spreadsheets from reading it as a number or date. */
export const cellText = (cell: string | undefined) => (cell ?? "").trim().replace(/^'/, "").trim();

/** Compared as text the bank may pad, re-case or re-space from one export to the next. */
export const normalizedText = (text: string) => text.toUpperCase().replace(/\s+/g, " ").trim();

/** Spaces collapsed, case kept: how a description is stored and shown. */
export const printedText = (text: string) => cellText(text).replace(/\s+/g, " ");

const GROUPED = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
const PLAIN = /^\d*(\.\d{1,2})?$/;

/**
 * An amount as both layouts print it (comma thousands, dot decimals: "1,500,000.00", "150000.00",
 * ".00"), in sen, exactly; null for an empty cell. Anything else is VALIDATION naming the line:
 * a file re-saved by a spreadsheet in another locale ("1.500.000,00") is refused, never guessed.
 */
export function amountInSen(text: string, line: number, column: string): bigint | null {
  const compact = cellText(text).replace(/\s/g, "");
  if (compact === "") return null;
  if (!(GROUPED.test(compact) || PLAIN.test(compact)))
    throw new AppError(
      "VALIDATION",
      `Baris ${line}: ${column} "${text.trim()}" tidak terbaca sebagai jumlah (contoh yang dikenali: 1,500,000.00). Unggah berkas asli dari internet banking, bukan yang sudah disimpan ulang oleh spreadsheet.`,
    );
  const [whole = "", fraction = ""] = compact.replaceAll(",", "").split(".");
  return BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
}

/** A calendar day, or VALIDATION naming the line: "31/02" is not a day. */
export function calendarDay(year: number, month: number, day: number, line: number, printed: string): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw new AppError("VALIDATION", `Baris ${line}: tanggal "${printed}" tidak ada di kalender.`);
  return date.toISOString().slice(0, 10);
}

/** What names one credit: everything the bank prints about it that does not change between exports. */
interface CreditIdentity {
  layout: BankLayout;
  accountNumber: string;
  bookedOn: string;
  amountSen: bigint;
  description: string;
  /** The bank's own reference of the transaction, where the layout has one. */
  bankReference: string | null;
  /** The balance after it, in sen, where the layout has one. */
  balanceSen: bigint | null;
}

/**
 * lineKey: the layout, the account, then a hash of the identity and the credit's occurrence among
 * identical ones in its file (the first is 1). The same credit in any export of any period that
 * holds it gets the same key; two identical credits of one day are told apart by the counter.
 */
function lineKeyOf(identity: CreditIdentity, occurrence: number): string {
  const parts = [
    identity.bookedOn,
    identity.amountSen.toString(),
    normalizedText(identity.description),
    identity.bankReference === null ? "" : normalizedText(identity.bankReference),
    identity.balanceSen === null ? "" : identity.balanceSen.toString(),
    String(occurrence),
  ];
  const hash = createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 40);
  return `${identity.layout}:${identity.accountNumber}:${hash}`;
}

/** A read credit before its key: the identity, and what the statement stores and shows. */
export interface ReadCredit {
  line: number;
  identity: CreditIdentity;
  description: string;
}

/**
 * The credits with their keys: identical identities in one file are numbered in file order, so
 * an export that holds one more of them (a later export of the same day) keys only the new one
 * differently. Whole rupiah only: a credit with sen is left out, listed, never rounded.
 */
export function keyedCredits(read: readonly ReadCredit[]): { credits: StatementCredit[]; withSen: SkippedCredit[] } {
  const seen = new Map<string, number>();
  const credits: StatementCredit[] = [];
  const withSen: SkippedCredit[] = [];
  for (const credit of read) {
    const { identity } = credit;
    if (identity.amountSen % 100n !== 0n) {
      withSen.push({ line: credit.line, reason: "sen", description: credit.description, amount: printedSen(identity.amountSen) });
      continue;
    }
    const name = lineKeyOf(identity, 0);
    const occurrence = (seen.get(name) ?? 0) + 1;
    seen.set(name, occurrence);
    credits.push({
      line: credit.line,
      bookedOn: identity.bookedOn,
      description: credit.description,
      amountIdr: identity.amountSen / 100n,
      lineKey: lineKeyOf(identity, occurrence),
    });
  }
  return { credits, withSen };
}

/** "1,234.56": an amount in sen as the banks print it. */
function printedSen(sen: bigint): string {
  const whole = (sen / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole}.${(sen % 100n).toString().padStart(2, "0")}`;
}
