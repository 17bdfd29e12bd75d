import { describe, expect, it } from "vitest";
import { categoryLabel, fileTypeLabel, formatBytes, formatDay, formatMonth, formatRupiah, formatSignedRupiah } from "./format";

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

describe("formatDay", () => {
  it("writes a calendar day in Indonesian, the same day in every time zone", () => {
    expect(formatDay("2027-12-31")).toBe("31 Desember 2027");
    expect(formatDay("2026-01-01")).toBe("1 Januari 2026");
  });
});

describe("formatMonth", () => {
  it("writes a calendar month in Indonesian, the same month in every time zone", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(formatMonth("2027-01")).toBe("Januari 2027");
  });
});

describe("categoryLabel", () => {
  it("reads a category code as words with a capital first letter", () => {
    expect(categoryLabel("kekayaan_intelektual")).toBe("Kekayaan intelektual");
    expect(categoryLabel("kontrak")).toBe("Kontrak");
  });
});

describe("files", () => {
  it("writes sizes in B, KB and MB with an Indonesian decimal comma", () => {
    expect(formatBytes(820)).toBe("820 B");
    expect(formatBytes(14_540)).toBe("14,2 KB");
    expect(formatBytes(3_250_586)).toBe("3,1 MB");
  });

  it("names the accepted types as people know them, and any other by its content type", () => {
    expect(fileTypeLabel("application/pdf")).toBe("PDF");
    expect(fileTypeLabel("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("DOCX");
    expect(fileTypeLabel("text/plain; charset=utf-8")).toBe("Teks");
    expect(fileTypeLabel("application/zip")).toBe("application/zip");
  });
});
