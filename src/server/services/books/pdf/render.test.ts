import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TAX_RULE, depositBreakdown, passThroughBreakdown, splitPlatformFee, workBreakdown } from "@/server/domain/books/tax";
import type {
  DepositStatementLine,
  DepositStatementView,
  EarningsStatementView,
  FinancialDocumentView,
  InvoiceView,
  Party,
} from "@/server/domain/books/views";
import { renderDepositStatement, renderEarningsStatement, renderFinancialDocument, renderInvoice } from "./render";

/**
 * The PDFs as a reader gets them: poppler's pdftotext (CI installs poppler-utils) reads each one
 * back, and the text is what is asserted: numbers, parties, every amount, the sums, the marks.
 */

let scratch: string;

beforeAll(() => {
  const probe = spawnSync("pdftotext", ["-v"]);
  if (probe.error) throw new Error("pdftotext is missing: these tests read the PDFs back with poppler (apt-get install poppler-utils)");
  scratch = mkdtempSync(path.join(os.tmpdir(), "kuasa-pdf-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The text of every page, as pdftotext -layout lays it out. */
function pages(pdf: Buffer): string[] {
  const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: pdf, encoding: "utf8" });
  // Each page ends with a form feed.
  return text.split("\f").slice(0, -1);
}

function info(pdf: Buffer): Record<string, string> {
  const file = path.join(scratch, "info.pdf");
  writeFileSync(file, pdf);
  const out = execFileSync("pdfinfo", ["-isodates", file], { encoding: "utf8" });
  const fields = out.split("\n").flatMap((line) => {
    const match = /^([^:]+):\s+(.*)$/.exec(line);
    return match ? [[match[1]!, match[2]!] as const] : [];
  });
  return Object.fromEntries(fields);
}

/** The amount printed at the end of the line that starts with `label` ("Rp 1.490.000" → 1490000). */
function amountOn(text: string, label: string): bigint {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`^\\s*${escaped}\\s.*?([+-]?)Rp ([\\d.]+)\\s*$`, "m").exec(text);
  if (!match) throw new Error(`no amount on a line starting with "${label}" in:\n${text}`);
  return BigInt(`${match[1]}${match[2]!.replaceAll(".", "")}`);
}

const seller: Party = {
  name: "PT Kuasa Hukum Digital",
  address: "Jl. Jenderal Sudirman Kav. 52-53, Jakarta Selatan 12190",
  npwp: "01.234.567.8-012.000",
};
const buyer: Party = { name: "PT Agen Cerdas Nusantara", address: "Jl. Gatot Subroto No. 10, Bandung 40262", npwp: "02.345.678.9-423.000" };
const tax = DEFAULT_TAX_RULE;

/** A work order's receipt: 1,000,000 to the practitioner, 490,000 to the platform with VAT inside. */
function receipt(overrides: Partial<FinancialDocumentView> = {}): FinancialDocumentView {
  return {
    number: "KWT/2026/000123",
    kind: "kuitansi",
    livemode: true,
    // 18:30 UTC is already the next day in Jakarta.
    issuedAt: new Date("2026-11-29T18:30:00Z"),
    paidAt: new Date("2026-11-29T18:29:58Z"),
    description: "Pembayaran pesanan Perjanjian Kerahasiaan (NDA) dari deposit",
    orderId: "ord_4fGh7KLmN2pQrS8tUvWx3Y",
    ...workBreakdown(1_490_000n, 1_000_000n, tax),
    tax,
    buyer,
    seller,
    corrects: null,
    ...overrides,
  };
}

describe("renderFinancialDocument", () => {
  it("prints a receipt's number, dates in Jakarta time, both parties and its breakdown adding up to the amount", async () => {
    const view = receipt();
    const [text, ...more] = pages(await renderFinancialDocument(view));
    expect(more).toHaveLength(0);
    expect(text).toContain("KUITANSI");
    expect(text).toContain("No. KWT/2026/000123");
    expect(text).toMatch(/Tanggal terbit\s+30 November 2026/);
    expect(text).toMatch(/Tanggal pembayaran\s+30 November 2026/);
    expect(text).toMatch(/Pesanan\s+ord_4fGh7KLmN2pQrS8tUvWx3Y/);
    for (const part of [buyer, seller]) {
      expect(text).toContain(part.name);
      expect(text).toContain(part.address);
      expect(text).toContain(part.npwp);
    }
    expect(text).toContain(view.description);

    expect(amountOn(text!, "Honorarium praktisi")).toBe(1_000_000n);
    expect(amountOn(text!, "Biaya platform (termasuk PPN)")).toBe(490_000n);
    expect(amountOn(text!, "DPP nilai lain (11/12)")).toBe(view.vatBaseIdr);
    expect(amountOn(text!, "PPN 12%")).toBe(view.vatIdr);
    expect(amountOn(text!, "Jumlah")).toBe(1_490_000n);
    expect(text).toContain("Rp 1.490.000");
    // The parts that are summed make the amount; DPP and PPN are information inside the platform's fee.
    expect(amountOn(text!, "Honorarium praktisi") + amountOn(text!, "Biaya platform (termasuk PPN)")).toBe(amountOn(text!, "Jumlah"));
    const { netIdr } = splitPlatformFee(490_000n, tax);
    expect(netIdr + amountOn(text!, "PPN 12%")).toBe(490_000n);
    expect(text).not.toContain("Biaya resmi");
    expect(text).not.toContain("MODE UJI");
  });

  it("prints an official cost as passed through at cost, with no fee, platform or VAT rows", async () => {
    const [text] = pages(
      await renderFinancialDocument(
        receipt({
          number: "KWT/2026/000124",
          description: "Biaya resmi: PNBP pengesahan badan hukum",
          ...passThroughBreakdown(350_000n),
          tax: null,
        }),
      ),
    );
    expect(amountOn(text!, "Biaya resmi (diteruskan sesuai biaya, tanpa biaya platform dan PPN)")).toBe(350_000n);
    expect(amountOn(text!, "Jumlah")).toBe(350_000n);
    expect(text).not.toContain("Honorarium");
    for (const absent of ["Biaya platform", "DPP", "PPN 12%"]) expect(text).not.toContain(absent);
  });

  it("says which receipt a credit note corrects, and whom it credits", async () => {
    const [text] = pages(
      await renderFinancialDocument(
        receipt({
          number: "NK/2026/000009",
          kind: "nota_kredit",
          description: "Pengembalian dana pesanan yang dibatalkan",
          corrects: { number: "KWT/2026/000123", issuedAt: new Date("2026-11-20T03:00:00Z") },
        }),
      ),
    );
    expect(text).toContain("NOTA KREDIT");
    expect(text).toContain("No. NK/2026/000009");
    expect(text).toContain("Mengoreksi kuitansi KWT/2026/000123 tanggal 20 November 2026");
    expect(text).toContain("DIKREDITKAN KEPADA");
    expect(amountOn(text!, "Jumlah")).toBe(1_490_000n);
  });

  it("prints a deposit receipt with the amount received and the description only", async () => {
    const [text] = pages(
      await renderFinancialDocument(
        receipt({
          number: "BST/2026/000042",
          kind: "bukti_setoran",
          description: "Setoran deposit melalui transfer BCA, referensi 8812345",
          orderId: null,
          ...depositBreakdown(5_000_000n),
          tax: null,
        }),
      ),
    );
    expect(text).toContain("BUKTI SETORAN");
    expect(text).toContain("No. BST/2026/000042");
    expect(text).toContain("Setoran deposit melalui transfer BCA, referensi 8812345");
    expect(text).toMatch(/Jumlah diterima\s*\n\s*Rp 5\.000\.000/);
    expect(text).not.toContain("Pesanan");
    for (const absent of ["Honorarium", "Biaya platform", "PPN", "DPP", "Biaya resmi"]) expect(text).not.toContain(absent);
  });

  it("marks a test-mode document as not a financial document", async () => {
    const [text] = pages(await renderFinancialDocument(receipt({ number: "KWT-UJI/2026/000007", livemode: false })));
    expect(text).toContain("MODE UJI — BUKAN DOKUMEN KEUANGAN YANG SAH");
    expect(text).toContain("No. KWT-UJI/2026/000007");
  });

  it("prints what the standard fonts cannot encode as the nearest plain character", async () => {
    const [text] = pages(
      await renderFinancialDocument(
        receipt({ buyer: { name: "CV Ārya\u2212Jaya ✓ Sejahtera", address: "Jl. Kenanga\tNo. 5", npwp: null } }),
      ),
    );
    expect(text).toContain("CV Arya-Jaya ? Sejahtera");
    expect(text).toContain("Jl. Kenanga No. 5");
    expect(text).not.toContain("NPWP 02.345");
  });

  it("sets the title, author, subject and dates from the view, so two renders give the same bytes", async () => {
    const first = await renderFinancialDocument(receipt());
    expect((await renderFinancialDocument(receipt())).equals(first)).toBe(true);
    expect((await renderFinancialDocument(receipt({ issuedAt: new Date("2026-11-29T18:30:01Z") }))).equals(first)).toBe(false);
    const properties = info(first);
    expect(properties.Title).toBe("Kuitansi KWT/2026/000123");
    expect(properties.Author).toBe(seller.name);
    expect(properties.Subject).toBe(receipt().description);
    expect(properties.CreationDate).toBe("2026-11-29T18:30:00Z");
    expect(properties.Pages).toBe("1");
    expect(info(await renderFinancialDocument(receipt({ livemode: false }))).Title).toBe("Kuitansi KWT/2026/000123 (MODE UJI)");
  });
});

function invoice(overrides: Partial<InvoiceView> = {}): InvoiceView {
  const fee = splitPlatformFee(300_000n, tax);
  return {
    id: "inv_9aZk3LmQ7rT2vW8xY4bN6c",
    livemode: true,
    issuedAt: new Date("2026-11-10T02:15:00Z"),
    status: "dibayar",
    paidAt: new Date("2026-11-12T09:00:00Z"),
    caseTitle: "Pendampingan sengketa merek dagang di Pengadilan Niaga",
    practitionerName: "Rina Kartika, S.H., M.H.",
    bidIdr: 2_000_000n,
    platformFeeIdr: fee.grossIdr,
    vatBaseIdr: fee.vatBaseIdr,
    vatIdr: fee.vatIdr,
    totalIdr: 2_300_000n,
    tax,
    buyer,
    seller,
    receiptNumber: "KWT/2026/000200",
    ...overrides,
  };
}

describe("renderInvoice", () => {
  it("prints the bid, the platform fee with its VAT, the total and the receipt that settled it", async () => {
    const view = invoice();
    const [text, ...more] = pages(await renderInvoice(view));
    expect(more).toHaveLength(0);
    expect(text).toContain("TAGIHAN");
    expect(text).toContain(`No. ${view.id}`);
    expect(text).toMatch(/Status\s+Lunas — kuitansi KWT\/2026\/000200/);
    expect(text).toMatch(/Tanggal terbit\s+10 November 2026/);
    expect(text).toMatch(/Tanggal pembayaran\s+12 November 2026/);
    expect(text).toContain(view.caseTitle);
    expect(text).toContain(view.practitionerName);
    expect(text).toContain(buyer.name);
    expect(amountOn(text!, "Honorarium praktisi")).toBe(2_000_000n);
    expect(amountOn(text!, "Biaya platform (termasuk PPN)")).toBe(300_000n);
    expect(amountOn(text!, "DPP nilai lain (11/12)")).toBe(view.vatBaseIdr);
    expect(amountOn(text!, "PPN 12%")).toBe(view.vatIdr);
    expect(amountOn(text!, "Jumlah")).toBe(2_300_000n);
    expect(amountOn(text!, "Honorarium praktisi") + amountOn(text!, "Biaya platform (termasuk PPN)")).toBe(amountOn(text!, "Jumlah"));
  });

  it("says when an invoice is unpaid or cancelled", async () => {
    const [unpaid] = pages(await renderInvoice(invoice({ status: "belum_dibayar", paidAt: null, receiptNumber: null })));
    expect(unpaid).toMatch(/Status\s+Belum dibayar/);
    expect(unpaid).not.toContain("Tanggal pembayaran");
    const [cancelled] = pages(await renderInvoice(invoice({ status: "dibatalkan", paidAt: null, receiptNumber: null, livemode: false })));
    expect(cancelled).toMatch(/Status\s+Dibatalkan/);
    expect(cancelled).toContain("MODE UJI — BUKAN DOKUMEN KEUANGAN YANG SAH");
  });
});

const MONTH_START = Date.parse("2026-10-31T17:00:00Z");

/** `count` movements over November 2026: top-ups of 5,000,000 and order payments of 1,490,000 in turn. */
function depositLines(count: number, opening: bigint): DepositStatementLine[] {
  let balance = opening;
  return Array.from({ length: count }, (_, i) => {
    const topUp = i % 3 === 0;
    const amountIdr = topUp ? 5_000_000n : -1_490_000n;
    balance += amountIdr;
    return {
      at: new Date(MONTH_START + (i + 1) * 17 * 60_000),
      kind: topUp ? "deposit_topup" : "order_payment",
      label: topUp ? "Setoran deposit" : "Pembayaran pesanan",
      reference: topUp ? `BCA-${880_000 + i}` : `ord_7Qm${String(i).padStart(4, "0")}XkP2vRt9LsWb4NzE`,
      documentNumber: topUp ? `BST-UJI/2026/${String(i + 1).padStart(6, "0")}` : `KWT-UJI/2026/${String(i + 1).padStart(6, "0")}`,
      amountIdr,
      balanceIdr: balance,
    };
  });
}

function depositStatement(lineCount: number, overrides: Partial<DepositStatementView> = {}): DepositStatementView {
  const opening = 2_500_000n;
  const lines = depositLines(lineCount, opening);
  const totalIn = lines.filter((l) => l.amountIdr > 0n).reduce((sum, l) => sum + l.amountIdr, 0n);
  const totalOut = lines.filter((l) => l.amountIdr < 0n).reduce((sum, l) => sum - l.amountIdr, 0n);
  return {
    month: "2026-11",
    monthSoFar: true,
    livemode: false,
    organization: { ...buyer, id: "org_2HkP9qRs4TuV7wXy3Zb8Cd" },
    seller,
    generatedAt: new Date("2026-11-29T10:00:00Z"),
    openingBalanceIdr: opening,
    closingBalanceIdr: opening + totalIn - totalOut,
    totalInIdr: totalIn,
    totalOutIdr: totalOut,
    lines,
    ...overrides,
  };
}

describe("renderDepositStatement", () => {
  it("carries a long test-mode month over several pages, each with the test mark, the headings and its page number", async () => {
    const view = depositStatement(150);
    const texts = pages(await renderDepositStatement(view));
    expect(texts.length).toBeGreaterThanOrEqual(3);
    texts.forEach((text, i) => {
      expect(text).toContain("MODE UJI — BUKAN DOKUMEN KEUANGAN YANG SAH");
      expect(text).toContain("LAPORAN DEPOSIT");
      expect(text).toMatch(/Tanggal\s+Keterangan\s+Referensi\s+No\. dokumen\s+Jumlah\s+Saldo/);
      expect(text).toContain(`Halaman ${i + 1} dari ${texts.length}`);
    });
    const all = texts.join("\n");
    // Every movement once, with its document, signed amount and the balance after it.
    for (const line of view.lines) {
      expect(all.split(line.documentNumber!)).toHaveLength(2);
      const row = all.split("\n").find((l) => l.includes(line.documentNumber!))!;
      expect(row).toContain(line.amountIdr > 0n ? "+Rp 5.000.000" : "-Rp 1.490.000");
      expect(row).toMatch(
        new RegExp(`${line.reference}.*Rp ${Number(line.balanceIdr).toLocaleString("id-ID").replaceAll(".", "\\.")}\\s*$`),
      );
    }
    expect(amountOn(all, "Saldo awal")).toBe(2_500_000n);
    expect(amountOn(all, "Total masuk")).toBe(view.totalInIdr);
    expect(amountOn(all, "Total keluar")).toBe(-view.totalOutIdr);
    expect(amountOn(all, "Saldo saat ini")).toBe(view.closingBalanceIdr);
    expect(view.closingBalanceIdr).toBe(view.lines.at(-1)!.balanceIdr);
    expect(texts[0]).toContain("Periode November 2026");
    expect(texts[0]).toContain("(bulan berjalan, s.d. 29 November 2026 17.00 WIB)");
    expect(texts[0]).toContain(view.organization.id);
    expect(texts[0]).toMatch(/Saldo awal\s+Total masuk\s+Total keluar\s+Saldo saat ini/);
    // The first movement, 17 minutes into November in Jakarta.
    expect(texts[0]).toContain("01 Nov 2026 00.17");
  });

  it("gives a finished live month's closing balance and says when there were no movements", async () => {
    const view = depositStatement(0, { monthSoFar: false, livemode: true });
    const texts = pages(await renderDepositStatement(view));
    expect(texts).toHaveLength(1);
    const [text] = texts;
    expect(text).not.toContain("MODE UJI");
    expect(text).not.toContain("bulan berjalan");
    expect(text).toContain("Tidak ada mutasi pada periode ini");
    expect(amountOn(text!, "Saldo akhir")).toBe(2_500_000n);
    expect(text).toContain("Halaman 1 dari 1");
  });

  it("gives the same bytes for the same statement", async () => {
    const first = await renderDepositStatement(depositStatement(60));
    expect((await renderDepositStatement(depositStatement(60))).equals(first)).toBe(true);
    expect(info(first).CreationDate).toBe("2026-11-29T10:00:00Z");
    expect(info(first).Title).toBe("Laporan deposit November 2026, PT Agen Cerdas Nusantara (MODE UJI)");
  });
});

function earnings(overrides: Partial<EarningsStatementView> = {}): EarningsStatementView {
  return {
    month: "2026-10",
    monthSoFar: false,
    practitioner: { id: "prk_5JmN8pQr2StU6vWx9Yz3Ab", name: "Rina Kartika, S.H., M.H." },
    seller,
    generatedAt: new Date("2026-11-01T01:00:00Z"),
    openingBalanceIdr: 750_000n,
    feesEarnedIdr: 3_000_000n,
    reimbursedCostsIdr: 350_000n,
    payoutsIdr: 3_000_000n,
    balanceDueIdr: 1_100_000n,
    lines: [
      {
        at: new Date("2026-10-03T04:00:00Z"),
        kind: "escrow_release",
        label: "Pembayaran pesanan (escrow dilepas)",
        orderId: "ord_Bq7Wm2Xk9Lp4Rt6Vn3Hs8Jd",
        bankReference: null,
        amountIdr: 1_000_000n,
        balanceIdr: 1_750_000n,
      },
      {
        at: new Date("2026-10-09T07:30:00Z"),
        kind: "cost_reimbursement",
        label: "Penggantian biaya resmi",
        orderId: "ord_Kd3Fg8Hj2Lm5Np9Qr4St7Vw",
        bankReference: null,
        amountIdr: 350_000n,
        balanceIdr: 2_100_000n,
      },
      {
        at: new Date("2026-10-15T03:00:00Z"),
        kind: "practitioner_payout",
        label: "Pencairan ke rekening",
        orderId: null,
        bankReference: "TRF20261015001",
        amountIdr: -2_100_000n,
        balanceIdr: 0n,
      },
      {
        at: new Date("2026-10-20T05:00:00Z"),
        kind: "split_release",
        label: "Putusan sengketa: bagian praktisi",
        orderId: "ord_Xz6Cv1Bn4Mq8Wr2Ty5Ui9Op",
        bankReference: null,
        amountIdr: 2_000_000n,
        balanceIdr: 2_000_000n,
      },
      {
        at: new Date("2026-10-28T03:00:00Z"),
        kind: "practitioner_payout",
        label: "Pencairan ke rekening",
        orderId: null,
        bankReference: "TRF20261028007",
        amountIdr: -900_000n,
        balanceIdr: 1_100_000n,
      },
    ],
    ...overrides,
  };
}

describe("renderEarningsStatement", () => {
  it("prints the summary and every movement of a practitioner's month, ending at the balance due", async () => {
    const view = earnings();
    const pdf = await renderEarningsStatement(view);
    const [text, ...more] = pages(pdf);
    expect(more).toHaveLength(0);
    expect(text).toContain("LAPORAN PENDAPATAN");
    expect(text).toContain("Periode Oktober 2026");
    expect(text).toContain(view.practitioner.name);
    expect(text).toContain(view.practitioner.id);
    expect(text).toMatch(/Saldo awal\s+Honorarium diterima\s+Penggantian biaya resmi\s+Pencairan\s+Saldo terutang/);
    expect(text).toMatch(/Rp 750\.000\s+Rp 3\.000\.000\s+Rp 350\.000\s+Rp 3\.000\.000\s+Rp 1\.100\.000/);
    expect(text).toMatch(/Tanggal\s+Keterangan\s+Pesanan\s+Referensi bank\s+Jumlah\s+Saldo/);
    for (const line of view.lines) expect(text).toContain(line.orderId ?? line.bankReference);
    expect(text).toMatch(/TRF20261015001\s+-Rp 2\.100\.000\s+Rp 0/);
    expect(text).toMatch(/ord_Xz6Cv1Bn4Mq8Wr2Ty5Ui9Op\s+\+Rp 2\.000\.000\s+Rp 2\.000\.000/);
    expect(amountOn(text!, "Saldo terutang akhir bulan")).toBe(1_100_000n);
    expect(text).not.toContain("MODE UJI");
    expect((await renderEarningsStatement(earnings())).equals(pdf)).toBe(true);
  });
});
