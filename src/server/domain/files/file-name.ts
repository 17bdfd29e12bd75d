import { BIDI_CONTROLS } from "../text/name-text";

/** File names as clients give them, made safe to store, show and send back in a download's headers. */

const MAX_NAME_BYTES = 255;
/** The longest extension kept whole when a long name is cut (".xlsx", ".jpeg", ".markdown"…). */
const MAX_EXTENSION_CHARS = 16;

// C0 and C1 controls, DEL, bidi controls (which can make "exe.pdf" show as "fdp.exe"), and the BOM.
const INVISIBLE = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}\\ufeff]`, "gu");
// An unpaired surrogate cannot be encoded as UTF-8 (encodeURIComponent throws on it).
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const encoder = new TextEncoder();
const utf8Bytes = (text: string) => encoder.encode(text).length;

/** The longest run of whole graphemes from the start of text that fits in maxBytes, so no emoji or accent is split. */
function cutToBytes(text: string, maxBytes: number): string {
  let kept = "";
  let bytes = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) {
    bytes += utf8Bytes(segment);
    if (bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}

/**
 * The name a client gave, reduced to a safe display name: its last path segment (either
 * separator), without invisible or direction-changing characters, NFC, trimmed, at most 255 UTF-8
 * bytes (cut between characters, keeping a short extension), and "file" when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const segment = raw.slice(Math.max(raw.lastIndexOf("/"), raw.lastIndexOf("\\")) + 1);
  let name = segment.replace(UNPAIRED_SURROGATE, "\ufffd").replace(INVISIBLE, "").normalize("NFC").trim();
  if (utf8Bytes(name) > MAX_NAME_BYTES) {
    const dot = name.lastIndexOf(".");
    const extension = dot > 0 && name.length - dot <= MAX_EXTENSION_CHARS ? name.slice(dot) : "";
    name = (cutToBytes(name.slice(0, name.length - extension.length), MAX_NAME_BYTES - utf8Bytes(extension)).trimEnd() + extension).trim();
  }
  // "." and ".." would name a directory wherever the name is saved.
  return /^\.*$/.test(name) ? "file" : name;
}

/** RFC 5987 attr-char is narrower than what encodeURIComponent leaves alone. */
const encodeRfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A Content-Disposition header that downloads the file under name: an ASCII `filename` for old
 * clients (accents dropped, other characters and `%`, which some clients decode, as `_`) and the
 * exact name as RFC 5987 `filename*`. The name is cleaned first, so no CR/LF can reach a header.
 */
export function contentDispositionAttachment(name: string): string {
  const clean = cleanFileName(name);
  const fallback = clean
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\u0020-\u007e]|%/gu, "_")
    .replace(/["\\]/g, "\\$&");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
