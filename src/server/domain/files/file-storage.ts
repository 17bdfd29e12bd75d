import type { Readable } from "node:stream";

/**
 * Where documents' bytes are kept, as the services see it: the disk of one machine or any
 * S3-compatible service (services/files/storage). Only the contract lives here, so what every
 * service depends on (services/deps.ts) needs none of the drivers.
 */
export interface FileStorage {
  /** "disk" or "s3": for /readyz and logs. */
  readonly kind: "disk" | "s3";
  /**
   * Streams `body` to `key`; resolves once stored whole. If `body` emits an error or the write
   * fails, it rejects and nothing is readable under `key` afterwards. Never buffers the whole body.
   */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes under `key`, whole or `range` (inclusive byte offsets, like HTTP Range); rejects with StorageNotFound when absent. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes `key`; an absent key is fine. */
  delete(key: string): Promise<void>;
  /** Resolves if the storage can be written and read now (a small probe object); rejects with a clear message otherwise. */
  check(): Promise<void>;
}

/** Files one order, message or delivery may carry; the portals' upload component counts against it too. */
export const MAX_ATTACHMENTS = 10;

/** Where files are kept and how large one may be (FILE_STORAGE, FILE_MAX_BYTES). */
export interface FileSettings {
  storage: FileStorage;
  maxBytes: number;
}
