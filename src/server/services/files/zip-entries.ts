import type { Refusal } from "@/server/domain/files/file-type";

/**
 * The entry names of a stored ZIP (an uploaded DOCX, XLSX or ODT), read from its central directory
 * through at most two range reads: the tail holding the End Of Central Directory record, then the
 * directory itself. The file's bulk (the compressed entries) is never read. Written here rather
 * than with yauzl: names are all we need, yauzl's random-access reader is callback- and
 * stream-based around whole-entry reading, and this is the part of the format we must trust anyway.
 */

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const EOCD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const CENTRAL_ENTRY_BYTES = 46;
/** Bounds on the work one upload can ask for; a real DOCX or XLSX has tens to a few thousand entries. */
const MAX_ENTRIES = 10_000;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

const INVALID = "The content is not a valid ZIP/Office document";

function invalid(why: string): Refusal {
  return { refused: `${INVALID}: ${why}.` };
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The EOCD's offset in tail: the last signature whose comment length reaches exactly to the end of the file. */
function findEocd(tail: Uint8Array): number | undefined {
  const data = view(tail);
  for (let at = tail.length - EOCD_BYTES; at >= 0; at--) {
    if (data.getUint32(at, true) === EOCD_SIGNATURE && at + EOCD_BYTES + data.getUint16(at + 20, true) === tail.length) return at;
  }
  return undefined;
}

/**
 * readRange(start, end) returns the bytes from start to end, both inclusive. Entry names are
 * decoded as UTF-8 whatever the language flag says: the names that decide a type are ASCII.
 */
export async function zipEntryNames(
  size: number,
  readRange: (start: number, end: number) => Promise<Uint8Array>,
): Promise<string[] | Refusal> {
  if (size < EOCD_BYTES) return invalid("too short to hold an end of central directory record");
  const tailStart = Math.max(0, size - EOCD_BYTES - MAX_COMMENT_BYTES);
  const tail = await readRange(tailStart, size - 1);
  if (tail.length !== size - tailStart) return invalid("the stored file is shorter than its size");
  const eocdAt = findEocd(tail);
  if (eocdAt === undefined) return invalid("no end of central directory record");

  const eocd = view(tail.subarray(eocdAt));
  const disk = eocd.getUint16(4, true);
  const directoryDisk = eocd.getUint16(6, true);
  const entriesOnDisk = eocd.getUint16(8, true);
  const entries = eocd.getUint16(10, true);
  const directorySize = eocd.getUint32(12, true);
  const directoryOffset = eocd.getUint32(16, true);
  const zip64Locator = eocdAt >= 20 && view(tail).getUint32(eocdAt - 20, true) === ZIP64_LOCATOR_SIGNATURE;
  if (zip64Locator || entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    return { refused: "The content is a ZIP64 archive, which is not accepted: Office documents within the upload limit never need it." };
  }
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entries) return invalid("it spans several disks");
  if (entries === 0) return invalid("it has no entries");
  if (entries > MAX_ENTRIES) return invalid(`it has more than ${MAX_ENTRIES} entries`);
  if (directorySize > MAX_DIRECTORY_BYTES) return invalid(`its central directory is larger than ${MAX_DIRECTORY_BYTES} bytes`);
  const eocdOffset = tailStart + eocdAt;
  // The directory ends where the EOCD begins; anything else means prepended or hidden data.
  if (directoryOffset + directorySize !== eocdOffset) return invalid("its central directory is not where the end record says");

  const directory =
    directoryOffset >= tailStart
      ? tail.subarray(directoryOffset - tailStart, eocdAt)
      : await readRange(directoryOffset, directoryOffset + directorySize - 1);
  if (directory.length !== directorySize) return invalid("the stored file is shorter than its central directory");
  return parseDirectory(directory, entries);
}

function parseDirectory(directory: Uint8Array, entries: number): string[] | Refusal {
  const data = view(directory);
  const decoder = new TextDecoder();
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < entries; i++) {
    if (at + CENTRAL_ENTRY_BYTES > directory.length || data.getUint32(at, true) !== CENTRAL_ENTRY_SIGNATURE) {
      return invalid(`central directory entry ${i + 1} is malformed`);
    }
    const nameLength = data.getUint16(at + 28, true);
    const next = at + CENTRAL_ENTRY_BYTES + nameLength + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
    if (next > directory.length) return invalid(`central directory entry ${i + 1} runs past the directory`);
    names.push(decoder.decode(directory.subarray(at + CENTRAL_ENTRY_BYTES, at + CENTRAL_ENTRY_BYTES + nameLength)));
    at = next;
  }
  if (at !== directory.length) return invalid("its central directory holds more than its entry count");
  return names;
}
