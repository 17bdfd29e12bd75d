/**
 * The names the books' downloads are saved under, the same on every face (the portals'
 * /api/keuangan, the API's /v1/receipts, /v1/invoices and /v1/statements): test mode's say so.
 */

/** "KWT/2026/000123" → "KWT-2026-000123.pdf" (a test document's number already carries -UJI). */
export const documentFileName = (number: string) => `${number.replaceAll("/", "-")}.pdf`;

export const invoiceFileName = (invoice: { id: string; livemode: boolean }) =>
  `kuasa-tagihan-${invoice.id}${invoice.livemode ? "" : "-uji"}.pdf`;

export const depositStatementFileName = (statement: { month: string; livemode: boolean }, extension: "pdf" | "csv") =>
  `kuasa-laporan-deposit${statement.livemode ? "" : "-uji"}-${statement.month}.${extension}`;

export const earningsStatementFileName = (statement: { month: string }, extension: "pdf" | "csv") =>
  `kuasa-laporan-pendapatan-${statement.month}.${extension}`;
