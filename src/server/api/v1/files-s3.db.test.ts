import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { createFileStorage, deleteLeftoverUpload, type FileSettings, receiveUpload, UPLOAD_GRACE_MS } from "@/server/services/files";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createTestPractitioner, ndaOrder } from "@/test/orders";
import { startS3Server, type TestS3Server } from "@/test/s3-server";

/** The files API on S3 (FILE_STORAGE=s3), against a real S3-protocol server on loopback. */
let database: TestDatabase;
let s3: TestS3Server;
let files: FileSettings;
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-26T03:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  await createTestPractitioner(database.prisma);
  s3 = await startS3Server();
  const { stop: _stop, ...settings } = s3;
  files = { storage: createFileStorage({ kind: "s3", ...settings }), maxBytes: 1024 * 1024 };
  api = await startTestApi(database.prisma, clock, undefined, undefined, undefined, files);
  org = await createTestOrg(database.prisma);
});

afterAll(async () => {
  await api?.close();
  await s3?.stop();
  await database?.destroy();
});

async function upload(content: Buffer, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)]), filename);
  const res = await api.call("/v1/files", { method: "POST", token: org.token, body: form });
  return { status: res.status, body: (await res.json()) as { id: string; content_type: string; error?: { code: string } } };
}

describe("files on S3", () => {
  it("stores an upload, serves its bytes back and carries it on an order", async () => {
    const { status, body } = await upload(SAMPLE_FILES.pdf, "kontrak.pdf");
    expect([status, body.content_type]).toEqual([201, "application/pdf"]);
    const content = await api.call(`/v1/files/${body.id}/content`, { token: org.token });
    expect(Buffer.from(await content.arrayBuffer())).toEqual(SAMPLE_FILES.pdf);
    const order = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder({ attachments: [body.id] }) });
    expect(order.status).toBe(201);
  });

  it("refuses an executable with 415 and leaves no object behind", async () => {
    const before = await database.prisma.fileUpload.count();
    const { status, body } = await upload(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(100)]), "kontrak.pdf");
    expect([status, body.error?.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    expect(await database.prisma.fileUpload.count()).toBe(before);
  });

  it("deletes the bytes a crash left behind once the sweeper finds their upload record", async () => {
    const deps = { db: database.prisma, clock, files };
    const received = await receiveUpload(deps, { source: Readable.from([SAMPLE_FILES.pdf]), clientFilename: "terputus.pdf" });
    await files.storage.read(received.storageKey);
    await deleteLeftoverUpload(
      { ...deps, clock: fixedClock(clock.now().getTime() + UPLOAD_GRACE_MS) },
      {
        actor: SWEEPER,
        storageKey: received.storageKey,
      },
    );
    await expect(files.storage.read(received.storageKey)).rejects.toThrow();
    expect(await database.prisma.fileUpload.findUnique({ where: { storageKey: received.storageKey } })).toBeNull();
  });
});
