import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { type Clock, fixedClock } from "@/server/domain/clock";
import { accounts, balanceOf } from "@/server/services/money";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES, TEST_FILES } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, driveOrder } from "@/test/orders";
import { codeOf, portalCaller, portalUser, practitionerUser } from "@/test/portal";
import { portalUpload } from "../portal-files-http";

/** Third-party costs through the three portals: the practitioner asks and receipts, the admin decides, the operator refunds late receipts. */

let database: TestDatabase;
let org: TestOrg;
let alice: PortalUser;
let bob: PortalUser;
let admin: PortalUser;
let otherAdmin: PortalUser;
let operator: PortalUser;
const approvedAt = new Date("2026-11-23T03:00:00Z");
const deps = (clock: Clock = fixedClock(approvedAt)) => ({ db: database.prisma, clock, files: TEST_FILES });
const as = (user: PortalUser, clock?: Clock) => portalCaller(deps(clock), user);

/** The NDA lists one official fee: the stamp duty, Rp 10.000 per document. */
const STAMP = {
  kind: "lainnya" as const,
  feeCode: "bea_meterai",
  description: "Bea meterai dua rangkap NDA",
  amountIdr: 20_000,
  basis: "",
};
const ONE_STAMP = { ...STAMP, description: "Bea meterai NDA", amountIdr: 10_000 };

/** A live NDA order taken by `holder` and being worked on. */
async function workedOrder(at: Date = approvedAt): Promise<string> {
  const order = await createPaidOrder(database.prisma, fixedClock(at), org);
  await driveOrder(database.prisma, order.id, alice.practitionerId!, "dikerjakan", at);
  return order.id;
}

/** A PDF the practitioner uploads onto the order through /api/berkas, as the receipt field does. */
async function uploadReceipt(user: PortalUser, orderId: string): Promise<Response> {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(SAMPLE_FILES.pdf)]), "kuitansi-meterai.pdf");
  const origin = "http://kuasa.test";
  return portalUpload(new Request(`${origin}/api/berkas?order=${orderId}`, { method: "POST", body, headers: { origin } }), deps(), user, [
    origin,
  ]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 50_000_000n, monthlyBudgetIdr: 100_000_000n });
  alice = await practitionerUser(database.prisma);
  bob = await practitionerUser(database.prisma);
  admin = await portalUser(database.prisma, "org_admin", org.id);
  otherAdmin = await portalUser(database.prisma, "org_admin", (await createTestOrg(database.prisma)).id);
  operator = await portalUser(database.prisma, "operator");
});

afterAll(async () => {
  await database?.destroy();
});

describe("the practitioner's official costs", () => {
  it("shows the service's listed fees on an order they work on, and asks for one at most at its official amount", async () => {
    const orderId = await workedOrder();
    const card = await as(alice).practitioner.orderCosts({ orderId });
    expect(card).toMatchObject({ canRequest: true, costs: [], fees: [{ code: "bea_meterai", amountIdr: 10_000, per: "per dokumen" }] });

    expect(await codeOf(as(alice).practitioner.requestCost({ orderId, ...STAMP }))).toBe("VALIDATION");
    const cost = await as(alice).practitioner.requestCost({ orderId, ...ONE_STAMP });
    // A listed fee takes the catalog's basis when the practitioner names none.
    expect(cost).toMatchObject({ status: "diajukan", amountIdr: 10_000, basis: expect.stringContaining("Bea Meterai"), receipt: null });
    expect((await as(alice).practitioner.orderCosts({ orderId })).costs).toEqual([expect.objectContaining({ id: cost.id, mine: true })]);
  });

  it("asks for an official cost outside the catalog only with its basis", async () => {
    const orderId = await workedOrder();
    const other = { kind: "lainnya" as const, feeCode: null, description: "Legalisasi salinan akta", amountIdr: 50_000 };
    expect(await codeOf(as(alice).practitioner.requestCost({ orderId, ...other, basis: " " }))).toBe("VALIDATION");
    expect(
      await as(alice).practitioner.requestCost({ orderId, ...other, basis: "Tarif kantor notaris, kuitansi terlampir" }),
    ).toMatchObject({
      status: "diajukan",
      feeCode: null,
    });
  });

  it("refuses another practitioner's order as not found, for the card and for asking", async () => {
    const orderId = await workedOrder();
    expect(await codeOf(as(bob).practitioner.orderCosts({ orderId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(bob).practitioner.requestCost({ orderId, ...ONE_STAMP }))).toBe("NOT_FOUND");
  });

  it("offers no new cost once the order was delivered", async () => {
    const order = await createPaidOrder(database.prisma, fixedClock(approvedAt), org);
    await driveOrder(database.prisma, order.id, alice.practitionerId!, "diserahkan", approvedAt);
    expect((await as(alice).practitioner.orderCosts({ orderId: order.id })).canRequest).toBe(false);
    expect(await codeOf(as(alice).practitioner.requestCost({ orderId: order.id, ...ONE_STAMP }))).toBe("INVALID_STATE");
  });
});

describe("the admin's decision and the receipt", () => {
  it("counts and lists the undecided cost, approves it from the deposit, and the practitioner's receipt reimburses them apart from fees", async () => {
    const orderId = await workedOrder();
    const cost = await as(alice).practitioner.requestCost({ orderId, ...ONE_STAMP });
    const before = await as(admin).organization.pendingCosts();
    expect(before.live).toBeGreaterThanOrEqual(1);
    expect((await as(admin).organization.undecidedCosts({ mode: "live" })).map((c) => c.id)).toContain(cost.id);
    const deposit = await balanceOf(database.prisma, accounts.orgDeposit(org.id, true));

    expect(await as(admin).organization.decideCost({ orderId, costId: cost.id, approve: true })).toMatchObject({ status: "disetujui" });
    expect(await balanceOf(database.prisma, accounts.orgDeposit(org.id, true))).toBe(deposit - 10_000n);
    expect((await as(admin).organization.pendingCosts()).live).toBe(before.live - 1);
    expect((await as(admin).organization.orderCosts({ orderId }))[0]).toMatchObject({ id: cost.id, status: "disetujui" });

    const upload = await uploadReceipt(alice, orderId);
    expect(upload.status).toBe(201);
    const { id: receiptFileId } = (await upload.json()) as { id: string };
    const paid = await as(alice).practitioner.payCost({ orderId, costId: cost.id, receiptFileId });
    expect(paid).toMatchObject({ status: "dilunasi", receipt: { id: receiptFileId, filename: "kuitansi-meterai.pdf" } });
    // The receipt is shown with its cost, not among the order's files.
    expect((await as(alice).practitioner.order({ orderId })).files).toEqual([]);
    expect(await as(alice).practitioner.earnings()).toMatchObject({ reimbursedIdr: 10_000, earnedIdr: 0 });
    expect((await as(alice).practitioner.costs()).find((c) => c.id === cost.id)).toMatchObject({
      status: "dilunasi",
      order: { id: orderId },
    });
  });

  it("rejects with the reason the practitioner reads, and the deposit does not move", async () => {
    const orderId = await workedOrder();
    const cost = await as(alice).practitioner.requestCost({ orderId, ...ONE_STAMP });
    const deposit = await balanceOf(database.prisma, accounts.orgDeposit(org.id, true));
    expect(await codeOf(as(admin).organization.decideCost({ orderId, costId: cost.id, approve: false, reason: " " }))).toBe("VALIDATION");
    await as(admin).organization.decideCost({ orderId, costId: cost.id, approve: false, reason: "Meterai sudah kami sediakan." });
    expect((await as(alice).practitioner.orderCosts({ orderId })).costs[0]).toMatchObject({
      status: "ditolak",
      reason: "Meterai sudah kami sediakan.",
    });
    expect(await balanceOf(database.prisma, accounts.orgDeposit(org.id, true))).toBe(deposit);
  });

  it("refuses another organisation's admin as not found, and changes nothing", async () => {
    const orderId = await workedOrder();
    const cost = await as(alice).practitioner.requestCost({ orderId, ...ONE_STAMP });
    expect(await codeOf(as(otherAdmin).organization.decideCost({ orderId, costId: cost.id, approve: true }))).toBe("NOT_FOUND");
    expect(await codeOf(as(otherAdmin).organization.orderCosts({ orderId }))).toBe("NOT_FOUND");
    expect((await as(otherAdmin).organization.undecidedCosts({ mode: "live" })).map((c) => c.id)).not.toContain(cost.id);
    expect((await database.prisma.orderCost.findUniqueOrThrow({ where: { id: cost.id } })).status).toBe("diajukan");
  });

  it("refuses a receipt the practitioner did not upload, and a cost that is not theirs", async () => {
    const orderId = await workedOrder();
    const cost = await as(alice).practitioner.requestCost({ orderId, ...ONE_STAMP });
    await as(admin).organization.decideCost({ orderId, costId: cost.id, approve: true });
    expect(await codeOf(as(bob).practitioner.payCost({ orderId, costId: cost.id, receiptFileId: "file_bukan_milik" }))).toBe("NOT_FOUND");
    expect(await codeOf(as(alice).practitioner.payCost({ orderId, costId: cost.id, receiptFileId: "file_tidak_ada" }))).toBe("VALIDATION");
  });
});

describe("the operator's late receipts", () => {
  it("lists an approved cost past COST_RECEIPT_DAYS with its order, organisation and practitioner, and cancels it back to the deposit", async () => {
    // Approved fifteen days before the test's now: the default COST_RECEIPT_DAYS is 14.
    const earlier = new Date(approvedAt.getTime() - 15 * 24 * 60 * 60 * 1000);
    const orderId = await workedOrder(earlier);
    const cost = await as(alice, fixedClock(earlier)).practitioner.requestCost({ orderId, ...ONE_STAMP });
    await as(admin, fixedClock(earlier)).organization.decideCost({ orderId, costId: cost.id, approve: true });
    const onTime = await workedOrder();
    const fresh = await as(alice).practitioner.requestCost({ orderId: onTime, ...ONE_STAMP });
    await as(admin).organization.decideCost({ orderId: onTime, costId: fresh.id, approve: true });

    const queue = await as(operator).operator.lateReceipts();
    expect(queue.map((c) => c.id)).not.toContain(fresh.id);
    const late = queue.find((c) => c.id === cost.id);
    expect(late).toMatchObject({
      order: { id: orderId, organization: { id: org.id }, service: { name: expect.any(String) } },
      practitioner: { id: alice.practitionerId, name: alice.name },
    });

    const deposit = await balanceOf(database.prisma, accounts.orgDeposit(org.id, true));
    expect(await codeOf(as(operator).operator.cancelCost({ orderId, costId: cost.id, reason: "" }))).toBe("VALIDATION");
    const cancelled = await as(operator).operator.cancelCost({ orderId, costId: cost.id, reason: "Kuitansi tidak diunggah." });
    expect(cancelled).toMatchObject({ status: "dibatalkan", reason: "Kuitansi tidak diunggah." });
    expect(await balanceOf(database.prisma, accounts.orgDeposit(org.id, true))).toBe(deposit + 10_000n);
    expect((await as(operator).operator.lateReceipts()).map((c) => c.id)).not.toContain(cost.id);
    expect((await as(operator).operator.orderCosts({ orderId }))[0]).toMatchObject({ id: cost.id, status: "dibatalkan" });
  });

  it("answers an unknown order as not found", async () => {
    expect(await codeOf(as(operator).operator.orderCosts({ orderId: "ord_tidak_ada" }))).toBe("NOT_FOUND");
    expect(await codeOf(as(operator).operator.cancelCost({ orderId: "ord_tidak_ada", costId: "cost_x", reason: "Uji." }))).toBe(
      "NOT_FOUND",
    );
  });
});
