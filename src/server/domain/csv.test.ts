import { describe, expect, it } from "vitest";
import { csvCell, csvLine, jakartaIso, readCsv } from "./csv";

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

describe("readCsv", () => {
  it("splits cells, keeps quoted separators, doubled quotes and line breaks, and numbers each row by its first line", () => {
    const text = 'a,"b, c","say ""hi"""\r\n"two\r\nlines",x\n\nlast';
    expect(readCsv(text, ",")).toEqual([
      { line: 1, cells: ["a", "b, c", 'say "hi"'] },
      { line: 2, cells: ["two\r\nlines", "x"] },
      { line: 4, cells: [""] },
      { line: 5, cells: ["last"] },
    ]);
  });

  it("drops a byte order mark and reads semicolon files, a trailing line end adding no row", () => {
    expect(readCsv("\uFEFFa;b\r\n", ";")).toEqual([{ line: 1, cells: ["a", "b"] }]);
  });

  it("refuses a quote that never closes, naming its line", () => {
    expect(() => readCsv('a\nb,"open\nrest', ",")).toThrow(/^Baris 2: tanda kutip/);
  });
});
