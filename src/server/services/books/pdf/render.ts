import { DOCUMENT_KIND_LABEL, type FinancialDocumentKind } from "@/server/domain/books/numbering";
import { type TaxRule, vatRateLabel } from "@/server/domain/books/tax";
import type { DepositStatementView, EarningsStatementView, FinancialDocumentView, InvoiceView, Party } from "@/server/domain/books/views";
import { day, dayTime, idr, monthLabel, shortDayTime, signedIdr } from "./format";
import { type Column, type Row, Sheet } from "./layout";

/**
 * The books' four PDFs, each from its view (domain/books/views.ts) and nothing else: the same view
 * always gives the same bytes. docs/decisions/books-pdf.md.
 */

/** What a receipt's or an invoice's table breaks the amount into. */
interface Breakdown {
  practitionerFeeIdr: bigint;
  platformFeeIdr: bigint;
  vatBaseIdr: bigint;
  vatIdr: bigint;
  passThroughIdr: bigint;
  totalIdr: bigint;
  tax: TaxRule | null;
}

const BREAKDOWN_COLUMNS: readonly Column[] = [
  { heading: "Uraian", width: 0.62 },
  { heading: "Informasi", width: 0.19, align: "right" },
  { heading: "Jumlah", width: 0.19, align: "right" },
];

/**
 * The parts that add up to the total, each omitted when zero; DPP and PPN stand beside the
 * platform's fee as information (the PPN is inside it), never in the sum.
 */
function breakdown(sheet: Sheet, b: Breakdown): void {
  const rows: Row[] = [];
  if (b.practitionerFeeIdr !== 0n) rows.push({ cells: ["Honorarium praktisi", "", idr(b.practitionerFeeIdr)] });
  if (b.platformFeeIdr !== 0n) {
    rows.push({ cells: ["Biaya platform (termasuk PPN)", "", idr(b.platformFeeIdr)] });
    if (b.tax)
      rows.push(
        { cells: [`DPP nilai lain (${b.tax.vatBaseNumerator}/${b.tax.vatBaseDenominator})`, idr(b.vatBaseIdr), ""], aside: true },
        { cells: [`PPN ${vatRateLabel(b.tax.vatRateBasisPoints)}`, idr(b.vatIdr), ""], aside: true },
      );
  }
  if (b.passThroughIdr !== 0n)
    rows.push({ cells: ["Biaya resmi (diteruskan sesuai biaya, tanpa biaya platform dan PPN)", "", idr(b.passThroughIdr)] });
  rows.push({ cells: ["Jumlah", "", idr(b.totalIdr)], bold: true, ruleAbove: true });
  sheet.table(BREAKDOWN_COLUMNS, rows, 9);
  if (b.platformFeeIdr !== 0n && b.tax) {
    sheet.gap(6);
    sheet.note(
      `PPN ${vatRateLabel(b.tax.vatRateBasisPoints)} dihitung atas DPP nilai lain ${b.tax.vatBaseNumerator}/${b.tax.vatBaseDenominator} ` +
        "dari biaya platform sebelum pajak dan sudah termasuk dalam biaya platform; baris DPP dan PPN hanya informasi, tidak dijumlahkan.",
    );
  }
}

const issuedBy = (seller: Party) => `diterbitkan secara elektronik oleh ${seller.name}`;

/** Per kind: whom the document is for, and what its paid date and description are called. */
const DOCUMENT_WORDS: Record<FinancialDocumentKind, { party: string; paidAt: string; description: string }> = {
  kuitansi: { party: "Diterima dari", paidAt: "Tanggal pembayaran", description: "Untuk pembayaran" },
  nota_kredit: { party: "Dikreditkan kepada", paidAt: "Tanggal pengkreditan", description: "Keterangan" },
  bukti_setoran: { party: "Diterima dari", paidAt: "Tanggal setoran diterima", description: "Keterangan" },
};

/** A receipt (kuitansi), credit note (nota kredit) or deposit receipt (bukti setoran). */
export async function renderFinancialDocument(view: FinancialDocumentView): Promise<Buffer> {
  const label = DOCUMENT_KIND_LABEL[view.kind];
  const words = DOCUMENT_WORDS[view.kind];
  const sheet = await Sheet.open({
    title: label.toUpperCase(),
    reference: [`No. ${view.number}`],
    seller: view.seller,
    livemode: view.livemode,
    madeAt: view.issuedAt,
    metadata: { title: `${label} ${view.number}`, subject: view.description },
    footnote: `${label} ${view.number} · ${issuedBy(view.seller)}`,
  });
  if (view.corrects) {
    sheet.paragraph(`Mengoreksi kuitansi ${view.corrects.number} tanggal ${day(view.corrects.issuedAt)}`, { bold: true, size: 9.5 });
    sheet.gap(8);
  }
  sheet.fields([
    ["Tanggal terbit", day(view.issuedAt)],
    [words.paidAt, day(view.paidAt)],
    ...(view.orderId ? [["Pesanan", view.orderId] as const] : []),
  ]);
  sheet.gap(12);
  sheet.party(words.party, view.buyer);
  sheet.gap(12);
  sheet.heading(words.description);
  sheet.paragraph(view.description, { size: 9.5 });
  sheet.gap(14);
  if (view.kind === "bukti_setoran") sheet.figures([["Jumlah diterima", idr(view.amountIdr)]]);
  else
    breakdown(sheet, {
      practitionerFeeIdr: view.practitionerFeeIdr,
      platformFeeIdr: view.platformFeeIdr,
      vatBaseIdr: view.vatBaseIdr,
      vatIdr: view.vatIdr,
      passThroughIdr: view.passThroughIdr,
      totalIdr: view.amountIdr,
      tax: view.tax,
    });
  return sheet.finish();
}

function invoiceStatus(view: InvoiceView): string {
  if (view.status === "belum_dibayar") return "Belum dibayar";
  if (view.status === "dibatalkan") return "Dibatalkan";
  return view.receiptNumber ? `Lunas — kuitansi ${view.receiptNumber}` : "Lunas";
}

/** A case-board invoice (tagihan): the accepted bid and the platform's fee, VAT inside it. */
export async function renderInvoice(view: InvoiceView): Promise<Buffer> {
  const sheet = await Sheet.open({
    title: "TAGIHAN",
    reference: [`No. ${view.id}`],
    seller: view.seller,
    livemode: view.livemode,
    madeAt: view.issuedAt,
    metadata: { title: `Tagihan ${view.id}`, subject: view.caseTitle },
    footnote: `Tagihan ${view.id} · ${issuedBy(view.seller)}`,
  });
  sheet.fields([
    ["Tanggal terbit", day(view.issuedAt)],
    ["Status", invoiceStatus(view)],
    ...(view.paidAt ? [["Tanggal pembayaran", day(view.paidAt)] as const] : []),
  ]);
  sheet.gap(12);
  sheet.party("Ditagihkan kepada", view.buyer);
  sheet.gap(12);
  sheet.heading("Perkara");
  sheet.fields([["Judul", view.caseTitle], ...(view.practitionerName ? [["Praktisi", view.practitionerName] as const] : [])], 70);
  sheet.gap(14);
  breakdown(sheet, {
    practitionerFeeIdr: view.bidIdr,
    platformFeeIdr: view.platformFeeIdr,
    vatBaseIdr: view.vatBaseIdr,
    vatIdr: view.vatIdr,
    passThroughIdr: 0n,
    totalIdr: view.totalIdr,
    tax: view.tax,
  });
  return sheet.finish();
}

/** The period under a statement's title: the month, and how far it goes while it runs. */
function period(month: string, monthSoFar: boolean, generatedAt: Date): string[] {
  const lines = [`Periode ${monthLabel(month)}`];
  if (monthSoFar) lines.push(`(bulan berjalan, s.d. ${dayTime(generatedAt)})`);
  return lines;
}

const STATEMENT_NOTE = "Jumlah bertanda + menambah saldo, bertanda - menguranginya. Semua waktu dalam WIB (UTC+7).";

/** A statement row whose label runs over the three middle columns: opening and closing balances, totals. */
const summaryRow = (label: string, amount: string, balance: string, extra: Partial<Row> = {}): Row => ({
  cells: ["", label, amount, balance],
  spans: [1, 3, 1, 1],
  ...extra,
});

/** Opening row, the movements (or a line saying there were none), then `closing` rows. */
function movementRows(opening: string, movements: Row[], closing: Row[]): Row[] {
  const none: Row = { cells: ["", "Tidak ada mutasi pada periode ini"] };
  return [summaryRow("Saldo awal", "", opening, { bold: true }), ...(movements.length > 0 ? movements : [none]), ...closing];
}

/** An organisation's deposit over one month: every movement with the balance after it. */
export async function renderDepositStatement(view: DepositStatementView): Promise<Buffer> {
  const month = monthLabel(view.month);
  const sheet = await Sheet.open({
    title: "LAPORAN DEPOSIT",
    reference: period(view.month, view.monthSoFar, view.generatedAt),
    seller: view.seller,
    livemode: view.livemode,
    madeAt: view.generatedAt,
    metadata: {
      title: `Laporan deposit ${month}, ${view.organization.name}`,
      subject: `Mutasi deposit ${view.organization.name}, ${month}`,
    },
    footnote: `Laporan deposit ${view.organization.name}, ${month} · dibuat ${dayTime(view.generatedAt)}`,
  });
  sheet.party("Organisasi", view.organization, [["ID", view.organization.id]]);
  sheet.gap(12);
  // totalOutIdr is what left the deposit as a positive figure, as the statement's lines are signed.
  sheet.figures([
    ["Saldo awal", idr(view.openingBalanceIdr)],
    ["Total masuk", idr(view.totalInIdr)],
    ["Total keluar", idr(view.totalOutIdr)],
    [view.monthSoFar ? "Saldo saat ini" : "Saldo akhir", idr(view.closingBalanceIdr)],
  ]);
  sheet.gap(14);
  sheet.heading("Mutasi");
  const movements = view.lines.map(
    (line): Row => ({
      cells: [
        shortDayTime(line.at),
        line.label,
        line.reference ?? "",
        line.documentNumber ?? "",
        signedIdr(line.amountIdr),
        idr(line.balanceIdr),
      ],
    }),
  );
  sheet.table(
    [
      { heading: "Tanggal", width: 0.142 },
      { heading: "Keterangan", width: 0.163 },
      { heading: "Referensi", width: 0.26 },
      { heading: "No. dokumen", width: 0.165 },
      { heading: "Jumlah", width: 0.13, align: "right" },
      { heading: "Saldo", width: 0.14, align: "right" },
    ],
    movementRows(idr(view.openingBalanceIdr), movements, [
      summaryRow("Total masuk", signedIdr(view.totalInIdr), "", { ruleAbove: true }),
      summaryRow("Total keluar", signedIdr(-view.totalOutIdr), ""),
      summaryRow(view.monthSoFar ? "Saldo saat ini" : "Saldo akhir", "", idr(view.closingBalanceIdr), { bold: true }),
    ]),
    7.5,
  );
  sheet.gap(8);
  sheet.note(STATEMENT_NOTE);
  return sheet.finish();
}

/** A practitioner's earnings over one month (live money only): what was earned, paid out, and is owed. */
export async function renderEarningsStatement(view: EarningsStatementView): Promise<Buffer> {
  const month = monthLabel(view.month);
  const { practitioner } = view;
  const sheet = await Sheet.open({
    title: "LAPORAN PENDAPATAN",
    reference: period(view.month, view.monthSoFar, view.generatedAt),
    seller: view.seller,
    livemode: true,
    madeAt: view.generatedAt,
    metadata: { title: `Laporan pendapatan ${month}, ${practitioner.name}`, subject: `Pendapatan ${practitioner.name}, ${month}` },
    footnote: `Laporan pendapatan ${practitioner.name}, ${month} · dibuat ${dayTime(view.generatedAt)}`,
  });
  sheet.party("Praktisi", { name: practitioner.name, address: null, npwp: null }, [["ID", practitioner.id]]);
  sheet.gap(12);
  sheet.figures([
    ["Saldo awal", idr(view.openingBalanceIdr)],
    ["Honorarium diterima", idr(view.feesEarnedIdr)],
    ["Penggantian biaya resmi", idr(view.reimbursedCostsIdr)],
    ["Pencairan", idr(view.payoutsIdr)],
    ["Saldo terutang", idr(view.balanceDueIdr)],
  ]);
  sheet.gap(14);
  sheet.heading("Mutasi");
  const movements = view.lines.map(
    (line): Row => ({
      cells: [
        shortDayTime(line.at),
        line.label,
        line.orderId ?? "",
        line.bankReference ?? "",
        signedIdr(line.amountIdr),
        idr(line.balanceIdr),
      ],
    }),
  );
  sheet.table(
    [
      { heading: "Tanggal", width: 0.142 },
      { heading: "Keterangan", width: 0.163 },
      { heading: "Pesanan", width: 0.26 },
      { heading: "Referensi bank", width: 0.165 },
      { heading: "Jumlah", width: 0.13, align: "right" },
      { heading: "Saldo", width: 0.14, align: "right" },
    ],
    movementRows(idr(view.openingBalanceIdr), movements, [
      summaryRow(view.monthSoFar ? "Saldo terutang saat ini" : "Saldo terutang akhir bulan", "", idr(view.balanceDueIdr), {
        bold: true,
        ruleAbove: true,
      }),
    ]),
    7.5,
  );
  sheet.gap(8);
  sheet.note(STATEMENT_NOTE);
  return sheet.finish();
}
