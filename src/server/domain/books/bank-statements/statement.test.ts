import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../errors";
import { referencesIn } from "../transfer-reference";
import { parseBankStatement } from "./statement";

const SAMPLES = path.resolve(import.meta.dirname, "../../../../../docs/samples/bank-statements");
const sample = (name: string) => parseBankStatement(readFileSync(path.join(SAMPLES, name), "utf8"));

describe("a bank statement file", () => {
  it("is read by the layout its content shows, whatever its name", () => {
    expect(sample("bca-mutasi-2026-11-01_2026-11-15.csv").layout).toBe("bca");
    expect(sample("mandiri-mcm-2026-11.csv").layout).toBe("mandiri");
  });

  it("of neither layout is refused, naming the layouts Kuasa reads", () => {
    for (const content of ["", "Tanggal;Keterangan;Debet;Kredit;Saldo\n05/09/2026;Setoran;;2.000.000,00;5.000.000,00", "%PDF-1.7"]) {
      let message = "";
      try {
        parseBankStatement(content);
      } catch (err) {
        expect((err as AppError).code).toBe("VALIDATION");
        message = (err as AppError).message;
      }
      expect(message).toMatch(/^Format berkas tidak dikenali\. Yang dapat dibaca: BCA: Mutasi Rekening .*; Mandiri: Account Statement/);
    }
  });
});

describe("the sample statements in docs/samples/bank-statements", () => {
  const first = sample("bca-mutasi-2026-11-01_2026-11-15.csv");
  const second = sample("bca-mutasi-2026-11-10_2026-11-30.csv");
  const mandiri = sample("mandiri-mcm-2026-11.csv");

  it("hold the credits their README lists, with the pending line and the interest left out", () => {
    expect(first.credits.map((c) => [c.bookedOn, c.amountIdr])).toEqual([
      ["2026-11-03", 15_000_000n],
      ["2026-11-05", 7_500_000n],
      ["2026-11-06", 2_000_000n],
      ["2026-11-10", 3_000_000n],
      ["2026-11-12", 5_000_000n],
      ["2026-11-13", 1_000_000n],
    ]);
    expect(first.debits).toBe(2);
    expect(second.credits).toHaveLength(5);
    expect(second.skipped.map((s) => s.reason)).toEqual(["sen", "pending"]);
    expect(mandiri.credits.map((c) => c.amountIdr)).toEqual([10_000_000n, 6_250_000n, 4_000_000n, 4_000_000n]);
    expect(mandiri.skipped.map((s) => s.reason)).toEqual(["sen"]);
  });

  it("key the three credits both BCA files hold alike, and every other credit apart", () => {
    const shared = second.credits.filter((c) => first.credits.some((f) => f.lineKey === c.lineKey));
    expect(shared.map((c) => c.bookedOn)).toEqual(["2026-11-10", "2026-11-12", "2026-11-13"]);
    const all = [...first.credits, ...second.credits, ...mandiri.credits].map((c) => c.lineKey);
    expect(new Set(all).size).toBe(all.length - 3);
  });

  it("carry the references of the organisations their README names, spaced, dashed and lower-cased too", () => {
    expect([...first.credits, ...second.credits, ...mandiri.credits].map((c) => referencesIn(c.description))).toEqual([
      ["KSA7F3K9Q2M"],
      ["KSA4B8N2P6R"],
      [],
      [],
      ["KSA7F3K9Q2M"],
      ["KSA7F3K9Q2M", "KSA4B8N2P6R"],
      [],
      ["KSA7F3K9Q2M"],
      ["KSA7F3K9Q2M", "KSA4B8N2P6R"],
      ["KSA4B8N2P6R"],
      ["KSA9D5T3W1H"],
      ["KSA2H6M8X4Z"],
      [],
      ["KSA2H6M8X4Z"],
      ["KSA2H6M8X4Z"],
    ]);
  });
});
