import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanFileName, contentDispositionAttachment } from "./file-name";

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

describe("cleanFileName", () => {
  it("keeps only the last path segment, for either separator", () => {
    expect(cleanFileName("C:\\Users\\budi\\Documents\\Surat Kuasa.pdf")).toBe("Surat Kuasa.pdf");
    expect(cleanFileName("/home/budi/../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("a/b\\c/akta.docx")).toBe("akta.docx");
  });

  it("removes control characters and bidi overrides that disguise an extension", () => {
    expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(cleanFileName("a\u0000b\r\nc\u0007\u007f\u0085.txt")).toBe("abc.txt");
    expect(cleanFileName("\ufeff\u2066laporan\u2069\u200e.pdf")).toBe("laporan.pdf");
  });

  it("keeps joiners that emoji and scripts need", () => {
    expect(cleanFileName("keluarga 👨‍👩‍👧.png")).toBe("keluarga 👨‍👩‍👧.png");
  });

  it("normalizes to NFC and trims whitespace", () => {
    expect(cleanFileName("  re\u0301sume\u0301.pdf \t")).toBe("résumé.pdf");
    expect(cleanFileName("  re\u0301sume\u0301.pdf \t")).toBe("r\u00e9sum\u00e9.pdf");
  });

  it("falls back to 'file' when nothing usable is left", () => {
    for (const raw of ["", "   ", "folder/", "C:\\", "\u202e\u0000", ".", ".."]) expect(cleanFileName(raw)).toBe("file");
  });

  it("replaces an unpaired surrogate instead of failing later", () => {
    expect(cleanFileName("a\ud800b.txt")).toBe("a\ufffdb.txt");
  });

  it("cuts a long name to 255 UTF-8 bytes on a character boundary, keeping the extension", () => {
    const ascii = cleanFileName(`${"a".repeat(300)}.docx`);
    expect(ascii).toBe(`${"a".repeat(250)}.docx`);
    const emoji = cleanFileName(`${"😀".repeat(100)}.pdf`);
    expect(utf8Length(emoji)).toBeLessThanOrEqual(255);
    expect(emoji).toBe(`${"😀".repeat(62)}.pdf`);
    const accents = cleanFileName(`${"e\u0301".repeat(200)}.txt`.normalize("NFD"));
    expect(accents).toMatch(/^é+\.txt$/);
  });

  it("does not split a grapheme when cutting", () => {
    const family = "👨‍👩‍👧"; // 18 bytes
    const cut = cleanFileName(`${family.repeat(20)}.png`);
    expect(cut).toBe(`${family.repeat(13)}.png`);
  });

  it("cuts without an extension when the 'extension' is itself long", () => {
    const cut = cleanFileName(`notes.${"x".repeat(300)}`);
    expect(cut).toBe(`notes.${"x".repeat(249)}`);
  });

  it("always gives a non-empty name of at most 255 UTF-8 bytes without separators or controls (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 600 }), (raw) => {
        const name = cleanFileName(raw);
        expect(name.length).toBeGreaterThan(0);
        expect(utf8Length(name)).toBeLessThanOrEqual(255);
        expect(name).not.toMatch(/[/\\\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
        expect(cleanFileName(name)).toBe(name);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("contentDispositionAttachment", () => {
  it("gives plain ASCII names as both filename and filename*", () => {
    expect(contentDispositionAttachment("Surat Kuasa.pdf")).toBe(
      `attachment; filename="Surat Kuasa.pdf"; filename*=UTF-8''Surat%20Kuasa.pdf`,
    );
  });

  it("escapes quotes and backslashes in the ASCII fallback", () => {
    // A backslash never survives cleaning (it is a path separator), so only the quote is seen here.
    expect(contentDispositionAttachment('say "hi".txt')).toBe(
      `attachment; filename="say \\"hi\\".txt"; filename*=UTF-8''say%20%22hi%22.txt`,
    );
  });

  it("drops accents and replaces other non-ASCII characters and % in the fallback, and percent-encodes UTF-8 in filename*", () => {
    expect(contentDispositionAttachment("résumé 法律 100%.pdf")).toBe(
      `attachment; filename="resume __ 100_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%E6%B3%95%E5%BE%8B%20100%25.pdf`,
    );
  });

  it("percent-encodes characters outside RFC 5987 attr-char that encodeURIComponent leaves alone", () => {
    expect(contentDispositionAttachment("a'(b)*.txt")).toBe(`attachment; filename="a'(b)*.txt"; filename*=UTF-8''a%27%28b%29%2A.txt`);
  });

  it("cleans the name first, so no CR/LF or path reaches the header", () => {
    expect(contentDispositionAttachment("../x\r\nSet-Cookie: a=b.txt")).toBe(
      `attachment; filename="xSet-Cookie: a=b.txt"; filename*=UTF-8''xSet-Cookie%3A%20a%3Db.txt`,
    );
  });

  it("gives a header value of visible ASCII for any input (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (raw) => {
        const header = contentDispositionAttachment(raw);
        expect(header).toMatch(
          /^attachment; filename="(?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\["\\])*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/,
        );
        const encoded = header.slice(header.indexOf("UTF-8''") + 7);
        expect(decodeURIComponent(encoded)).toBe(cleanFileName(raw));
      }),
      { numRuns: 2000 },
    );
  });
});
