import { CSV_BOM, csvLine, jakartaIso } from "../csv";
import { parseStatementMonth } from "./month";
import type { DepositStatementView, EarningsStatementView } from "./views";

/**
 * The monthly statements as CSV (domain/csv.ts: BOM, `;`, CRLF): a header, an opening line at
 * the month's first instant, every movement oldest first, a closing line at the month's end (or
 * at the moment it was made, for the month so far). Amounts are plain signed integers of rupiah;
 * times are ISO 8601 in WIB. The opening and closing lines carry `saldo_awal` / `saldo_akhir` as
 * their kind and only a balance, so the movements' amounts sum from one to the other.
 */

/** When a statement's closing balance stands: the next month's first instant, or when it was made. */
function closingAt(view: { month: string; monthSoFar: boolean; generatedAt: Date }): Date {
  return view.monthSoFar ? view.generatedAt : parseStatementMonth(view.month).to;
}

export function depositStatementCsv(view: DepositStatementView): string {
  const from = parseStatementMonth(view.month).from;
  const header = ["waktu_wib", "kode_jenis", "jenis", "referensi", "nomor_dokumen", "jumlah_idr", "saldo_idr"];
  return [
    CSV_BOM + csvLine(header),
    csvLine([jakartaIso(from), "saldo_awal", "Saldo awal", null, null, null, view.openingBalanceIdr]),
    ...view.lines.map((line) =>
      csvLine([jakartaIso(line.at), line.kind, line.label, line.reference, line.documentNumber, line.amountIdr, line.balanceIdr]),
    ),
    csvLine([jakartaIso(closingAt(view)), "saldo_akhir", "Saldo akhir", null, null, null, view.closingBalanceIdr]),
  ].join("");
}

export function earningsStatementCsv(view: EarningsStatementView): string {
  const from = parseStatementMonth(view.month).from;
  const header = ["waktu_wib", "kode_jenis", "jenis", "id_pesanan", "referensi_bank", "jumlah_idr", "saldo_idr"];
  return [
    CSV_BOM + csvLine(header),
    csvLine([jakartaIso(from), "saldo_awal", "Saldo awal", null, null, null, view.openingBalanceIdr]),
    ...view.lines.map((line) =>
      csvLine([jakartaIso(line.at), line.kind, line.label, line.orderId, line.bankReference, line.amountIdr, line.balanceIdr]),
    ),
    csvLine([jakartaIso(closingAt(view)), "saldo_akhir", "Saldo akhir", null, null, null, view.balanceDueIdr]),
  ].join("");
}
