import { describe, expect, it } from "vitest";
import { documentNumber, documentYear, normalizeDocumentNumber } from "./numbering";

describe("document numbers", () => {
  it("name the series, the year and six digits; test mode's carry -UJI", () => {
    expect(documentNumber("kuitansi", true, 2026, 123)).toBe("KWT/2026/000123");
    expect(documentNumber("nota_kredit", false, 2026, 1)).toBe("NK-UJI/2026/000001");
    expect(documentNumber("bukti_setoran", true, 2027, 1_234_567)).toBe("BST/2027/1234567");
    expect(() => documentNumber("kuitansi", true, 2026, 0)).toThrow(RangeError);
  });

  it("take the year of the issue date in Jakarta: 31 December 17:30 UTC is already the next year", () => {
    expect(documentYear(new Date("2026-12-31T16:59:59Z"))).toBe(2026);
    expect(documentYear(new Date("2026-12-31T17:30:00Z"))).toBe(2027);
  });

  it("read a number as people type it, and nothing that is not one", () => {
    expect(normalizeDocumentNumber(" kwt/2026/123 ")).toBe("KWT/2026/000123");
    expect(normalizeDocumentNumber("NK-UJI/2026/000001")).toBe("NK-UJI/2026/000001");
    expect(normalizeDocumentNumber("INV/2026/000001")).toBeNull();
    expect(normalizeDocumentNumber("KWT/2026/000000")).toBeNull();
    expect(normalizeDocumentNumber("KWT-2026-000001")).toBeNull();
  });
});
