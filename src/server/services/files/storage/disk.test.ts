import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageNotFound } from "./contract";
import { createDiskStorage } from "./disk";

let parent: string;
let root: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "kuasa-disk-"));
  root = path.join(parent, "files");
});
afterAll(() => rm(parent, { recursive: true, force: true }));

describe("disk file storage", () => {
  it("keeps a key as a file under its directory, creating the directories", async () => {
    await createDiskStorage(root).put("files/2026/11/file_abc", Readable.from([Buffer.from("isi")]));
    expect(await readdir(path.join(root, "files/2026/11"))).toEqual(["file_abc"]);
  });

  it("reads a one-byte range at offset 0", async () => {
    const storage = createDiskStorage(root);
    await storage.put("one", Readable.from([Buffer.from("abc")]));
    expect((await buffer(await storage.read("one", { start: 0, end: 0 }))).toString()).toBe("a");
  });

  it("leaves no temporary file behind when a body fails", async () => {
    const body = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(createDiskStorage(root).put("failed/x", body)).rejects.toThrow(/client went away/);
    expect(await readdir(path.join(root, "failed"))).toEqual([]);
  });

  it("treats a key that names a directory as absent: read finds nothing, delete is fine", async () => {
    const storage = createDiskStorage(root);
    await storage.put("prefix/inner", Readable.from([Buffer.from("x")]));
    await expect(storage.read("prefix")).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.read("prefix/inner/deeper")).rejects.toBeInstanceOf(StorageNotFound);
    await storage.delete("prefix");
    await storage.delete("prefix/inner/deeper");
  });

  it("fails its check with a message naming the directory when it cannot write there", async () => {
    const blocker = path.join(parent, "a-file");
    await writeFile(blocker, "not a directory");
    await expect(createDiskStorage(blocker).check()).rejects.toThrow(`File storage (disk, ${blocker}) is not usable`);
  });
});
