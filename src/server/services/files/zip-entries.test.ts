import { randomBytes } from "node:crypto";
import { strToU8, type Zippable, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ContentSniffer, decideZipType } from "@/server/domain/files/file-type";
import { zipEntryNames } from "./zip-entries";

/** A readRange over bytes in memory that records every range asked for (inclusive ends, as storage serves them). */
function rangeReader(file: Uint8Array) {
  const reads: [number, number][] = [];
  const readRange = async (start: number, end: number) => {
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeLessThan(file.length);
    reads.push([start, end]);
    return file.slice(start, end + 1);
  };
  return { readRange, reads, bytesRead: () => reads.reduce((sum, [start, end]) => sum + end - start + 1, 0) };
}

const entriesOf = (file: Uint8Array) => zipEntryNames(file.length, rangeReader(file).readRange);

const refusalOf = async (file: Uint8Array) => {
  const answer = await entriesOf(file);
  if (!("refused" in answer)) throw new Error(`expected a refusal, got ${answer.length} names`);
  return answer.refused;
};

const DOCX: Zippable = {
  "[Content_Types].xml": strToU8("<Types/>"),
  "_rels/.rels": strToU8("<Relationships/>"),
  "word/document.xml": strToU8("<w:document/>"),
};

/** The offset of the End Of Central Directory record fflate wrote (no comment: the last 22 bytes). */
const eocdAt = (zip: Uint8Array) => zip.length - 22;

function withEocd(zip: Uint8Array, edit: (eocd: DataView) => void): Uint8Array {
  const copy = zip.slice();
  edit(new DataView(copy.buffer, eocdAt(copy), 22));
  return copy;
}

function withComment(zip: Uint8Array, comment: Uint8Array): Uint8Array {
  const commented = new Uint8Array(zip.length + comment.length);
  commented.set(zip);
  commented.set(comment, zip.length);
  new DataView(commented.buffer).setUint16(eocdAt(zip) + 20, comment.length, true);
  return commented;
}

describe("zipEntryNames", () => {
  it("lists the entry names in central directory order", async () => {
    expect(await entriesOf(zipSync(DOCX))).toEqual(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
  });

  it("reads UTF-8 entry names", async () => {
    expect(await entriesOf(zipSync({ "lampiran/surat-kuasa-Ü-法律.txt": strToU8("x") }))).toEqual(["lampiran/surat-kuasa-Ü-法律.txt"]);
  });

  it("reads only the tail of a 5 MiB document, in one range read", async () => {
    const file = zipSync({ ...DOCX, "word/media/scan.png": [randomBytes(5 * 1024 * 1024), { level: 0 }] });
    const reader = rangeReader(file);
    expect(await zipEntryNames(file.length, reader.readRange)).toHaveLength(4);
    expect(reader.reads).toEqual([[file.length - 65_557, file.length - 1]]);
    expect(reader.bytesRead()).toBeLessThan(file.length / 50);
  });

  it("reads a central directory that starts before the tail with a second range read, not the whole file", async () => {
    const many: Zippable = Object.fromEntries(
      Array.from({ length: 2000 }, (_, i) => [`word/media/image-${i}-${"x".repeat(40)}.png`, randomBytes(64)]),
    );
    const file = zipSync({ ...DOCX, ...many, "word/media/big.bin": [randomBytes(2 * 1024 * 1024), { level: 0 }] });
    const reader = rangeReader(file);
    expect(await zipEntryNames(file.length, reader.readRange)).toHaveLength(2004);
    const eocd = new DataView(file.buffer, eocdAt(file));
    const [directorySize, directoryOffset] = [eocd.getUint32(12, true), eocd.getUint32(16, true)];
    expect(reader.reads).toEqual([
      [file.length - 65_557, file.length - 1],
      [directoryOffset, directoryOffset + directorySize - 1],
    ]);
  });

  it("finds the end record behind an archive comment, even one that contains the record's signature", async () => {
    const fakeRecord = Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    const comment = Uint8Array.from([...strToU8("made by a scanner "), ...fakeRecord, ...strToU8(" end")]);
    expect(await entriesOf(withComment(zipSync(DOCX), comment))).toEqual(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
  });

  it("reads a tiny archive whose whole file is shorter than the tail window", async () => {
    const file = zipSync({ a: strToU8("") });
    const reader = rangeReader(file);
    expect(await zipEntryNames(file.length, reader.readRange)).toEqual(["a"]);
    expect(reader.reads).toEqual([[0, file.length - 1]]);
  });

  it.each([
    ["a file shorter than an end record", Uint8Array.from([0x50, 0x4b, 3, 4]), /too short/],
    ["bytes without an end record", randomBytes(10_000), /no end of central directory/],
    ["a truncated archive", zipSync(DOCX).subarray(0, 200), /no end of central directory/],
    ["an archive with bytes appended after the end record", Uint8Array.from([...zipSync(DOCX), 0, 0, 0]), /no end of central directory/],
    [
      "an archive with bytes prepended (a self-extractor)",
      Uint8Array.from([...strToU8("MZ stub"), ...zipSync(DOCX)]),
      /not where the end record says/,
    ],
    ["an archive without entries", zipSync({}), /no entries/],
    [
      "an end record counting fewer entries than the directory holds",
      withEocd(zipSync(DOCX), (e) => {
        e.setUint16(8, 2, true);
        e.setUint16(10, 2, true);
      }),
      /more than its entry count/,
    ],
    [
      "an end record counting more entries than the directory holds",
      withEocd(zipSync(DOCX), (e) => {
        e.setUint16(8, 4, true);
        e.setUint16(10, 4, true);
      }),
      /entry 4 is malformed/,
    ],
    ["a multi-disk archive", withEocd(zipSync(DOCX), (e) => e.setUint16(4, 1, true)), /several disks/],
    ["an end record with the ZIP64 marker", withEocd(zipSync(DOCX), (e) => e.setUint32(16, 0xffffffff, true)), /ZIP64/],
  ])("refuses %s", async (_, file, reason) => {
    const refused = await refusalOf(file);
    expect(refused).toMatch(reason);
    if (!/ZIP64/.test(refused)) expect(refused).toMatch(/^The content is not a valid ZIP\/Office document: .*\.$/);
  });

  it("refuses more than 10,000 entries without reading past the directory", async () => {
    const file = zipSync(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`e${i}`, new Uint8Array(0)])));
    expect(await refusalOf(file)).toMatch(/more than 10000 entries/);
  });

  it("refuses a central directory over 4 MiB before reading it", async () => {
    const file = zipSync(Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`${i}-${"n".repeat(65_000)}`, new Uint8Array(0)])));
    const reader = rangeReader(file);
    expect(await zipEntryNames(file.length, reader.readRange)).toEqual({ refused: expect.stringMatching(/larger than 4194304 bytes/) });
    expect(reader.reads).toHaveLength(1);
  });
});

describe("an uploaded Office document end to end: sniff, list, decide", () => {
  async function decide(file: Uint8Array) {
    const sniffer = new ContentSniffer();
    for (let at = 0; at < file.length; at += 1000) sniffer.push(file.subarray(at, at + 1000));
    const sniffed = sniffer.finish();
    if (!("zip" in sniffed)) return sniffed;
    const names = await zipEntryNames(file.length, rangeReader(file).readRange);
    return "refused" in names ? names : decideZipType(names, sniffed.head);
  }

  it("accepts a DOCX and refuses the same document with a VBA project", async () => {
    expect(await decide(zipSync(DOCX))).toMatchObject({ kind: "docx" });
    expect(await decide(zipSync({ ...DOCX, "word/vbaProject.bin": randomBytes(512) }))).toMatchObject({
      refused: expect.stringMatching(/macro-enabled/),
    });
  });

  it("accepts an ODT whose mimetype entry is first and STORED", async () => {
    const odt = zipSync({
      mimetype: [strToU8("application/vnd.oasis.opendocument.text"), { level: 0 }],
      "content.xml": strToU8("<office:document-content/>"),
    });
    expect(await decide(odt)).toMatchObject({ kind: "odt" });
  });
});
