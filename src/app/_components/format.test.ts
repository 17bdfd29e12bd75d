import { describe, expect, it } from "vitest";
import { categoryLabel, formatRupiah, formatSignedRupiah } from "./format";

describe("formatSignedRupiah", () => {
  it("writes money in with a plus and money out with a true minus sign, so the sign reads without colour", () => {
    expect(formatSignedRupiah(150_000)).toBe(`+${formatRupiah(150_000)}`);
    expect(formatSignedRupiah(-50_000)).toBe(`−${formatRupiah(50_000)}`);
    expect(formatSignedRupiah(-50_000)).not.toContain("-");
  });

  it("writes zero without a sign", () => {
    expect(formatSignedRupiah(0)).toBe(formatRupiah(0));
  });
});

describe("categoryLabel", () => {
  it("reads a category code as words with a capital first letter", () => {
    expect(categoryLabel("kekayaan_intelektual")).toBe("Kekayaan intelektual");
    expect(categoryLabel("kontrak")).toBe("Kontrak");
  });
});
