import { describe, expect, it } from "vitest";
import { csvCell, csvLine, jakartaIso } from "./csv";

describe("csvCell", () => {
  it("prefixes text a spreadsheet would run as a formula with an apostrophe", () => {
    for (const text of ['=HYPERLINK("http://x")', "+62812", "-1+1", "@SUM(A1)", "\t=1", "\r=1"]) expect(csvCell(text)).toMatch(/^"?'/);
    expect(csvCell("=1+1")).toBe("'=1+1");
  });

  it("keeps amounts as plain integers, negative ones too", () => {
    expect(csvCell(-150_000n)).toBe("-150000");
    expect(csvCell(1_700_000)).toBe("1700000");
  });

  it("quotes cells holding the separator, a quote or a line break, doubling quotes", () => {
    expect(csvCell('NDA "mutual"; Jakarta')).toBe('"NDA ""mutual""; Jakarta"');
    expect(csvCell("baris\nkedua")).toBe('"baris\nkedua"');
    expect(csvCell("PT Satu, Jakarta")).toBe("PT Satu, Jakarta");
  });

  it("writes null as an empty cell", () => {
    expect(csvLine(["a", null, 1n])).toBe("a;;1\r\n");
  });
});

describe("jakartaIso", () => {
  it("writes the time in WIB with its offset, across the date line", () => {
    expect(jakartaIso(new Date("2026-11-23T03:00:00Z"))).toBe("2026-11-23T10:00:00+07:00");
    expect(jakartaIso(new Date("2026-12-31T17:30:05.999Z"))).toBe("2027-01-01T00:30:05+07:00");
  });
});
