/**
 * An uploaded file's type, decided from its bytes alone: the name and the declared Content-Type
 * are the uploader's claims, and a browser or Office opening a stored file trusts its bytes.
 */

export type FileKind = "pdf" | "docx" | "xlsx" | "odt" | "png" | "jpeg" | "text";

export interface FileType {
  kind: FileKind;
  contentType: string;
  extension: string;
}

/** Why content is refused: one English sentence (the 415's message). */
export type Refusal = { refused: string };

/** The sniffer's answer for a ZIP container: the caller lists its entries and calls decideZipType with this head. */
export type ZipContainer = { zip: true; head: Uint8Array };

const TYPES: Record<FileKind, FileType> = {
  pdf: { kind: "pdf", contentType: "application/pdf", extension: ".pdf" },
  docx: { kind: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: ".docx" },
  xlsx: { kind: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: ".xlsx" },
  odt: { kind: "odt", contentType: "application/vnd.oasis.opendocument.text", extension: ".odt" },
  png: { kind: "png", contentType: "image/png", extension: ".png" },
  jpeg: { kind: "jpeg", contentType: "image/jpeg", extension: ".jpg" },
  text: { kind: "text", contentType: "text/plain; charset=utf-8", extension: ".txt" },
};

export const ACCEPTED_FILE_TYPES: readonly FileType[] = Object.values(TYPES);

const ACCEPTED = "accepted types are PDF, DOCX, XLSX, ODT, PNG, JPEG and UTF-8 text.";

function refuse(what: string): Refusal {
  return { refused: `The content is ${what}; ${ACCEPTED}` };
}

/** Enough for every signature below (tar's is at offset 257) and for ODF's leading `mimetype` entry. */
const HEAD_BYTES = 4096;

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Refused binary formats by their signature, at the start unless `at` says otherwise. */
const REFUSED_SIGNATURES: readonly { at?: number; bytes: readonly number[]; what: string }[] = [
  { bytes: ascii("MZ"), what: "a Windows executable (MZ header)" },
  { bytes: [0x7f, ...ascii("ELF")], what: "a Linux executable (ELF header)" },
  { bytes: [0xfe, 0xed, 0xfa, 0xce], what: "a macOS executable (Mach-O header)" },
  { bytes: [0xfe, 0xed, 0xfa, 0xcf], what: "a macOS executable (Mach-O header)" },
  { bytes: [0xce, 0xfa, 0xed, 0xfe], what: "a macOS executable (Mach-O header)" },
  { bytes: [0xcf, 0xfa, 0xed, 0xfe], what: "a macOS executable (Mach-O header)" },
  { bytes: [0xca, 0xfe, 0xba, 0xbe], what: "a macOS universal executable or Java class (CAFEBABE header)" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: "an old binary Office document (OLE2: .doc, .xls, .ppt or .msg)" },
  { bytes: ascii("PK\u0005\u0006"), what: "an empty ZIP archive" },
  { bytes: ascii("PK\u0007\u0008"), what: "a split ZIP archive" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: "a 7-Zip archive" },
  { bytes: ascii("Rar!\u001a\u0007"), what: "a RAR archive" },
  { bytes: [0xfd, ...ascii("7zXZ"), 0x00], what: "an xz archive" },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: "a Zstandard archive" },
  { bytes: ascii("MSCF"), what: "a Windows cabinet archive" },
  { at: 257, bytes: ascii("ustar"), what: "a tar archive" },
  { bytes: [0xff, 0xfe], what: "UTF-16 text (only UTF-8 text is accepted)" },
  { bytes: [0xfe, 0xff], what: "UTF-16 text (only UTF-8 text is accepted)" },
];

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
}

// bzip2's magic ("BZh" + level + block magic) is printable ASCII, so it needs its full shape to avoid refusing text.
const BZIP2 = /^BZh[1-9]1AY&SY/;

/**
 * Text a browser would render as a document rather than show: `<` then a letter, `!` or `?` (HTML,
 * SVG, XML, `<!doctype`, `<!--`) as the first thing after a BOM and whitespace. Broader than a
 * list of tags because browsers sniff many more (`<div`, `<a`, `<iframe`…) and plain text rarely starts so.
 */
const MARKUP = /^\ufeff?\s*<[a-z!?]/i;

/**
 * Running UTF-8 validity over a stream: how many continuation bytes the current character still
 * needs, and the range its next byte must fall in (tighter after E0, ED, F0 and F4 to refuse
 * overlong forms, surrogates and code points above U+10FFFF).
 */
class Utf8State {
  valid = true;
  sawNul = false;
  private pending = 0;
  private low = 0x80;
  private high = 0xbf;

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && this.valid; i++) {
      const b = chunk[i]!;
      if (this.pending > 0) {
        if (b < this.low || b > this.high) this.valid = false;
        this.pending--;
        this.low = 0x80;
        this.high = 0xbf;
      } else if (b === 0) {
        this.sawNul = true;
      } else if (b >= 0x80) {
        this.lead(b);
      }
    }
  }

  private lead(b: number): void {
    if (b >= 0xc2 && b <= 0xdf) {
      this.pending = 1;
    } else if (b >= 0xe0 && b <= 0xef) {
      this.pending = 2;
      if (b === 0xe0) this.low = 0xa0;
      if (b === 0xed) this.high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      this.pending = 3;
      if (b === 0xf0) this.low = 0x90;
      if (b === 0xf4) this.high = 0x8f;
    } else {
      this.valid = false;
    }
  }

  /** Valid to the end: no character left unfinished. */
  complete(): boolean {
    return this.valid && this.pending === 0;
  }
}

/**
 * Fed every chunk as it streams; keeps the first 4 KiB and the UTF-8 state, so any chunking gives
 * the same answer and memory stays constant whatever the file's size.
 */
export class ContentSniffer {
  private readonly headBuffer = new Uint8Array(HEAD_BYTES);
  private headLength = 0;
  private total = 0;
  private readonly utf8 = new Utf8State();

  push(chunk: Uint8Array): void {
    const room = HEAD_BYTES - this.headLength;
    if (room > 0) {
      const taken = chunk.subarray(0, room);
      this.headBuffer.set(taken, this.headLength);
      this.headLength += taken.length;
    }
    this.total += chunk.length;
    this.utf8.push(chunk);
  }

  finish(): FileType | Refusal | ZipContainer {
    const head = this.headBuffer.slice(0, this.headLength);
    if (this.total === 0) return refuse("empty");
    if (startsWith(head, ascii("%PDF-"))) return TYPES.pdf;
    if (startsWith(head, [0x89, ...ascii("PNG\r\n\u001a\n")])) return TYPES.png;
    if (startsWith(head, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
    if (startsWith(head, ascii("PK\u0003\u0004"))) return { zip: true, head };
    for (const signature of REFUSED_SIGNATURES) {
      if (startsWith(head, signature.bytes, signature.at)) return refuse(signature.what);
    }
    return this.decideText(head);
  }

  private decideText(head: Uint8Array): FileType | Refusal {
    const start = new TextDecoder().decode(head.subarray(0, 64));
    if (BZIP2.test(start)) return refuse("a bzip2 archive");
    if (this.utf8.sawNul) return refuse("binary data of an unrecognized type (it contains NUL bytes)");
    if (!this.utf8.complete()) return refuse("neither a recognized binary type nor valid UTF-8 text");
    if (/^\ufeff?#!/.test(start)) return refuse("a script (it starts with #!)");
    if (/^\ufeff?\{\\rtf/.test(start)) return refuse("an RTF document, which Word opens with its embedded objects");
    if (MARKUP.test(new TextDecoder().decode(head))) return refuse("markup (HTML, SVG or XML) that a browser would render");
    return TYPES.text;
  }
}

/** Every OpenDocument `mimetype` starts so; the rest names the kind in a refusal. */
const OPENDOCUMENT_PREFIX = "application/vnd.oasis.opendocument.";

/**
 * ODF's first entry must be `mimetype`, STORED, without extra field, so its value sits at a fixed
 * place in the head; a data descriptor or compression would mean it is not a conforming ODF file.
 */
function odfMimetype(head: Uint8Array): string | undefined {
  if (!startsWith(head, ascii("PK\u0003\u0004")) || head.length < 30) return undefined;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const flags = view.getUint16(6, true);
  const method = view.getUint16(8, true);
  const size = view.getUint32(18, true);
  const nameLength = view.getUint16(26, true);
  const extraLength = view.getUint16(28, true);
  const dataStart = 30 + nameLength + extraLength;
  if ((flags & 0x08) !== 0 || method !== 0 || size > 256 || dataStart + size > head.length) return undefined;
  if (new TextDecoder().decode(head.subarray(30, 30 + nameLength)) !== "mimetype") return undefined;
  return new TextDecoder().decode(head.subarray(dataStart, dataStart + size));
}

const basename = (name: string) => name.slice(name.lastIndexOf("/") + 1).toLowerCase();

/**
 * Decides a ZIP container from its central directory's entry names and the file's head.
 *
 * Macro-enabled OOXML (.docm, .xlsm, .dotm, .xltm) is refused by the presence of a VBA project
 * part (vbaProject.bin, or its signature/data parts) anywhere, not by [Content_Types].xml: the
 * names are all we read, and Office runs macros only from that part, whatever the content types
 * claim. A .docm that carries no VBA project has no macros to run and passes as DOCX. ODF macros
 * live under Basic/ or Scripts/.
 */
export function decideZipType(entryNames: readonly string[], head: Uint8Array): FileType | Refusal {
  const names = new Set(entryNames);
  // Readers disagree on which of two same-named entries wins, so a duplicate could show one thing to us and another to Office.
  if (names.size !== entryNames.length) return refuse("a ZIP archive with duplicate entry names");
  const lowerNames = entryNames.map((name) => name.toLowerCase());
  const baseNames = new Set(entryNames.map(basename));

  const mimetype = odfMimetype(head);
  if (mimetype !== undefined && entryNames[0] === "mimetype") {
    if (!mimetype.startsWith(OPENDOCUMENT_PREFIX)) return refuse(`a ZIP archive declaring the type ${JSON.stringify(mimetype)}`);
    if (mimetype !== TYPES.odt.contentType)
      return refuse(`an OpenDocument file of another kind (${mimetype.slice(OPENDOCUMENT_PREFIX.length)})`);
    if (lowerNames.some((name) => name.startsWith("basic/") || name.startsWith("scripts/"))) {
      return refuse("an OpenDocument text with macros (Basic/ or Scripts/ entries)");
    }
    if (!names.has("content.xml")) return refuse("an OpenDocument text without its content.xml, so not a valid ODT document");
    return TYPES.odt;
  }

  if (names.has("[Content_Types].xml")) {
    if (["vbaproject.bin", "vbaprojectsignature.bin", "vbadata.xml"].some((name) => baseNames.has(name))) {
      return refuse("a macro-enabled Office document (it contains a VBA project)");
    }
    const word = names.has("word/document.xml");
    const excel = names.has("xl/workbook.xml");
    if (word && !excel) return TYPES.docx;
    if (excel && !word) return TYPES.xlsx;
    if (word && excel) return refuse("an Office package with both a Word document and an Excel workbook");
    if (names.has("xl/workbook.bin")) return refuse("a binary Excel workbook (.xlsb)");
    if (names.has("ppt/presentation.xml")) return refuse("a PowerPoint presentation");
    return refuse("an Office package that is neither a Word document nor an Excel workbook");
  }

  return refuse("a ZIP archive that is not a DOCX, XLSX or ODT document");
}
