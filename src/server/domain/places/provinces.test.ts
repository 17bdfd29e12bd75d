import { describe, expect, it } from "vitest";
import { isProvinceCode, PROVINCE_CODES, PROVINCES, provinceName } from "./provinces";

describe("provinces", () => {
  it("lists Indonesia's 38 provinces once each, by two-digit code", () => {
    expect(PROVINCES).toHaveLength(38);
    expect(new Set(PROVINCE_CODES).size).toBe(38);
    expect(new Set(PROVINCES.map((p) => p.name)).size).toBe(38);
    for (const code of PROVINCE_CODES) expect(code).toMatch(/^[1-9]\d$/);
  });

  it("includes the four Papua provinces of 2022 and names a code", () => {
    expect(["93", "94", "95", "96"].map(provinceName)).toEqual(["Papua Selatan", "Papua Tengah", "Papua Pegunungan", "Papua Barat Daya"]);
    expect(provinceName("31")).toBe("DKI Jakarta");
    expect(isProvinceCode("31")).toBe(true);
    expect(isProvinceCode("99")).toBe(false);
    expect(provinceName("99")).toBe("99");
  });
});
