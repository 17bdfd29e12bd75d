import { connect, createServer, type Server, type Socket } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "@/test/s3-server";
import { createS3Storage } from "./s3";

const MiB = 1024 * 1024;

/** `bytes` zeros in 64 KiB chunks, made as read. */
function* zeros(bytes: number): Generator<Buffer> {
  for (let sent = 0; sent < bytes; sent += 64 * 1024) yield Buffer.alloc(Math.min(64 * 1024, bytes - sent));
}

/** A loopback port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A loopback TCP relay in front of `endpoint` that counts the bytes clients send through it. */
async function countingRelay(endpoint: string): Promise<{ endpoint: string; received(): number; close(): Promise<void> }> {
  const target = new URL(endpoint);
  let received = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket
        .once("close", () => sockets.delete(socket))
        .once("error", () => {
          client.destroy();
          upstream.destroy();
        });
    }
    client.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received: () => received,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.stop());

describe("S3 file storage", () => {
  it("names the body's own error when a body fails after a part was sent, not only the failed abort", async () => {
    // s3rver answers AbortMultipartUpload with 405 (nor has it ListMultipartUploads): real S3 aborts, and put rejects with the body's error alone.
    const failing = Readable.from(
      (function* () {
        yield* zeros(6 * MiB);
        throw new Error("client went away");
      })(),
    );
    await expect(createS3Storage({ kind: "s3", ...s3 }).put("files/broken", failing)).rejects.toThrow(
      /files\/broken .*failed: the body failed \(Error: client went away\); aborting the multipart upload then failed too \(MethodNotAllowed/,
    );
  });

  it("sends a 25 MiB body as it reads it, never holding more than a part or two", async () => {
    const relay = await countingRelay(s3.endpoint);
    // How far reading the body ran ahead of what reached the server: a driver that held the whole
    // body would be 25 MiB ahead by its last chunk; 5 MiB parts sent one at a time stay near 6.
    // Counted in bytes, not memory, which moves with the garbage collector.
    let read = 0;
    let ahead = 0;
    const body = Readable.from(
      (function* () {
        for (const chunk of zeros(25 * MiB)) {
          ahead = Math.max(ahead, read - relay.received());
          read += chunk.length;
          yield chunk;
        }
      })(),
    );
    try {
      await createS3Storage({ kind: "s3", ...s3, endpoint: relay.endpoint }).put("files/large", body);
    } finally {
      await relay.close();
    }
    expect(read).toBe(25 * MiB);
    expect(ahead).toBeLessThan(16 * MiB);
  });

  describe.each([
    [
      "stopped",
      async () => {
        const server = await startS3Server();
        await server.stop();
        return server;
      },
    ],
    ["never there", async () => ({ ...s3, endpoint: `http://127.0.0.1:${await closedPort()}` })],
  ])("with a server that is %s", (_, unreachable) => {
    it("rejects put, read, delete and check within seconds, naming the endpoint", { timeout: 15_000 }, async () => {
      const server = await unreachable();
      const storage = createS3Storage({ kind: "s3", ...server });
      const named = new RegExp(`at ${server.endpoint}.*(ECONNREFUSED|ECONNRESET)`);
      await expect(storage.put("files/x", Readable.from(zeros(10)))).rejects.toThrow(named);
      await expect(storage.read("files/x")).rejects.toThrow(named);
      await expect(storage.delete("files/x")).rejects.toThrow(named);
      await expect(storage.check()).rejects.toThrow(`File storage (s3, bucket ${server.bucket} at ${server.endpoint}) is not usable`);
    });
  });
});
