import { createHash } from "node:crypto";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { AppError } from "@/server/domain/errors";
import { cleanFileName } from "@/server/domain/files/file-name";
import type { FileSettings, FileStorage } from "@/server/domain/files/file-storage";
import { ContentSniffer, decideZipType, type FileType } from "@/server/domain/files/file-type";
import { newId } from "@/server/domain/ids";
import type { ServiceDeps } from "../deps";
import { zipEntryNames } from "./zip-entries";

export type FileDeps = ServiceDeps & { files: FileSettings };

/** The deps with their file settings required; a face that serves files is always given them. */
export function fileDepsOf<T extends ServiceDeps>(deps: T): T & FileDeps {
  if (!deps.files) throw new Error("file storage is not configured for this caller");
  return { ...deps, files: deps.files };
}

/** Bytes stored whole and checked, waiting for their row (createFile), under an upload record the sweeper cleans. */
export interface ReceivedUpload {
  fileId: string;
  storageKey: string;
  filename: string;
  size: number;
  sha256: string;
  type: FileType;
}

/** The storage key of a new file: by month, so a listing of the bucket reads like a calendar. */
function storageKeyOf(fileId: string, now: Date): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return `files/${month}/${fileId}`;
}

/** Counts, hashes and sniffs the bytes on their way to storage, and stops them past the limit. */
class Inspection extends Transform {
  size = 0;
  readonly hash = createHash("sha256");
  readonly sniffer = new ContentSniffer();
  tooLarge = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.tooLarge = true;
      done(tooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    this.sniffer.push(chunk);
    done(null, chunk);
  }
}

export function tooLargeError(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${maxBytes} bytes (FILE_MAX_BYTES).`);
}

const unsupported = (reason: string) => new AppError("UNSUPPORTED_MEDIA_TYPE", reason);

/**
 * Streams `source` to storage while counting, hashing and sniffing it, then decides its type from
 * the content (a ZIP container by its directory, read back from storage by range). The bytes are
 * under an upload record from before the first byte: whatever happens after (a crash, a refusal),
 * either they become a file's or the sweeper deletes them. Refused or failed, the bytes are gone
 * before this throws. Never holds more than a chunk of the file in memory.
 */
export async function receiveUpload(
  deps: FileDeps,
  { source, clientFilename }: { source: Readable; clientFilename: string },
): Promise<ReceivedUpload> {
  const { storage, maxBytes } = deps.files;
  const now = deps.clock.now();
  const fileId = newId("file");
  const storageKey = storageKeyOf(fileId, now);
  await deps.db.fileUpload.create({ data: { storageKey, createdAt: now } });
  const inspection = new Inspection(maxBytes);
  try {
    source.on("error", (err) => inspection.destroy(err));
    // The driver may attach its reader a tick later (making a folder, opening a multipart upload): an
    // error before that stays on the stream, where the driver finds it, instead of crashing the process.
    inspection.on("error", () => {});
    await storage.put(storageKey, source.pipe(inspection));
    if (inspection.tooLarge) throw tooLargeError(maxBytes);
    if (inspection.size === 0) throw new AppError("VALIDATION", "The file is empty.");
    const type = await decideType(storage, storageKey, inspection);
    return {
      fileId,
      storageKey,
      filename: cleanFileName(clientFilename),
      size: inspection.size,
      sha256: inspection.hash.digest("hex"),
      type,
    };
  } catch (err) {
    await discardUpload(deps, { storageKey });
    if (inspection.tooLarge) throw tooLargeError(maxBytes);
    throw err;
  }
}

async function decideType(storage: FileStorage, storageKey: string, inspection: Inspection): Promise<FileType> {
  const sniffed = inspection.sniffer.finish();
  if ("refused" in sniffed) throw unsupported(sniffed.refused);
  if (!("zip" in sniffed)) return sniffed;
  const names = await zipEntryNames(inspection.size, async (start, end) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(storageKey, { start, end })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  if (!Array.isArray(names)) throw unsupported(names.refused);
  const decided = decideZipType(names, sniffed.head);
  if ("refused" in decided) throw unsupported(decided.refused);
  return decided;
}

/** Deletes stored bytes that will not become a file, then their upload record (the sweeper retries a failure). */
export async function discardUpload(deps: FileDeps, { storageKey }: { storageKey: string }): Promise<void> {
  try {
    await deps.files.storage.delete(storageKey);
    await deps.db.fileUpload.deleteMany({ where: { storageKey } });
  } catch {
    // The upload record stays; the sweep deletes the bytes later.
  }
}
