import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "@/test/s3-server";
import { createFileStorage, type FileStorage, StorageNotFound } from ".";

const MiB = 1024 * 1024;

/**
 * `bytes` of a pattern that differs from offset to offset, in 64 KiB chunks made as read; then the
 * end, or `failure` the way a request body fails when its client goes away mid-upload.
 */
function generated(bytes: number, failure?: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === bytes) return void (failure ? this.destroy(failure) : this.push(null));
      const chunk = Buffer.alloc(Math.min(64 * 1024, bytes - sent));
      for (let i = 0; i < chunk.length; i++) chunk[i] = (sent + i) % 251;
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

function stream(text: string): Readable {
  return Readable.from([Buffer.from(text)]);
}

async function text(storage: FileStorage, key: string, range?: { start: number; end: number }): Promise<string> {
  return (await buffer(await storage.read(key, range))).toString();
}

let dir: string;
let s3: TestS3Server;
const drivers: Record<"disk" | "s3", () => FileStorage> = {
  disk: () => createFileStorage({ kind: "disk", dir }),
  s3: () => createFileStorage({ kind: "s3", ...s3 }),
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "kuasa-files-"));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

describe.each(["disk", "s3"] as const)("FileStorage on %s", (kind) => {
  const storage = () => drivers[kind]();

  it("says which kind it is", () => {
    expect(storage().kind).toBe(kind);
  });

  it("reads back what was put, whole and as an inclusive byte range", async () => {
    await storage().put("files/2026/11/file_abc123", stream("Surat kuasa khusus"));
    expect(await text(storage(), "files/2026/11/file_abc123")).toBe("Surat kuasa khusus");
    expect(await text(storage(), "files/2026/11/file_abc123", { start: 6, end: 10 })).toBe("kuasa");
    // From offset 0: s3rver takes "bytes=0-0" for the whole object (its own bug), so a one-byte range at 0 is left to disk.test.ts.
    expect(await text(storage(), "files/2026/11/file_abc123", { start: 0, end: 1 })).toBe("Su");
  });

  it("stores a body of several parts byte for byte", async () => {
    await storage().put("files/big", generated(11 * MiB + 7));
    const back = await buffer(await storage().read("files/big"));
    expect(back.equals(await buffer(generated(11 * MiB + 7)))).toBe(true);
    expect(await buffer(await storage().read("files/big", { start: 5 * MiB - 1, end: 5 * MiB + 1 }))).toEqual(
      Buffer.from([(5 * MiB - 1) % 251, (5 * MiB) % 251, (5 * MiB + 1) % 251]),
    );
  });

  it("replaces what a key held when put again", async () => {
    await storage().put("files/again", stream("first"));
    await storage().put("files/again", stream("second"));
    expect(await text(storage(), "files/again")).toBe("second");
  });

  it("rejects a read of an absent key with StorageNotFound", async () => {
    await expect(storage().read("files/2026/11/never-put")).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage().read("files/2026/11/never-put", { start: 0, end: 1 })).rejects.toBeInstanceOf(StorageNotFound);
  });

  it("deletes a key, and deleting it again (or a key never put) is fine", async () => {
    await storage().put("files/to-delete", stream("x"));
    await storage().delete("files/to-delete");
    await expect(storage().read("files/to-delete")).rejects.toBeInstanceOf(StorageNotFound);
    await storage().delete("files/to-delete");
    await storage().delete("files/never-put");
  });

  it("rejects a put whose body fails half-way, and leaves nothing under the key", async () => {
    await expect(storage().put("files/broken", generated(6 * MiB, new Error("client went away")))).rejects.toThrow(/client went away/);
    await expect(storage().read("files/broken")).rejects.toBeInstanceOf(StorageNotFound);
  });

  it("keeps what a key held when a second put of it fails half-way", async () => {
    await storage().put("files/kept", stream("the good copy"));
    await expect(storage().put("files/kept", generated(6 * MiB, new Error("client went away")))).rejects.toThrow(/client went away/);
    expect(await text(storage(), "files/kept")).toBe("the good copy");
  });

  it.each([
    "../outside",
    "files/../../outside",
    "files/./x",
    "/etc/passwd",
    "files//x",
    "files/x/",
    "",
    "files/x y",
    "files/é",
    "files\\x",
    `files/${"a".repeat(1020)}`,
  ])("refuses the key %j in put, read and delete", async (key) => {
    await expect(storage().put(key, stream("x"))).rejects.toThrow(/Invalid storage key/);
    await expect(storage().read(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage().delete(key)).rejects.toThrow(/Invalid storage key/);
  });

  it.each([
    { start: -1, end: 2 },
    { start: 3, end: 2 },
    { start: 0.5, end: 2 },
  ])("refuses the range %o", async (range) => {
    await storage().put("files/ranged", stream("0123456789"));
    await expect(storage().read("files/ranged", range)).rejects.toThrow(/Invalid byte range/);
  });

  it("passes its check while it can be written and read", async () => {
    await storage().check();
  });
});
