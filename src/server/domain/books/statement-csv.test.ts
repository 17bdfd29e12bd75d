import { describe, expect, it } from "vitest";
import { depositStatementCsv, earningsStatementCsv } from "./statement-csv";
import type { DepositStatementView, EarningsStatementView } from "./views";

const party = { name: "PT Kuasa Hukum Digital", address: null, npwp: null };

const october: DepositStatementView = {
  month: "2026-10",
  monthSoFar: false,
  livemode: true,
  organization: { id: "org_1", ...party },
  seller: party,
  generatedAt: new Date("2026-11-26T03:00:00Z"),
  openingBalanceIdr: 1_000_000n,
  closingBalanceIdr: 5_300_000n,
  totalInIdr: 6_000_000n,
  totalOutIdr: 1_700_000n,
  lines: [
    {
      at: new Date("2026-10-05T02:00:00Z"),
      kind: "deposit_topup",
      label: "Setoran deposit",
      reference: '=HYPERLINK("http://x")',
      documentNumber: "BST/2026/000001",
      amountIdr: 6_000_000n,
      balanceIdr: 7_000_000n,
    },
    {
      at: new Date("2026-10-31T16:59:59Z"),
      kind: "order_payment",
      label: "Pembayaran pesanan",
      reference: "ord_1",
      documentNumber: null,
      amountIdr: -1_700_000n,
      balanceIdr: 5_300_000n,
    },
  ],
};

const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);

describe("depositStatementCsv", () => {
  it("opens at the month's first instant in WIB and closes a finished month at the next month's, amounts as plain signed integers", () => {
    const csv = depositStatementCsv(october);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(rowsOf(csv)).toEqual([
      "waktu_wib;kode_jenis;jenis;referensi;nomor_dokumen;jumlah_idr;saldo_idr",
      "2026-10-01T00:00:00+07:00;saldo_awal;Saldo awal;;;;1000000",
      '2026-10-05T09:00:00+07:00;deposit_topup;Setoran deposit;"\'=HYPERLINK(""http://x"")";BST/2026/000001;6000000;7000000',
      "2026-10-31T23:59:59+07:00;order_payment;Pembayaran pesanan;ord_1;;-1700000;5300000",
      "2026-11-01T00:00:00+07:00;saldo_akhir;Saldo akhir;;;;5300000",
    ]);
  });

  it("closes the month so far at the moment the statement was made", () => {
    const rows = rowsOf(depositStatementCsv({ ...october, month: "2026-11", monthSoFar: true, lines: [] }));
    expect(rows.at(-1)).toBe("2026-11-26T10:00:00+07:00;saldo_akhir;Saldo akhir;;;;5300000");
  });
});

describe("earningsStatementCsv", () => {
  it("names each movement's order and a payout's bank reference, between the opening and the balance due", () => {
    const view: EarningsStatementView = {
      month: "2026-10",
      monthSoFar: false,
      practitioner: { id: "prk_1", name: "Sari Wulandari" },
      seller: party,
      generatedAt: new Date("2026-11-26T03:00:00Z"),
      openingBalanceIdr: 0n,
      feesEarnedIdr: 1_490_000n,
      reimbursedCostsIdr: 0n,
      payoutsIdr: 1_000_000n,
      balanceDueIdr: 490_000n,
      lines: [
        {
          at: new Date("2026-10-10T03:00:00Z"),
          kind: "escrow_release",
          label: "Pembayaran pesanan (escrow dilepas)",
          orderId: "ord_1",
          bankReference: null,
          amountIdr: 1_490_000n,
          balanceIdr: 1_490_000n,
        },
        {
          at: new Date("2026-10-20T03:00:00Z"),
          kind: "practitioner_payout",
          label: "Pencairan ke rekening",
          orderId: null,
          bankReference: "BCA 0091-22",
          amountIdr: -1_000_000n,
          balanceIdr: 490_000n,
        },
      ],
    };
    expect(rowsOf(earningsStatementCsv(view))).toEqual([
      "waktu_wib;kode_jenis;jenis;id_pesanan;referensi_bank;jumlah_idr;saldo_idr",
      "2026-10-01T00:00:00+07:00;saldo_awal;Saldo awal;;;;0",
      "2026-10-10T10:00:00+07:00;escrow_release;Pembayaran pesanan (escrow dilepas);ord_1;;1490000;1490000",
      "2026-10-20T10:00:00+07:00;practitioner_payout;Pencairan ke rekening;;BCA 0091-22;-1000000;490000",
      "2026-11-01T00:00:00+07:00;saldo_akhir;Saldo akhir;;;;490000",
    ]);
  });
});
