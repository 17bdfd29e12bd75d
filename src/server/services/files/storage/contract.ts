import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { FileStorage } from "@/server/domain/files/file-storage";

/** Where uploaded files are kept (FILE_STORAGE and its variables, .env.example). */
export type FileStorageConfig =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      /** Unset: AWS S3 itself; set for S3-compatible servers (MinIO, R2, …). */
      endpoint?: string;
      bucket: string;
      region: string;
      /** Unset: the SDK's default credential chain (environment, instance role, …). */
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export class StorageNotFound extends Error {}

export type { FileStorage } from "@/server/domain/files/file-storage";

const KEY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Throws unless `key` is relative, of [A-Za-z0-9_./-] only and free of `.`/`..` segments, so a disk key never leaves its root. */
export function assertStorageKey(key: string): void {
  // 1024 bytes is S3's own limit on a key.
  if (key.length > 1024 || !KEY.test(key) || key.split("/").some((segment) => segment === "." || segment === ".."))
    throw new Error(`Invalid storage key ${JSON.stringify(key)}: only A-Z a-z 0-9 _ . - and / between segments, no . or .. segment`);
}

export function assertRange(range: { start: number; end: number }): void {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start)
    throw new Error(`Invalid byte range ${range.start}-${range.end}: whole numbers with 0 <= start <= end`);
}

/** Writes, reads back and deletes a small probe object; `where` names the storage in the error. */
export async function probe(storage: FileStorage, where: string): Promise<void> {
  const key = `_check/${randomUUID()}`;
  const bytes = Buffer.from(key);
  try {
    await storage.put(key, Readable.from([bytes]));
    const back = await buffer(await storage.read(key));
    if (!back.equals(bytes)) throw new Error("the probe object read back differs from what was written");
    await storage.delete(key);
  } catch (error) {
    throw new Error(`File storage ${where} is not usable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
