import { Readable } from "node:stream";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkDownload } from "@/server/api/portal-files-http";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { deleteLeftoverUpload, deleteUnattachedFile, receiveUpload, UNATTACHED_FILE_MS, UPLOAD_GRACE_MS } from "@/server/services/files";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES, storedFileCount, TEST_FILES } from "@/test/files";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { keepAlivePool, startTestApi, type TestApi } from "@/test/http";
import { createTestPractitioner, ndaOrder } from "@/test/orders";

let database: TestDatabase;
let api: TestApi;
const clock = fixedClock("2026-11-26T03:00:00Z");

/** A service whose intake names a document (type `berkas`), as the catalog's trademark filing names the label. */
const DOCUMENT_SERVICE = "uji_dokumen_intake";

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  await database.prisma.service.create({
    data: {
      code: DOCUMENT_SERVICE,
      name: "Uji dokumen dalam intake",
      category: "kontrak",
      description: "Layanan uji yang meminta satu dokumen di intake.",
      clientPriceIdr: 1_000_000n,
      slaDays: 3,
      slaLabel: "3 hari kerja",
      intake: [
        { key: "dokumen", label: "Dokumen yang ditelaah", required: true, type: "berkas" },
        { key: "lampiran_opsional", label: "Dokumen pendukung", required: false, type: "berkas" },
      ],
    },
  });
  await createTestPractitioner(database.prisma);
  api = await startTestApi(database.prisma, clock);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

type FileBody = { id: string; filename: string; size: number; content_type: string; sha256: string; livemode: boolean };
type ErrorBody = { error: { code: string; message: string } };

async function upload(
  token: string,
  content: Buffer,
  filename: string,
  declaredType = "application/octet-stream",
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type: declaredType }), filename);
  const res = await api.call("/v1/files", { method: "POST", token, body: form, headers });
  return { res, body: (await res.json()) as FileBody & ErrorBody };
}

async function postJson(path: string, token: string, json: unknown) {
  const res = await api.call(path, { method: "POST", token, json });
  return { res, body: (await res.json()) as Record<string, unknown> & ErrorBody };
}

const docx = (extra: Record<string, Uint8Array> = {}) =>
  Buffer.from(
    zipSync({
      "[Content_Types].xml": new TextEncoder().encode('<?xml version="1.0"?><Types/>'),
      "_rels/.rels": new TextEncoder().encode("<Relationships/>"),
      "word/document.xml": new TextEncoder().encode("<w:document/>"),
      ...extra,
    }),
  );

/** What a refused upload must leave: no file row, no upload record, no bytes. */
async function leftovers() {
  return { files: await database.prisma.storedFile.count(), uploads: await database.prisma.fileUpload.count(), bytes: storedFileCount() };
}

describe("POST /v1/files", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createTestOrg(database.prisma);
  });

  it("stores a document and answers its File; GET gives it back, and /content its bytes as an attachment nothing may run", async () => {
    const { res, body } = await upload(org.token, SAMPLE_FILES.pdf, "Kontrak Sewa.pdf", "application/pdf");
    expect(res.status).toBe(201);
    expect(body).toMatchObject({
      filename: "Kontrak Sewa.pdf",
      size: SAMPLE_FILES.pdf.length,
      content_type: "application/pdf",
      livemode: true,
    });
    expect(body.id).toMatch(/^file_/);
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await (await api.call(`/v1/files/${body.id}`, { token: org.token })).json()).toEqual(body);
    const content = await api.call(`/v1/files/${body.id}/content`, { token: org.token });
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(SAMPLE_FILES.pdf);
    expect(content.headers.get("content-type")).toBe("application/pdf");
    expect(content.headers.get("content-disposition")).toContain("attachment;");
    expect(content.headers.get("content-disposition")).toContain("filename*=UTF-8''Kontrak%20Sewa.pdf");
    expect(content.headers.get("x-content-type-options")).toBe("nosniff");
    expect(content.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("takes the type from the content, never from the name or the declared type", async () => {
    const pdfAsText = await upload(org.token, SAMPLE_FILES.pdf, "catatan.txt", "text/plain");
    expect(pdfAsText.body.content_type).toBe("application/pdf");
    const document = await upload(org.token, docx(), "kontrak.bin", "application/octet-stream");
    expect(document.body.content_type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const text = await upload(org.token, SAMPLE_FILES.text, "catatan", "image/png");
    expect(text.body.content_type).toMatch(/^text\/plain/);
  });

  it("keeps a name sent as raw UTF-8 (as browsers and fetch send it) and one sent as RFC 5987 filename* as the client wrote them", async () => {
    const raw = await upload(org.token, SAMPLE_FILES.text, "Perjanjian é ü.txt");
    expect([raw.res.status, raw.body.filename]).toEqual([201, "Perjanjian é ü.txt"]);

    const boundary = "batas-uji-kuasa";
    const part =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Perjanjian.txt"; ` +
      `filename*=UTF-8''Perjanjian%20%C3%A9%20%C3%BC.txt\r\nContent-Type: text/plain\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(part), SAMPLE_FILES.text, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
    const encoded = await api.call("/v1/files", { method: "POST", token: org.token, body, headers });
    expect([encoded.status, ((await encoded.json()) as FileBody).filename]).toEqual([201, "Perjanjian é ü.txt"]);
  });

  it("refuses an executable named .pdf, a macro-enabled document and an archive with 415, keeping nothing", async () => {
    const before = await leftovers();
    const refused = [
      await upload(org.token, Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 1)]), "kontrak.pdf", "application/pdf"),
      await upload(org.token, docx({ "word/vbaProject.bin": new Uint8Array([1, 2, 3]) }), "kontrak.docx"),
      await upload(org.token, Buffer.from(zipSync({ "a.txt": new TextEncoder().encode("isi") })), "arsip.zip"),
    ];
    expect(refused.map(({ res, body }) => [res.status, body.error.code])).toEqual([
      [415, "UNSUPPORTED_MEDIA_TYPE"],
      [415, "UNSUPPORTED_MEDIA_TYPE"],
      [415, "UNSUPPORTED_MEDIA_TYPE"],
    ]);
    expect(await leftovers()).toEqual(before);
  });

  it("refuses an empty file with 400 and a body that is not multipart with 415, keeping nothing", async () => {
    const before = await leftovers();
    const empty = await upload(org.token, Buffer.alloc(0), "kosong.pdf");
    expect([empty.res.status, empty.body.error.code]).toEqual([400, "VALIDATION"]);
    const json = await postJson("/v1/files", org.token, { file: "kontrak.pdf" });
    expect([json.res.status, json.body.error.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    expect(await leftovers()).toEqual(before);
  });

  it("refuses a file over FILE_MAX_BYTES with 413, keeps nothing, and answers the client's next request", async () => {
    const before = await leftovers();
    const boundary = "----kuasa-uji-batas";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="besar.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const big = Buffer.alloc(TEST_FILES.maxBytes + 100 * 1024, "a");
    const pool = keepAlivePool(api.url, {
      Authorization: `Bearer ${org.token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    });
    try {
      // Announced by its length: refused before a byte is read.
      const announced = await pool.send("/v1/files", { method: "POST", body: Buffer.concat([head, big, tail]).toString("latin1") });
      expect([announced.status, JSON.parse(announced.body).error.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
      // Of unknown length (chunked): refused as the file passes the limit.
      const streamed = await pool.send("/v1/files", {
        method: "POST",
        body: [head, big.subarray(0, 600_000), big.subarray(600_000), tail],
      });
      expect([streamed.status, JSON.parse(streamed.body).error.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
      const next = await pool.send("/v1/balance", { headers: { "Content-Type": "application/json" } });
      expect(next.status).toBe(200);
    } finally {
      pool.close();
    }
    expect(await leftovers()).toEqual(before);
  });

  it("answers a retry with the same Idempotency-Key with the first file and keeps no second copy; another file under that key is 422", async () => {
    const key = { "Idempotency-Key": "unggah-kontrak-1" };
    const first = await upload(org.token, SAMPLE_FILES.pdf, "kontrak.pdf", "application/pdf", key);
    const before = await leftovers();
    const retry = await upload(org.token, SAMPLE_FILES.pdf, "kontrak.pdf", "application/pdf", key);
    expect([retry.res.status, retry.res.headers.get("idempotent-replayed"), retry.body.id]).toEqual([200, "true", first.body.id]);
    const other = await upload(org.token, SAMPLE_FILES.text, "lain.txt", "text/plain", key);
    expect([other.res.status, other.body.error.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(await leftovers()).toEqual(before);
  });

  it("keeps each organisation's files, and each mode's, to itself: another's is 404 on every file route", async () => {
    const other = await createTestOrg(database.prisma);
    const testKey = await addTestKey(database.prisma, org.id, { mode: "test" });
    const { body: file } = await upload(org.token, SAMPLE_FILES.pdf, "rahasia.pdf");
    for (const token of [other.token, testKey.token]) {
      expect((await api.call(`/v1/files/${file.id}`, { token })).status).toBe(404);
      expect((await api.call(`/v1/files/${file.id}/content`, { token })).status).toBe(404);
      expect((await postJson("/v1/file_links", token, { file: file.id })).res.status).toBe(404);
    }
  });
});

describe("files on orders", () => {
  it("creates an order with its attachments, and a message with its own; the Order shows each in its place", async () => {
    const org = await createTestOrg(database.prisma);
    const contract = (await upload(org.token, SAMPLE_FILES.pdf, "kontrak.pdf")).body;
    const logo = (await upload(org.token, SAMPLE_FILES.png, "logo.png")).body;
    const { res, body: order } = await postJson("/v1/orders", org.token, ndaOrder({ attachments: [contract.id, logo.id] }));
    expect(res.status).toBe(201);
    expect((order.attachments as FileBody[]).map((f) => f.id)).toEqual([contract.id, logo.id]);
    expect(order.deliverable_files).toEqual([]);
    const note = (await upload(org.token, SAMPLE_FILES.text, "catatan.txt")).body;
    const { body: withMessage } = await postJson(`/v1/orders/${order.id}/messages`, org.token, {
      body: "Lampiran tambahan.",
      attachments: [note.id],
    });
    const messages = withMessage.messages as Array<{ body: string; attachments: FileBody[] }>;
    expect(messages.at(-1)).toMatchObject({ body: "Lampiran tambahan.", attachments: [{ id: note.id, filename: "catatan.txt" }] });
    const listed = (await (await api.call("/v1/orders?limit=1", { token: org.token })).json()) as { data: Array<Record<string, unknown>> };
    expect((listed.data[0]!.attachments as FileBody[]).map((f) => f.id)).toEqual([contract.id, logo.id]);
  });

  it("places an order and its attachments together: a refused payment leaves neither, a retry under its key attaches once", async () => {
    const poor = await createTestOrg(database.prisma, { depositIdr: 1_000n });
    const contract = (await upload(poor.token, SAMPLE_FILES.pdf, "kontrak.pdf")).body;
    const refused = await postJson("/v1/orders", poor.token, ndaOrder({ attachments: [contract.id] }));
    expect([refused.res.status, refused.body.error.code]).toEqual([402, "INSUFFICIENT_DEPOSIT"]);
    expect(await database.prisma.order.count({ where: { organizationId: poor.id } })).toBe(0);
    expect(await database.prisma.fileAttachment.count({ where: { fileId: contract.id } })).toBe(0);

    const org = await createTestOrg(database.prisma);
    const file = (await upload(org.token, SAMPLE_FILES.pdf, "kontrak.pdf")).body;
    const headers = { "Idempotency-Key": "pesanan-berlampiran-1" };
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const res = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder({ attachments: [file.id] }), headers });
      answers.push({ status: res.status, body: (await res.json()) as { id: string; attachments: FileBody[] } });
    }
    expect(answers.map((a) => a.status)).toEqual([201, 200]);
    expect(answers[1]!.body.id).toBe(answers[0]!.body.id);
    expect(answers[1]!.body.attachments.map((f) => f.id)).toEqual([file.id]);
    expect(await database.prisma.fileAttachment.count({ where: { fileId: file.id } })).toBe(1);
  });

  it("refuses attachments of another organisation or the other mode with 400, and places no order", async () => {
    const org = await createTestOrg(database.prisma);
    const other = await createTestOrg(database.prisma);
    const testKey = await addTestKey(database.prisma, org.id, { mode: "test" });
    const foreign = (await upload(other.token, SAMPLE_FILES.pdf, "milik-lain.pdf")).body;
    const otherMode = (await upload(testKey.token, SAMPLE_FILES.pdf, "uji.pdf")).body;
    for (const id of [foreign.id, otherMode.id, "file_tidakada"]) {
      const { res, body } = await postJson("/v1/orders", org.token, ndaOrder({ attachments: [id] }));
      expect([res.status, body.error.code]).toEqual([400, "VALIDATION"]);
      expect(body.error.message).toContain(id);
    }
    expect(await database.prisma.order.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("attaches the documents an intake names (type berkas) with the order, once each, and refuses one the key may not read", async () => {
    const org = await createTestOrg(database.prisma);
    const other = await createTestOrg(database.prisma);
    const document = (await upload(org.token, SAMPLE_FILES.pdf, "kontrak-ditelaah.pdf")).body;
    const foreign = (await upload(other.token, SAMPLE_FILES.pdf, "milik-lain.pdf")).body;
    for (const [intake, param] of [
      [{ dokumen: foreign.id }, "intake.dokumen"],
      [{ dokumen: "file_tidakada" }, "intake.dokumen"],
      [{ dokumen: document.id, lampiran_opsional: foreign.id }, "intake.lampiran_opsional"],
      [{ dokumen: "bukan-id-berkas" }, "intake.dokumen"],
    ] as const) {
      const { res, body } = await postJson("/v1/orders", org.token, { service: DOCUMENT_SERVICE, intake });
      expect([res.status, body.error.code, (body.error as { param?: string }).param]).toEqual([400, "VALIDATION", param]);
    }
    expect(await database.prisma.order.count({ where: { organizationId: org.id } })).toBe(0);

    const { res, body } = await postJson("/v1/orders", org.token, {
      service: DOCUMENT_SERVICE,
      intake: { dokumen: document.id },
      attachments: [document.id],
    });
    expect(res.status).toBe(201);
    expect((body.attachments as FileBody[]).map((f) => f.id)).toEqual([document.id]);
    expect(body.intake).toEqual({ dokumen: document.id });
  });

  it("shows a practitioner an attachment's name, type and size before taking the order, and lets them open it after; a delivery's files are the order's deliverable_files", async () => {
    const org = await createTestOrg(database.prisma, { mode: "test" });
    await postJson("/v1/test_helpers/deposit/top_up", org.token, { amount_idr: 5_000_000 });
    const contract = (await upload(org.token, SAMPLE_FILES.pdf, "kontrak budi@contoh.id.pdf")).body;
    const { body: order } = await postJson("/v1/orders", org.token, ndaOrder({ attachments: [contract.id] }));
    const view = async () =>
      (await (await api.call(`/v1/test_helpers/orders/${order.id}/practitioner_view`, { token: org.token })).json()) as {
        taken: boolean;
        attachments: Array<{ filename: string; downloadable: boolean; size: number }>;
      };
    await postJson(`/v1/test_helpers/orders/${order.id}/expire_offer`, org.token, {});
    const offered = await view();
    expect(offered.taken).toBe(false);
    expect(offered.attachments).toEqual([
      {
        filename: expect.not.stringContaining("budi@contoh.id"),
        content_type: "application/pdf",
        size: contract.size,
        downloadable: false,
      },
    ]);
    await postJson(`/v1/test_helpers/orders/${order.id}/accept`, org.token, {});
    expect((await view()).attachments).toMatchObject([{ filename: "kontrak budi@contoh.id.pdf", downloadable: true }]);
    await postJson(`/v1/test_helpers/orders/${order.id}/start`, org.token, {});
    const result = (await upload(org.token, SAMPLE_FILES.pdf, "hasil.pdf")).body;
    const { res, body: delivered } = await postJson(`/v1/test_helpers/orders/${order.id}/deliver`, org.token, {
      deliverable: "NDA final terlampir.",
      files: [result.id],
    });
    expect(res.status).toBe(200);
    expect(delivered).toMatchObject({ status: "diserahkan", deliverable: "NDA final terlampir.", deliverable_files: [{ id: result.id }] });
  });
});

describe("file links", () => {
  it("download without a key until they expire, then answer 404", async () => {
    const org = await createTestOrg(database.prisma);
    const file = (await upload(org.token, SAMPLE_FILES.pdf, "kontrak.pdf")).body;
    const { res, body: link } = await postJson("/v1/file_links", org.token, { file: file.id, expires_in: 600 });
    expect(res.status).toBe(201);
    expect(link).toMatchObject({ file: file.id, expires_at: new Date(clock.now().getTime() + 600_000).toISOString() });
    const url = new URL(link.url as string);
    expect(url.pathname).toMatch(/^\/unduh\/[A-Za-z0-9_-]{43}$/);
    const token = url.pathname.split("/").at(-1)!;
    const deps = { db: database.prisma, clock, files: TEST_FILES };
    const now = await linkDownload(new Request(url), deps, token);
    expect([now.status, Buffer.from(await now.arrayBuffer()).equals(SAMPLE_FILES.pdf)]).toEqual([200, true]);
    const later = await linkDownload(new Request(url), { ...deps, clock: fixedClock(clock.now().getTime() + 600_000) }, token);
    expect(later.status).toBe(404);
    expect((await linkDownload(new Request(url), deps, `${token.slice(0, -1)}x`)).status).toBe(404);
    const tooLong = await postJson("/v1/file_links", org.token, { file: file.id, expires_in: 8 * 24 * 3600 });
    expect(tooLong.res.status).toBe(400);
  });
});

describe("what a crash or a forgotten upload leaves", () => {
  it("a crash after the bytes were stored leaves no file row; the sweeper deletes the bytes after an hour", async () => {
    const before = { files: await database.prisma.storedFile.count(), bytes: storedFileCount() };
    const deps = { db: database.prisma, clock, files: TEST_FILES };
    // The process dies between storing the bytes and writing the row: nothing but the upload record says they exist.
    const received = await receiveUpload(deps, { source: Readable.from([SAMPLE_FILES.pdf]), clientFilename: "terputus.pdf" });
    expect(await database.prisma.storedFile.count()).toBe(before.files);
    await deleteLeftoverUpload(deps, {
      actor: SWEEPER,
      storageKey: received.storageKey,
    });
    expect(storedFileCount()).toBe(before.bytes + 1);
    await deleteLeftoverUpload(
      { ...deps, clock: fixedClock(clock.now().getTime() + UPLOAD_GRACE_MS) },
      {
        actor: SWEEPER,
        storageKey: received.storageKey,
      },
    );
    expect(storedFileCount()).toBe(before.bytes);
    expect(await database.prisma.fileUpload.findUnique({ where: { storageKey: received.storageKey } })).toBeNull();
  });

  it("an upload whose client goes away half-way leaves nothing", async () => {
    const before = await leftovers();
    const deps = { db: database.prisma, clock, files: TEST_FILES };
    const broken = new Readable({
      read() {
        this.push(SAMPLE_FILES.pdf);
        this.destroy(new Error("client went away"));
      },
    });
    await expect(receiveUpload(deps, { source: broken, clientFilename: "terputus.pdf" })).rejects.toThrow();
    expect(await leftovers()).toEqual(before);
  });

  it("a file attached to nothing is deleted a day after its upload; a file on an order is kept", async () => {
    const org = await createTestOrg(database.prisma);
    const lonely = (await upload(org.token, SAMPLE_FILES.pdf, "lupa.pdf")).body;
    const kept = (await upload(org.token, SAMPLE_FILES.pdf, "kontrak.pdf")).body;
    await postJson("/v1/orders", org.token, ndaOrder({ attachments: [kept.id] }));
    const dayLater = { db: database.prisma, clock: fixedClock(clock.now().getTime() + UNATTACHED_FILE_MS), files: TEST_FILES };
    const bytes = storedFileCount();
    await deleteUnattachedFile(dayLater, {
      actor: SWEEPER,
      fileId: lonely.id,
    });
    await deleteUnattachedFile(dayLater, {
      actor: SWEEPER,
      fileId: kept.id,
    });
    expect(await database.prisma.storedFile.findUnique({ where: { id: lonely.id } })).toBeNull();
    expect(await database.prisma.storedFile.findUnique({ where: { id: kept.id } })).not.toBeNull();
    expect(storedFileCount()).toBe(bytes - 1);
    expect((await api.call(`/v1/files/${kept.id}/content`, { token: org.token })).status).toBe(200);
  });
});
