import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { REQUEST_ID_HEADER } from "@/server/log";
import { practitionerActorOf } from "@/server/services/access";
import { decideCost, requestCost } from "@/server/services/costs";
import { ensureOffering } from "@/server/services/offers";
import { changeContextOf, changeOrderStatus } from "@/server/services/order-engine";
import { adminOf } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES, TEST_FILES, uploadTestFile } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, driveOrder } from "@/test/orders";
import { portalCaller, portalUser, practitionerUser } from "@/test/portal";
import { portalDownload, portalUpload } from "./portal-files-http";

/** The rules of /api/berkas (services/files/portal-files.ts) as the routes answer them. */

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
const ORIGIN = "http://kuasa.test";
const deps = () => ({ db: database.prisma, clock, files: TEST_FILES, publicUrl: ORIGIN });
let org: TestOrg;
let practitioner: PortalUser;
let orderId: string;
let contractId: string;

const download = (user: PortalUser | null, fileId: string) =>
  portalDownload(new Request(`${ORIGIN}/api/berkas/${fileId}`), deps(), user, fileId);

function upload(user: PortalUser, order: string, filename: string, bytes: Buffer) {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(bytes)]), filename);
  const req = new Request(`${ORIGIN}/api/berkas?order=${order}`, { method: "POST", body, headers: { origin: ORIGIN } });
  return portalUpload(req, deps(), user, [ORIGIN]);
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 10_000_000n });
  // The only practitioner in the area: the offer is theirs.
  practitioner = await practitionerUser(database.prisma);
  const contract = await uploadTestFile(
    deps(),
    { organizationId: org.id, livemode: true, apiKeyId: org.apiKeyId },
    "kontrak budi@satu.co.id.pdf",
  );
  contractId = contract.id;
  orderId = (await createPaidOrder(database.prisma, clock, org, { attachments: [contractId] })).id;
  await ensureOffering(deps(), {
    actor: SWEEPER,
    orderId,
  });
});

afterAll(async () => {
  await database?.destroy();
});

describe("downloads from the portals", () => {
  it("a practitioner sees an offered order's file masked and cannot open it; after taking the order they can", async () => {
    const [offer] = (await portalCaller(deps(), practitioner).practitioner.offers({})).data;
    expect(offer?.order.files).toEqual([
      expect.objectContaining({ id: contractId, from: "order", downloadable: false, contentType: "application/pdf" }),
    ]);
    // Contact details in a name are masked like the intake's.
    expect(offer?.order.files[0]?.filename).not.toContain("budi@satu.co.id");
    expect((await download(practitioner, contractId)).status).toBe(404);

    await portalCaller(deps(), practitioner).practitioner.acceptOffer({ offerId: offer!.offerId, noConflict: true });
    const res = await download(practitioner, contractId);
    expect(res.status).toBe(200);
    expect(await bytesOf(res)).toEqual(SAMPLE_FILES.pdf);
    expect((await portalCaller(deps(), practitioner).practitioner.order({ orderId })).files).toEqual([
      expect.objectContaining({ id: contractId, filename: "kontrak budi@satu.co.id.pdf", downloadable: true }),
    ]);
  });

  it("an admin opens their organisation's file; another organisation's admin gets 404, nobody signed in 401", async () => {
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    const other = await portalUser(database.prisma, "org_admin", (await createTestOrg(database.prisma)).id);
    expect(await bytesOf(await download(admin, contractId))).toEqual(SAMPLE_FILES.pdf);
    const refused = await download(other, contractId);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect((await download(null, contractId)).status).toBe(401);
  });

  it("an error carries the custom server's request id as request_id and X-Request-Id (its own when called alone), and its code's doc_url", async () => {
    const assigned = new Request(`${ORIGIN}/api/berkas/${contractId}`, { headers: { [REQUEST_ID_HEADER]: "req_assignedbytheserver0" } });
    const refused = await portalDownload(assigned, deps(), null, contractId);
    expect(refused.headers.get("x-request-id")).toBe("req_assignedbytheserver0");
    expect(await refused.json()).toEqual({
      error: {
        code: "UNAUTHENTICATED",
        message: expect.any(String),
        request_id: "req_assignedbytheserver0",
        doc_url: `${ORIGIN}/docs#section/Errors/UNAUTHENTICATED`,
      },
    });
    const alone = await download(null, contractId);
    expect(((await alone.json()) as { error: { request_id: string } }).error.request_id).toBe(alone.headers.get("x-request-id"));
  });

  it("each operator download writes an audit row naming the file", async () => {
    const operator = await portalUser(database.prisma, "operator");
    expect((await download(operator, contractId)).status).toBe(200);
    expect(await database.prisma.auditLog.findMany({ where: { action: "file.download", subjectId: contractId } })).toEqual([
      expect.objectContaining({ actorType: "operator", actorId: operator.id, subjectType: "file" }),
    ]);
  });
});

describe("uploads from the portals", () => {
  it("the practitioner holding the order uploads a PDF; an executable is 415; someone not holding the order gets 404", async () => {
    const created = await upload(practitioner, orderId, "nda-final.pdf", SAMPLE_FILES.pdf);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      filename: "nda-final.pdf",
      contentType: "application/pdf",
      size: SAMPLE_FILES.pdf.length,
    });

    const executable = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510)]);
    const refused = await upload(practitioner, orderId, "setup.exe", executable);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA_TYPE" } });

    const stranger = await practitionerUser(database.prisma);
    const notHeld = await upload(stranger, orderId, "nda-final.pdf", SAMPLE_FILES.pdf);
    expect(notHeld.status).toBe(404);
    expect(await database.prisma.storedFile.count({ where: { filename: "setup.exe" } })).toBe(0);
  });

  it("keeps a file name the browser sends as raw UTF-8 as it was written", async () => {
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    const created = await upload(admin, orderId, "Surat Kuasa – Budi Ñoño ü.txt", SAMPLE_FILES.text);
    expect([created.status, ((await created.json()) as { filename: string }).filename]).toEqual([201, "Surat Kuasa – Budi Ñoño ü.txt"]);
  });

  it("a practitioner with an approved cost uploads its receipt onto the order after it finished; without one the finished order takes nothing", async () => {
    const worker = await practitionerUser(database.prisma);
    const now = clock.now();
    const order = await createPaidOrder(database.prisma, clock, org);
    await driveOrder(database.prisma, order.id, worker.practitionerId!, "diserahkan", now);
    // Two orders the worker finishes: one with an approved cost still without its receipt, one without costs.
    const stamp = { kind: "lainnya" as const, feeCode: "bea_meterai", description: "Bea meterai NDA", amountIdr: 10_000n, basis: "" };
    const withCost = await createPaidOrder(database.prisma, clock, org);
    await driveOrder(database.prisma, withCost.id, worker.practitionerId!, "dikerjakan", now);
    const cost = await requestCost(deps(), {
      actor: await practitionerActorOf(database.prisma, worker.practitionerId!),
      orderId: withCost.id,
      input: stamp,
    });
    const client = adminOf(org.id, true);
    await decideCost(deps(), {
      actor: client,
      orderId: withCost.id,
      costId: cost.id,
      decision: { approve: true },
    });
    for (const [orderId, trigger, by] of [
      [withCost.id, "deliver", "practitioner"],
      [withCost.id, "accept_result", "agent"],
      [order.id, "accept_result", "agent"],
    ] as const)
      await database.prisma.$transaction(async (tx) => {
        const current = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
        const actor = by === "agent" ? adminOf(org.id) : await practitionerActorOf(tx, worker.practitionerId!);
        await changeOrderStatus(tx, changeContextOf({ clock }), current, trigger, actor, { deliverable: "Hasil akhir." });
      });

    expect((await upload(worker, withCost.id, "kuitansi-meterai.pdf", SAMPLE_FILES.pdf)).status).toBe(201);
    expect((await upload(worker, order.id, "kuitansi-meterai.pdf", SAMPLE_FILES.pdf)).status).toBe(404);
    expect((await upload(practitioner, withCost.id, "kuitansi-meterai.pdf", SAMPLE_FILES.pdf)).status).toBe(404);
  });
});
