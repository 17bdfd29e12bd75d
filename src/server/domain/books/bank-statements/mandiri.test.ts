import { describe, expect, it } from "vitest";
import type { AppError } from "../../errors";
import { parseBankStatement } from "./statement";

const COLUMNS = "Account No,Date,Val. Date,Transaction Code,Description,Description,Reference No.,Debit,Credit,Balance";
const row = (date: string, description: string, reference: string, debit: string, credit: string, balance: string) =>
  `1230007788990,${date},${date},7820,"${description}","",${reference},"${debit}","${credit}","${balance}"`;
const file = (...rows: string[]) => [COLUMNS, ...rows].join("\r\n");

function refusal(content: string): string {
  try {
    parseBankStatement(content);
  } catch (err) {
    expect((err as AppError).code).toBe("VALIDATION");
    return (err as AppError).message;
  }
  throw new Error("the statement was read");
}

describe("a Mandiri Cash Management account statement CSV", () => {
  it("reads a credit from the Credit column with its account, its dd/mm/yy day and both description columns as one", () => {
    const content = [
      COLUMNS,
      `1230007788990,02/11/26,02/11/26,7820,"MCM InhouseTrf DARI PT KARYA LOGISTIK ","KSA2H6M8X4Z  DEPOSIT",FT26306QWX41,".00","10,000,000.00","58,250,000.00"`,
    ].join("\r\n");
    const statement = parseBankStatement(content);
    expect(statement).toMatchObject({ layout: "mandiri", accountNumber: "1230007788990", debits: 0, skipped: [] });
    expect(statement.credits).toEqual([
      {
        line: 2,
        bookedOn: "2026-11-02",
        description: "MCM InhouseTrf DARI PT KARYA LOGISTIK KSA2H6M8X4Z DEPOSIT",
        amountIdr: 10_000_000n,
        lineKey: expect.stringMatching(/^mandiri:1230007788990:[0-9a-f]{40}$/),
      },
    ]);
  });

  it("counts a debit and leaves it out, and reads four-digit years and empty amount cells", () => {
    const statement = parseBankStatement(
      file(
        row("04/11/2026", "MCM InhouseTrf KE RINA", "FT1", "2,000,000.00", "", "56,250,000.00"),
        row("05/11/2026", "SETORAN", "FT2", "", "1,000,000.00", ""),
      ),
    );
    expect(statement.debits).toBe(1);
    expect(statement.credits).toMatchObject([{ bookedOn: "2026-11-05", amountIdr: 1_000_000n }]);
  });

  it("finds its columns by name: one description column and no balance, separated by semicolons as a spreadsheet saves it", () => {
    const content = [
      "Account No;Date;Description;Reference No.;Debit;Credit",
      "1230007788990;09/11/26;TRANSFER DARI BANK LAIN SKN;SKN1;.00;6,250,000.00",
    ].join("\n");
    expect(parseBankStatement(content).credits).toMatchObject([{ description: "TRANSFER DARI BANK LAIN SKN", amountIdr: 6_250_000n }]);
  });

  it("keys two transfers of one day from one sender apart by the bank's reference, and alike in a second export", () => {
    const rows = [
      row("16/11/26", "MCM InhouseTrf DARI PT KARYA LOGISTIK", "FT26320PLK77", ".00", "4,000,000.00", ""),
      row("16/11/26", "MCM InhouseTrf DARI PT KARYA LOGISTIK", "FT26320PLK93", ".00", "4,000,000.00", ""),
    ];
    const keys = parseBankStatement(file(...rows)).credits.map((c) => c.lineKey);
    expect(new Set(keys).size).toBe(2);
    expect(parseBankStatement(file(row("01/11/26", "BIAYA", "", "1.00", ".00", ""), ...rows)).credits.map((c) => c.lineKey)).toEqual(keys);
  });

  it("leaves out interest with sen, listed with its line", () => {
    const statement = parseBankStatement(file(row("30/11/26", "BUNGA JASA GIRO", "", ".00", "15,432.10", "70,502,932.10")));
    expect(statement.credits).toEqual([]);
    expect(statement.skipped).toEqual([{ line: 2, reason: "sen", description: "BUNGA JASA GIRO", amount: "15,432.10" }]);
  });

  it("reads a statement without transactions as nothing to import", () => {
    expect(parseBankStatement(`${COLUMNS}\r\n`)).toMatchObject({ credits: [], skipped: [], debits: 0 });
  });

  it("refuses two accounts in one file, a row with both Debit and Credit, and a row without an account number", () => {
    const other = row("03/11/26", "SETORAN", "FT3", ".00", "1,000.00", "").replace("1230007788990", "9990001112223");
    expect(refusal(file(row("02/11/26", "SETORAN", "FT1", ".00", "1,000.00", ""), other))).toMatch(
      /^Baris 3: rekening 9990001112223 berbeda/,
    );
    expect(refusal(file(row("02/11/26", "SETORAN", "FT1", "5.00", "1,000.00", "")))).toMatch(/^Baris 2: Debit dan Credit/);
    expect(refusal(file(`Catatan,02/11/26,,,,,,,"1,000.00",`))).toMatch(/^Baris 2: Account No "Catatan"/);
  });

  it("refuses a date that is not one", () => {
    expect(refusal(file(row("2026-11-02", "SETORAN", "FT1", ".00", "1,000.00", "")))).toMatch(/^Baris 2: Date "2026-11-02"/);
  });
});
