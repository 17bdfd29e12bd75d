import fc from "fast-check";
import { strToU8, type Zippable, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ACCEPTED_FILE_TYPES, ContentSniffer, decideZipType, type FileKind } from "./file-type";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? Array.from(strToU8(part)) : part)));

/** The sniffer's answer when content arrives in chunks of the given sizes (cycled), or whole. */
function sniff(content: Uint8Array, chunkSizes: readonly number[] = [content.length || 1]) {
  const sniffer = new ContentSniffer();
  for (let at = 0, i = 0; at < content.length; i++) {
    const size = Math.max(1, chunkSizes[i % chunkSizes.length]!);
    sniffer.push(content.subarray(at, at + size));
    at += size;
  }
  return sniffer.finish();
}

const refusal = (content: Uint8Array) => {
  const answer = sniff(content);
  if (!("refused" in answer)) throw new Error(`expected a refusal, got ${JSON.stringify(answer)}`);
  return answer.refused;
};

const PDF = bytes("%PDF-1.7\n%", [0xe2, 0xe3, 0xcf, 0xd3], "\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

const xml = (text: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
const OOXML_BASE: Zippable = {
  "[Content_Types].xml": xml("<Types/>"),
  "_rels/.rels": xml("<Relationships/>"),
};
const DOCX: Zippable = { ...OOXML_BASE, "word/document.xml": xml("<w:document/>") };
const XLSX: Zippable = { ...OOXML_BASE, "xl/workbook.xml": xml("<workbook/>"), "xl/worksheets/sheet1.xml": xml("<worksheet/>") };
const odf = (mimetype: string, extra: Zippable = {}): Zippable => ({
  // ODF requires `mimetype` first and STORED, so its value is readable from the head.
  mimetype: [strToU8(mimetype), { level: 0 }],
  "content.xml": xml("<office:document-content/>"),
  "META-INF/manifest.xml": xml("<manifest:manifest/>"),
  ...extra,
});
const ODT = odf("application/vnd.oasis.opendocument.text");

/** The sniffer's head and the entry names, as the upload path hands them to decideZipType. */
function decideZip(entries: Zippable) {
  const zip = zipSync(entries);
  const answer = sniff(zip);
  if (!("zip" in answer)) throw new Error(`expected a ZIP container, got ${JSON.stringify(answer)}`);
  return decideZipType(Object.keys(entries), answer.head);
}

describe("ContentSniffer: accepted types by their bytes", () => {
  it("recognizes PDF, PNG and JPEG by their signatures", () => {
    expect(sniff(PDF)).toMatchObject({ kind: "pdf", contentType: "application/pdf", extension: ".pdf" });
    expect(sniff(PNG)).toMatchObject({ kind: "png", contentType: "image/png", extension: ".png" });
    expect(sniff(JPEG)).toMatchObject({ kind: "jpeg", contentType: "image/jpeg", extension: ".jpg" });
  });

  it("accepts UTF-8 text, with or without a BOM, as text/plain; charset=utf-8", () => {
    expect(sniff(bytes("Surat kuasa khusus\r\nNomor: 12/SK/2026\n"))).toMatchObject({
      kind: "text",
      contentType: "text/plain; charset=utf-8",
    });
    expect(sniff(bytes([0xef, 0xbb, 0xbf], "Pasal 1 — ketentuan umum"))).toMatchObject({ kind: "text" });
    expect(sniff(bytes("a < b and 1 <2 are comparisons, not markup"))).toMatchObject({ kind: "text" });
  });

  it("accepts multi-byte characters split across chunks, one byte at a time", () => {
    const text = bytes("Hak cipta © 2026 · 法律 · 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 · 😀\n");
    expect(sniff(text, [1])).toMatchObject({ kind: "text" });
  });

  it("answers a ZIP container with its head, for the caller to list entries", () => {
    const zip = zipSync(DOCX);
    const answer = sniff(zip, [1]);
    expect(answer).toMatchObject({ zip: true });
    expect("zip" in answer && answer.head).toEqual(zip.subarray(0, 4096));
  });

  it("ignores the extension entirely: a PNG is a PNG and an executable is refused whatever the name", () => {
    // The sniffer never sees a name; this documents that nothing but bytes is consulted.
    expect(sniff(PNG)).toMatchObject({ kind: "png" });
    expect(refusal(bytes("MZ", [0x90, 0, 3, 0, 0, 0, 4, 0]))).toMatch(/Windows executable/);
  });
});

describe("ContentSniffer: refusals name what the content is", () => {
  it.each([
    ["a Windows executable", bytes("MZ", [0x90, 0x00, 0x03, 0x00]), /Windows executable \(MZ header\)/],
    ["an ELF binary", bytes([0x7f], "ELF", [2, 1, 1, 0]), /Linux executable/],
    ["a Mach-O binary", bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), /macOS executable/],
    ["an OLE2 .doc/.xls", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /old binary Office document/],
    ["a gzip archive", bytes([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0]), /gzip archive/],
    ["a 7-Zip archive", bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]), /7-Zip archive/],
    ["a RAR archive", bytes("Rar!", [0x1a, 0x07, 0x01, 0x00]), /RAR archive/],
    ["an xz archive", bytes([0xfd], "7zXZ", [0, 0, 4]), /xz archive/],
    ["a bzip2 archive", bytes("BZh91AY&SY", [0x4e, 0xec, 0xe8, 0x36]), /bzip2 archive/],
    ["a tar archive", bytes("notes.txt", new Array(248).fill(0), "ustar", [0], "00"), /tar archive/],
    ["an empty ZIP", bytes("PK", [5, 6], new Array(18).fill(0)), /empty ZIP archive/],
    ["UTF-16 text", bytes([0xff, 0xfe], "h\u0000i\u0000"), /UTF-16 text/],
    ["a shebang script", bytes("#!/bin/sh\nrm -rf ~\n"), /script \(it starts with #!\)/],
    ["an RTF document", bytes("{\\rtf1\\ansi{\\object\\objemb}}"), /RTF document/],
    ["an HTML page", bytes("\n  <!DOCTYPE html><html><script>alert(1)</script>"), /markup/],
    ["an HTML fragment", bytes("<html><body>hi</body></html>"), /markup/],
    ["an HTML comment first", bytes("<!-- x --><iframe src=x>"), /markup/],
    ["an SVG image", bytes([0xef, 0xbb, 0xbf], "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), /markup/],
    ["an XML document", bytes("<?xml version='1.0'?><x/>"), /markup/],
    ["a script tag", bytes("\t<SCRIPT>alert(1)</SCRIPT>"), /markup/],
    ["text with a NUL byte", bytes("plain text\u0000more"), /NUL bytes/],
    ["invalid UTF-8 (Latin-1)", bytes("caf", [0xe9], " au lait"), /neither/],
    ["an overlong encoding", bytes("x", [0xc0, 0xaf]), /neither/],
    ["a UTF-16 surrogate in UTF-8", bytes("x", [0xed, 0xa0, 0x80]), /neither/],
    ["a code point above U+10FFFF", bytes("x", [0xf4, 0x90, 0x80, 0x80]), /neither/],
    ["a character cut off at the end", bytes("fin", [0xe2, 0x82]), /neither/],
    ["nothing at all", bytes(), /empty/],
  ])("refuses %s", (_, content, reason) => {
    const refused = refusal(content);
    expect(refused).toMatch(reason);
    expect(refused).toMatch(/^The content is .*; accepted types are PDF, DOCX, XLSX, ODT, PNG, JPEG and UTF-8 text\.$/);
  });

  it("refuses an executable whatever chunking delivers it", () => {
    expect(sniff(bytes("MZ", [0x90, 0, 3, 0]), [1])).toEqual(sniff(bytes("MZ", [0x90, 0, 3, 0])));
  });

  it("refuses invalid UTF-8 and NUL found far beyond the head", () => {
    const long = "baris teks biasa\n".repeat(1000);
    expect(refusal(bytes(long, [0xff]))).toMatch(/neither/);
    expect(refusal(bytes(long, [0]))).toMatch(/NUL/);
  });
});

describe("decideZipType", () => {
  it("accepts DOCX, XLSX and ODT by their entries", () => {
    expect(decideZip(DOCX)).toEqual(ACCEPTED_FILE_TYPES.find((type) => type.kind === "docx"));
    expect(decideZip(XLSX)).toMatchObject({
      kind: "xlsx",
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    expect(decideZip(ODT)).toMatchObject({ kind: "odt", contentType: "application/vnd.oasis.opendocument.text", extension: ".odt" });
  });

  it.each([
    ["a macro-enabled Word document (.docm)", { ...DOCX, "word/vbaProject.bin": bytes([0xd0, 0xcf, 0x11, 0xe0]) }, /macro-enabled/],
    ["a macro-enabled workbook (.xlsm)", { ...XLSX, "xl/vbaProject.bin": bytes([0xd0, 0xcf]) }, /macro-enabled/],
    ["a VBA project under any folder or case", { ...DOCX, "customXml/VBAPROJECT.BIN": bytes([1]) }, /macro-enabled/],
    ["an ODT with Basic macros", odf("application/vnd.oasis.opendocument.text", { "Basic/Standard/Module1.xml": xml("<m/>") }), /macros/],
    ["an ODT with scripts", odf("application/vnd.oasis.opendocument.text", { "Scripts/python/x.py": strToU8("import os") }), /macros/],
    ["an ODS spreadsheet", odf("application/vnd.oasis.opendocument.spreadsheet"), /another kind \(spreadsheet\)/],
    ["an ODT missing content.xml", { mimetype: [strToU8("application/vnd.oasis.opendocument.text"), { level: 0 }] }, /content\.xml/],
    [
      "a mimetype entry of another format",
      { mimetype: [strToU8("application/epub+zip"), { level: 0 }], "OEBPS/a.html": xml("<html/>") },
      /declaring/,
    ],
    ["a PowerPoint presentation", { ...OOXML_BASE, "ppt/presentation.xml": xml("<p/>") }, /PowerPoint/],
    ["a binary workbook (.xlsb)", { ...OOXML_BASE, "xl/workbook.bin": bytes([0]) }, /xlsb/],
    ["a package that is both DOCX and XLSX", { ...DOCX, "xl/workbook.xml": xml("<workbook/>") }, /both/],
    ["a plain ZIP", { "readme.txt": strToU8("hello"), "photo.jpg": JPEG }, /ZIP archive that is not a DOCX, XLSX or ODT/],
    ["a ZIP holding a document (not one itself)", { "contract.docx": zipSync(DOCX) }, /ZIP archive that is not/],
  ] as [string, Zippable, RegExp][])("refuses %s", (_, entries, reason) => {
    const answer = decideZip(entries);
    expect(answer).toHaveProperty("refused");
    expect("refused" in answer && answer.refused).toMatch(reason);
  });

  it("refuses duplicate entry names, which readers resolve differently", () => {
    const answer = decideZipType(["[Content_Types].xml", "word/document.xml", "word/document.xml"], zipSync(DOCX));
    expect(answer).toEqual({ refused: expect.stringMatching(/duplicate entry names/) });
  });

  it("does not take a mimetype entry for ODF unless it is first in the directory and STORED", () => {
    const compressed = zipSync({
      mimetype: [strToU8("application/vnd.oasis.opendocument.text"), { level: 9 }],
      "content.xml": xml("<c/>"),
    });
    expect(decideZipType(["mimetype", "content.xml"], compressed)).toHaveProperty("refused");
    expect(decideZipType(["content.xml", "mimetype"], zipSync(ODT))).toHaveProperty("refused");
  });
});

describe("ACCEPTED_FILE_TYPES", () => {
  it("lists every kind once, each with its content type and extension", () => {
    const kinds: FileKind[] = ["pdf", "docx", "xlsx", "odt", "png", "jpeg", "text"];
    expect(ACCEPTED_FILE_TYPES.map((type) => type.kind)).toEqual(kinds);
    expect(ACCEPTED_FILE_TYPES.map((type) => `${type.extension} ${type.contentType}`)).toEqual([
      ".pdf application/pdf",
      ".docx application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ".xlsx application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ".odt application/vnd.oasis.opendocument.text",
      ".png image/png",
      ".jpg image/jpeg",
      ".txt text/plain; charset=utf-8",
    ]);
  });
});

describe("ContentSniffer: chunking never changes the answer (property)", () => {
  const samples = [
    PDF,
    PNG,
    JPEG,
    zipSync(DOCX),
    zipSync(ODT),
    bytes("MZ", [0x90, 0, 3, 0], new Array(300).fill(0x41)),
    bytes("Hak cipta © 2026 · 法律 · 😀\n".repeat(300)),
    bytes("ok ".repeat(2000), [0xe2, 0x82]),
    bytes("𝔘".repeat(1500), [0]),
    bytes("  <svg/>"),
    bytes("notes.txt", new Array(248).fill(0), "ustar", [0], "00"),
  ];

  it("gives the same answer for any split of known samples and of arbitrary bytes", () => {
    const content = fc.oneof(
      fc.constantFrom(...samples),
      fc.uint8Array({ maxLength: 5000 }),
      fc.string({ unit: "binary" }).map((s) => strToU8(s)),
    );
    fc.assert(
      fc.property(content, fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 20 }), (data, splits) => {
        expect(sniff(data, splits)).toEqual(sniff(data));
      }),
      { numRuns: 2000 },
    );
  });
});
