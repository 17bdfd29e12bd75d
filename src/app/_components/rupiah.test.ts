import { describe, expect, it } from "vitest";
import { parseRupiah } from "./rupiah";

describe("parseRupiah", () => {
  it.each([
    ["1500000", 1_500_000],
    ["1.500.000", 1_500_000],
    ["Rp 1.500.000", 1_500_000],
    ["rp.2 500 000", 2_500_000],
    ["  0 ", 0],
  ])("reads %j as %d", (text, value) => expect(parseRupiah(text)).toBe(value));

  it("is null for blank input", () => {
    expect(parseRupiah("")).toBeNull();
    expect(parseRupiah("   ")).toBeNull();
    expect(parseRupiah("Rp ")).toBeNull();
  });

  it.each(["1,5 juta", "1.500.000,50", "-100", "abc", "1234567890123456"])("is NaN for %j", (text) => expect(parseRupiah(text)).toBeNaN());
});
