import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertRange, assertStorageKey, type FileStorage, probe, StorageNotFound } from "./contract";

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** Files under `dir`, one file a key; `files/2026/11/x` is `<dir>/files/2026/11/x`. */
export function createDiskStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const storage: FileStorage = {
    kind: "disk",

    async put(key, body) {
      const target = pathOf(key);
      const directory = path.dirname(target);
      await mkdir(directory, { recursive: true });
      // A name in the same directory (rename stays atomic) with "~", which no key may contain, so it never shadows one.
      const temporary = path.join(directory, `.${path.basename(target)}~${randomUUID()}`);
      try {
        // flush: fsync before close, so the renamed file is whole on disk even after a crash.
        await pipeline(body, createWriteStream(temporary, { flags: "wx", flush: true }));
        await rename(temporary, target);
      } catch (error) {
        await unlink(temporary).catch((unlinkError) => {
          if (!isErrno(unlinkError, "ENOENT")) throw unlinkError;
        });
        throw error;
      }
      // The rename itself is durable only once the directory is synced.
      const handle = await open(directory, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },

    async read(key, range) {
      const file = pathOf(key);
      if (range) assertRange(range);
      const handle = await open(file, "r").catch((error) => {
        throw isErrno(error, "ENOENT") || isErrno(error, "ENOTDIR") ? new StorageNotFound(`No file stored under ${key}`) : error;
      });
      // A key that names a directory (a prefix of other keys) holds no bytes.
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new StorageNotFound(`No file stored under ${key}`);
      }
      return handle.createReadStream(range ?? {});
    },

    async delete(key) {
      // EISDIR: a key that names a directory (a prefix of other keys) holds nothing to remove.
      await unlink(pathOf(key)).catch((error) => {
        if (!["ENOENT", "ENOTDIR", "EISDIR"].some((code) => isErrno(error, code))) throw error;
      });
    },

    check: () => probe(storage, `(disk, ${root})`),
  };
  return storage;
}
