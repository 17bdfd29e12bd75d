import { describe, expect, it } from "vitest";
import { read } from "./reading";
import { formatRupiah, readAmounts } from "./rupiah";

const amountsOf = (text: string) =>
  readAmounts(read(text)).map((amount) => ({ written: text.slice(amount.start, amount.end), values: amount.values }));

describe("readAmounts", () => {
  it.each([
    ["Rp 2.650.000", 2_650_000],
    ["Rp2.650.000", 2_650_000],
    ["Rp. 2.650.000,-", 2_650_000],
    ["Rp 2.650.000,00", 2_650_000],
    ["Rp2,65 juta", 2_650_000],
    ["2,65 jt", 2_650_000],
    ["2.650.000 rupiah", 2_650_000],
    ["IDR 2,650,000", 2_650_000],
    ["IDR 2,650,000.00", 2_650_000],
    ["Rp 2.65 million", 2_650_000],
    ["Rp 900 ribu", 900_000],
    ["900rb", 900_000],
    ["Rp900k", 900_000],
    ["Rp 10,05 juta", 10_050_000],
    ["Rp 1 miliar", 1_000_000_000],
    ["2650000", 2_650_000],
  ])("reads %s as %i rupiah", (written, value) => {
    const [amount] = amountsOf(`Harga ${written} saja.`);
    expect(amount?.written.trim()).toBe(written);
    expect(amount?.values).toContain(value);
  });

  it("keeps both readings of a form that has two", () => {
    expect(amountsOf("IDR 2.65M")[0]?.values).toEqual([2_650_000, 2_650_000_000]);
    expect(amountsOf("Rp 2.650 juta")[0]?.values).toEqual(expect.arrayContaining([2_650_000_000, 2_650_000]));
  });

  it("does not take numbers, dates, identifiers, counts and percentages for money", () => {
    expect(
      amountsOf(
        "Pasal 1320, UU No. 18 Tahun 2003, tanggal 12.05.2024 pukul 09.30, NIB 8120012345678, NIK 3171234567890001, telp 081234567890, 250 m2, 15%, perkara 123/Pdt.G/2024, 2024.",
      ),
    ).toEqual([]);
  });

  it("formats a price as the catalog writes it", () => {
    expect(formatRupiah(2_650_000)).toBe("Rp 2.650.000");
  });
});
