import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { parseBankStatement } from "./statement";

const HEAD = [
  "No. rekening : ,'0613009988",
  "Nama : ,PT KUASA HUKUM DIGITAL",
  "Periode : ,01/11/2026 - 15/11/2026",
  "Kode Mata Uang : ,Rp",
  "",
];
const COLUMNS = "Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo";
const FOOT = [
  "",
  'Saldo Awal,:,"125,000,000.00"',
  'Mutasi Kredit,:,"15,000,000.00",1',
  'Mutasi Debet,:,"0.00",0',
  'Saldo Akhir,:,"140,000,000.00"',
];
const file = (...rows: string[]) => [...HEAD, COLUMNS, ...rows, ...FOOT].join("\r\n");
const CREDIT = `'03/11,'TRSF E-BANKING CR 0311/FTSCY/WS95051 15000000.00 KSA7F3K9Q2M PT MAJU JAYA,'0000,"15,000,000.00",CR,"140,000,000.00"`;

function refusal(content: string): string {
  try {
    parseBankStatement(content);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("VALIDATION");
    return (err as AppError).message;
  }
  throw new Error("the statement was read");
}

describe("a BCA Mutasi Rekening CSV", () => {
  it("reads a credit with its account, its day in the period's year, its exact amount and a description without the apostrophe", () => {
    const statement = parseBankStatement(file(CREDIT));
    expect(statement).toMatchObject({ layout: "bca", accountNumber: "0613009988", debits: 0, skipped: [] });
    expect(statement.credits).toEqual([
      {
        line: 7,
        bookedOn: "2026-11-03",
        description: "TRSF E-BANKING CR 0311/FTSCY/WS95051 15000000.00 KSA7F3K9Q2M PT MAJU JAYA",
        amountIdr: 15_000_000n,
        lineKey: expect.stringMatching(/^bca:0613009988:[0-9a-f]{40}$/),
      },
    ]);
  });

  it("leaves out debits, the footer's balances and totals, and blank lines", () => {
    const statement = parseBankStatement(file(`'02/11,'BIAYA ADM,'0000,"15,000.00",DB,"124,985,000.00"`, "", CREDIT));
    expect(statement.debits).toBe(1);
    expect(statement.credits.map((c) => c.amountIdr)).toEqual([15_000_000n]);
  });

  it("reads KlikBCA Bisnis' Jumlah with CR or DB in the same cell, full dates, quoted cells and an LF-only file with a byte order mark", () => {
    const content = [
      "\uFEFFNo. rekening : 0613009988",
      "Periode : 01/11/2026 - 15/11/2026",
      'Tanggal Transaksi,"Keterangan","Cabang","Jumlah","Saldo"',
      '03/11/2026,"TRSF E-BANKING CR 0311/FTSCY/WS95051 PT ""MAJU"", JAYA KSA7F3K9Q2M ","0000","15,000,000.00 CR","140,000,000.00"',
      '04/11/2026,"BIAYA ADM","0000","15,000.00 DB","139,985,000.00"',
    ].join("\n");
    const statement = parseBankStatement(content);
    expect(statement.credits).toMatchObject([
      {
        line: 4,
        bookedOn: "2026-11-03",
        description: 'TRSF E-BANKING CR 0311/FTSCY/WS95051 PT "MAJU", JAYA KSA7F3K9Q2M',
        amountIdr: 15_000_000n,
      },
    ]);
    expect(statement.debits).toBe(1);
  });

  it("reads amounts without thousands separators, as KlikBCA individual writes them", () => {
    const statement = parseBankStatement(file(`'03/11,'SETORAN TUNAI,'0386,2000000.00,CR,127000000.00`));
    expect(statement.credits[0]?.amountIdr).toBe(2_000_000n);
  });

  it("leaves out a credit with sen and a pending one, listing each with its line, and rounds nothing", () => {
    const statement = parseBankStatement(
      file(
        `'15/11,'BUNGA,'0000,"18,734.52",CR,"125,018,734.52"`,
        `PEND,'TRSF E-BANKING CR KSA7F3K9Q2M,'0000,"4,000,000.00",CR,"129,018,734.52"`,
      ),
    );
    expect(statement.credits).toEqual([]);
    expect(statement.skipped).toEqual([
      { line: 7, reason: "sen", description: "BUNGA", amount: "18,734.52" },
      { line: 8, reason: "pending", description: "TRSF E-BANKING CR KSA7F3K9Q2M", amount: "4,000,000.00" },
    ]);
  });

  it("gives a dd/mm of a period across the new year the year it falls in", () => {
    const content = [
      "No. rekening : 0613009988",
      "Periode : 20/12/2026 - 10/01/2027",
      COLUMNS,
      `'30/12,'SETORAN TUNAI,'0000,"1,000,000.00",CR,"1,000,000.00"`,
      `'05/01,'SETORAN TUNAI,'0000,"1,000,000.00",CR,"2,000,000.00"`,
    ].join("\r\n");
    expect(parseBankStatement(content).credits.map((c) => c.bookedOn)).toEqual(["2026-12-30", "2027-01-05"]);
  });

  it("keys a credit alike in overlapping exports, and two identical credits of a day apart", () => {
    const twice = `'06/11,'SETORAN TUNAI,'0386,"2,000,000.00",CR,`;
    const first = parseBankStatement(file(CREDIT, twice, twice));
    const second = parseBankStatement(file(`'02/11,'BIAYA ADM,'0000,"15,000.00",DB,"124,985,000.00"`, CREDIT, twice, twice));
    expect(second.credits.map((c) => c.lineKey)).toEqual(first.credits.map((c) => c.lineKey));
    expect(new Set(first.credits.map((c) => c.lineKey)).size).toBe(3);
    // A later export of the same day that holds one more: only the new one keys anew.
    const later = parseBankStatement(file(CREDIT, twice, twice, twice));
    expect(later.credits.slice(0, 3).map((c) => c.lineKey)).toEqual(first.credits.map((c) => c.lineKey));
  });

  it("keys a credit by its balance after: the same description and amount after another balance is another credit", () => {
    const one = parseBankStatement(file(`'06/11,'SETORAN TUNAI,'0386,"2,000,000.00",CR,"127,000,000.00"`));
    const other = parseBankStatement(file(`'06/11,'SETORAN TUNAI,'0386,"2,000,000.00",CR,"129,000,000.00"`));
    expect(one.credits[0]?.lineKey).not.toBe(other.credits[0]?.lineKey);
  });

  it("refuses a file without its account number, a dd/mm without a period, and a day outside the period", () => {
    expect(refusal([COLUMNS, CREDIT].join("\n"))).toMatch(/No\. rekening/);
    expect(refusal(["No. rekening : 0613009988", COLUMNS, CREDIT].join("\n"))).toMatch(/Periode/);
    expect(refusal(file(`'20/11,'SETORAN TUNAI,'0000,"1,000,000.00",CR,`))).toMatch(/^Baris 7: .*di luar periode/);
  });

  it("refuses an impossible day, an amount a spreadsheet rewrote, an amount without CR or DB, and a foreign currency", () => {
    expect(refusal(file(`'31/11,'SETORAN TUNAI,'0000,"1,000,000.00",CR,`))).toMatch(/^Baris 7: tanggal "31\/11" tidak ada/);
    expect(refusal(file(`'03/11,'SETORAN TUNAI,'0000,"1.000.000,00",CR,`))).toMatch(/^Baris 7: Jumlah "1.000.000,00" tidak terbaca/);
    expect(refusal(file(`'03/11,'SETORAN TUNAI,'0000,"1,000,000.00",,`))).toMatch(/^Baris 7: Jumlah .* CR .* DB/);
    expect(refusal(["No. rekening : 0613009988", "Kode Mata Uang : USD", COLUMNS].join("\n"))).toMatch(/USD/);
  });

  it("refuses a line after the header that is no transaction", () => {
    expect(refusal(file(CREDIT, "Catatan,tulisan tangan"))).toMatch(/^Baris 8: "Catatan" bukan tanggal transaksi/);
  });
});
