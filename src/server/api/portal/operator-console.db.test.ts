import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { topUpDeposit } from "@/server/services/organizations";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder, NDA_CLIENT_PRICE_IDR, NDA_PRICE_IDR } from "@/test/orders";
import { codeOf, portalCaller, portalUser } from "@/test/portal";
import { toApiError } from "../api-error";
import { handlePortalRequest } from "../portal-http";

let database: TestDatabase;
// 10:00 in Jakarta.
const clock = fixedClock("2026-11-23T03:00:00Z");
let operator: PortalUser;
let org: TestOrg;
let other: TestOrg;

const as = (user: PortalUser | null) => portalCaller({ db: database.prisma, clock }, user);
const op = () => as(operator).operator;

/** A live order taken and disputed by the operator, with the dispute's note. */
async function disputedOrder(owner: TestOrg = org) {
  const order = await createPaidOrder(database.prisma, clock, owner);
  const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
  await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", clock.now());
  await op().orderAction({ orderId: order.id, action: "dispute", note: "Klien: praktisi tidak membalas." });
  return { id: order.id, practitionerId };
}

/**
 * A live order whose offering stalled. Set directly: earlier tests leave eligible practitioners,
 * and what the console shows depends only on the order's columns.
 */
async function stalledOrder() {
  const order = await createPaidOrder(database.prisma, clock, org);
  await database.prisma.order.update({
    where: { id: order.id },
    data: {
      status: "ditawarkan",
      offeringStalledAt: clock.now(),
      offeringStalledReason: "Tidak ada praktisi yang memenuhi syarat.",
      offeringRefundAt: new Date(clock.now().getTime() + 86_400_000),
    },
  });
  return order.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  operator = await portalUser(database.prisma, "operator");
  org = await createTestOrg(database.prisma, { depositIdr: 50_000_000n });
  await database.prisma.organization.update({ where: { id: org.id }, data: { name: "PT Sinar Terang" } });
  other = await createTestOrg(database.prisma, { depositIdr: 50_000_000n });
  await database.prisma.organization.update({ where: { id: other.id }, data: { name: "CV Embun Pagi" } });
});

afterAll(async () => {
  await database?.destroy();
});

describe("only the operator reads the console", () => {
  it("anonymous is UNAUTHENTICATED and an org admin FORBIDDEN for every console procedure", async () => {
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    const calls = (user: PortalUser | null) => [
      as(user).operator.overview(),
      as(user).operator.orders({}),
      as(user).operator.order({ orderId: "ord_x" }),
      as(user).operator.organization({ organizationId: org.id }),
      as(user).operator.createOrganization({ name: "PT Penyusup", status: "aktif" }),
      as(user).operator.auditLog({}),
      as(user).operator.auditVocabulary(),
    ];
    for (const call of calls(null)) expect(await codeOf(call)).toBe("UNAUTHENTICATED");
    for (const call of calls(admin)) expect(await codeOf(call)).toBe("FORBIDDEN");
    expect(await database.prisma.organization.count({ where: { name: "PT Penyusup" } })).toBe(0);
  });
});

describe("overview", () => {
  it("counts today's live orders, active statuses, queues, waiting organisations and the live money in escrow", async () => {
    const before = await op().overview();
    await createTestOrg(database.prisma, { status: "menunggu_persetujuan" });
    const paid = await createPaidOrder(database.prisma, clock, org);
    const yesterday = await createPaidOrder(database.prisma, clock, org);
    await database.prisma.order.update({ where: { id: yesterday.id }, data: { createdAt: new Date("2026-11-22T16:59:00Z") } });
    const sandbox = await createTestOrg(database.prisma, { mode: "test" });
    await topUpDeposit(
      { db: database.prisma },
      { actor: SEED, organizationId: sandbox.id, amountIdr: 10_000_000n, reference: "uji", livemode: false },
    );
    expect((await createPaidOrder(database.prisma, clock, sandbox)).livemode).toBe(false);
    await disputedOrder();
    await stalledOrder();
    await database.prisma.order.update({ where: { id: paid.id }, data: { slaBreachedAt: clock.now() } });
    const refunded = await createPaidOrder(database.prisma, clock, org);
    await op().orderAction({ orderId: refunded.id, action: "refund" });

    const after = await op().overview();
    // paid, disputed, stalled, refunded: yesterday's and the test order are not today's live orders.
    expect(after.createdToday - before.createdToday).toBe(4);
    expect(after.disputed - before.disputed).toBe(1);
    expect(after.stalled - before.stalled).toBe(1);
    expect(after.slaBreaches - before.slaBreaches).toBe(1);
    expect(after.waitingOrganizations - before.waitingOrganizations).toBe(1);
    const count = (o: typeof after, status: string) => o.byStatus.find((row) => row.status === status)!.count;
    expect(count(after, "dibayar") - count(before, "dibayar")).toBe(2);
    expect(count(after, "ditawarkan") - count(before, "ditawarkan")).toBe(1);
    expect(count(after, "sengketa") - count(before, "sengketa")).toBe(1);
    expect(after.byStatus.map((row) => row.status)).not.toContain("direfund");
    // Paid, yesterday's, disputed, stalled: four live escrows; the refunded one's went back, the test one is not live money.
    expect(after.escrowIdr - before.escrowIdr).toBe(4 * NDA_PRICE_IDR);
  });
});

describe("order search", () => {
  it("finds orders by id, organisation name or id, and service name, filters by status, mode and organisation, newest first", async () => {
    const mine = await createPaidOrder(database.prisma, clock, other);
    const later = await createPaidOrder(database.prisma, clock, other);
    await database.prisma.order.update({ where: { id: later.id }, data: { createdAt: new Date(clock.now().getTime() + 60_000) } });
    const testOrder = await createPaidOrder(database.prisma, clock, other);
    await database.prisma.order.update({ where: { id: testOrder.id }, data: { livemode: false } });

    expect((await op().orders({ q: mine.id })).data.map((o) => o.id)).toEqual([mine.id]);
    const byName = await op().orders({ q: "embun pagi" });
    expect(byName.data.map((o) => o.id)).toEqual([later.id, ...byName.data.map((o) => o.id).filter((id) => id !== later.id)]);
    expect(new Set(byName.data.map((o) => o.organization.id))).toEqual(new Set([other.id]));
    expect((await op().orders({ q: other.id })).data).toHaveLength(3);
    expect((await op().orders({ q: "kerahasiaan", organizationId: other.id })).data).toHaveLength(3);
    expect((await op().orders({ organizationId: other.id, mode: "test" })).data.map((o) => o.id)).toEqual([testOrder.id]);
    expect((await op().orders({ organizationId: other.id, mode: "live" })).data.map((o) => o.id).sort()).toEqual(
      [mine.id, later.id].sort(),
    );
    expect((await op().orders({ organizationId: other.id, status: "sengketa" })).data).toEqual([]);
    expect((await op().orders({ q: mine.id })).data[0]).toMatchObject({
      priceIdr: NDA_PRICE_IDR,
      service: { code: "perjanjian_kerahasiaan" },
      organization: { name: "CV Embun Pagi" },
    });
  });

  it("pages with starting_after, each order once; a cursor from outside the search is VALIDATION", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const found = await op().orders({ organizationId: other.id, page: { limit: 1, starting_after: cursor } });
      seen.push(...found.data.map((o) => o.id));
      if (!found.has_more) break;
      cursor = found.data.at(-1)!.id;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const outsider = (await op().orders({ organizationId: org.id, page: { limit: 1 } })).data[0]!.id;
    expect(await codeOf(op().orders({ organizationId: other.id, page: { starting_after: outsider } }))).toBe("VALIDATION");
  });

  it("createdToday keeps only the orders created since 00:00 in Jakarta, the overview's count behind its link", async () => {
    const today = await createPaidOrder(database.prisma, clock, other);
    const yesterday = await createPaidOrder(database.prisma, clock, other);
    await database.prisma.order.update({ where: { id: yesterday.id }, data: { createdAt: new Date("2026-11-22T16:59:59Z") } });
    const ids = (await op().orders({ organizationId: other.id, createdToday: true, page: { limit: 100 } })).data.map((o) => o.id);
    expect(ids).toContain(today.id);
    expect(ids).not.toContain(yesterday.id);
    expect((await op().orders({ organizationId: other.id, page: { limit: 100 } })).data.map((o) => o.id)).toContain(yesterday.id);
  });
});

describe("order detail", () => {
  it("shows a disputed order's organisation, key, amounts, timeline with actors, conversation, ledger and audit, and the operator's ways out", async () => {
    const { id, practitionerId } = await disputedOrder();
    const detail = await op().order({ orderId: id });
    expect(detail).toMatchObject({
      status: "sengketa",
      organization: { id: org.id, name: "PT Sinar Terang" },
      apiKey: { id: org.apiKeyId, keyId: org.keyId, mode: "live" },
      service: { code: "perjanjian_kerahasiaan" },
      practitioner: { id: practitionerId },
      amounts: {
        priceIdr: NDA_PRICE_IDR,
        practitionerFeeIdr: NDA_CLIENT_PRICE_IDR,
        platformFeeIdr: NDA_PRICE_IDR - NDA_CLIENT_PRICE_IDR,
        escrowIdr: NDA_PRICE_IDR,
      },
      allowedActions: ["refund", "settle_for_practitioner", "settle_split", "resume_work"],
    });
    expect(detail.timeline.map((t) => t.status)).toEqual(["dibayar", "ditawarkan", "diambil", "dikerjakan", "sengketa"]);
    expect(detail.timeline.at(-1)!.actor).toEqual({ type: "operator", id: operator.id, name: operator.name });
    // Taking an offer is not audited: the state machine names who can do it.
    expect(detail.timeline[2]!.actor).toMatchObject({ type: "system/practitioner", id: null });
    expect(detail.messages.map((m) => [m.role, m.body])).toEqual([["operator", "Klien: praktisi tidak membalas."]]);
    const payment = detail.ledger.find((t) => t.kind === "order_payment")!;
    expect(payment.entries).toEqual([
      expect.objectContaining({ kind: "org_deposit", amountIdr: -NDA_PRICE_IDR }),
      expect.objectContaining({ account: `order_escrow:${id}`, amountIdr: NDA_PRICE_IDR }),
    ]);
    expect(detail.audit.map((a) => a.action)).toContain("order.dispute");
    expect(detail.audit.find((a) => a.action === "order.dispute")).toMatchObject({ actorType: "operator", actorName: operator.name });
  });

  it("allows cancel or refund on a paid order, restart on a stalled one, nothing on a finished one; an unknown id is NOT_FOUND", async () => {
    const paid = await createPaidOrder(database.prisma, clock, org);
    expect((await op().order({ orderId: paid.id })).allowedActions).toEqual(["cancel", "refund"]);
    const stalled = await stalledOrder();
    expect((await op().order({ orderId: stalled })).allowedActions).toEqual(["cancel", "refund", "restart_offering"]);
    await op().orderAction({ orderId: paid.id, action: "refund" });
    const refunded = await op().order({ orderId: paid.id });
    expect(refunded.allowedActions).toEqual([]);
    expect(refunded.amounts.escrowIdr).toBe(0);
    expect(refunded.ledger.map((t) => t.kind)).toEqual(["order_payment", "order_refund"]);
    expect(await codeOf(op().order({ orderId: "ord_tidak_ada" }))).toBe("NOT_FOUND");
  });
});

describe("organisations", () => {
  it("creates an organisation waiting for approval, finds it by name and status, approves it, and audits both", async () => {
    const { id } = await op().createOrganization({
      name: "PT Baru Berdiri",
      status: "menunggu_persetujuan",
      approvalThresholdIdr: 5_000_000,
    });
    const found = await op().organizations({ q: "baru berdiri" });
    expect(found.data).toEqual([
      expect.objectContaining({
        id,
        status: "menunggu_persetujuan",
        approvalThresholdIdr: 5_000_000,
        depositIdr: 0,
        apiKeys: 0,
        orders: 0,
      }),
    ]);
    expect((await op().organizations({ status: "menunggu_persetujuan" })).data.map((o) => o.id)).toContain(id);
    expect((await op().organizations({ status: "aktif" })).data.map((o) => o.id)).not.toContain(id);
    expect((await op().organizations({ q: id })).data.map((o) => o.id)).toEqual([id]);
    await op().setOrganizationStatus({ organizationId: id, status: "aktif" });
    const log = await op().auditLog({ subjectId: id });
    expect(log.data.map((a) => a.action)).toEqual(["organization.aktif", "organization.create"]);
    expect(log.data[0]).toMatchObject({
      actorType: "operator",
      actorId: operator.id,
      actorName: operator.name,
      subjectType: "organization",
    });
    expect(await codeOf(op().createOrganization({ name: "  ", status: "aktif" }))).toBe("VALIDATION");
  });

  it("shows one organisation's deposits, keys, admins and recent orders; an unknown id is NOT_FOUND", async () => {
    const admin = await portalUser(database.prisma, "org_admin", other.id);
    await op().topUp({ organizationId: other.id, amountIdr: 1_000_000, reference: "BCA 1" });
    const detail = await op().organization({ organizationId: other.id });
    const depositAccount = await database.prisma.ledgerAccount.findUniqueOrThrow({ where: { code: `org_deposit:${other.id}` } });
    expect(detail).toMatchObject({
      id: other.id,
      name: "CV Embun Pagi",
      status: "aktif",
      depositIdr: Number(depositAccount.balanceIdr),
      testDepositIdr: 0,
      liveKeys: 1,
      testKeys: 0,
    });
    expect(detail.admins).toEqual([expect.objectContaining({ id: admin.id, email: admin.email })]);
    expect(detail.recentOrders.length).toBeGreaterThan(0);
    expect(detail.recentOrders.every((o) => typeof o.priceIdr === "number")).toBe(true);
    expect(await codeOf(op().organization({ organizationId: "org_tidak_ada" }))).toBe("NOT_FOUND");
  });

  it("invites a new organisation's first admin, who accepts by the link and becomes its admin; an unknown organisation is NOT_FOUND", async () => {
    const { id } = await op().createOrganization({ name: "PT Tanpa Admin", status: "aktif" });
    const invited = await op().inviteAdmin({ organizationId: id, email: "Pendiri@TanpaAdmin.co.id" });
    expect(invited.email).toBe("pendiri@tanpaadmin.co.id");
    const mail = await database.prisma.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `invitation:${invited.id}` } });
    expect(mail.text).toContain(`${operator.name} mengundang Anda menjadi admin organisasi PT Tanpa Admin`);
    expect(mail.text).toContain(invited.link);

    const token = invited.link.split("/undangan/")[1]!;
    await as(null).invitation.accept({ token, name: "Pendiri", password: "kata-sandi-pendiri-1" });
    expect((await op().organization({ organizationId: id })).admins).toEqual([
      expect.objectContaining({ email: "pendiri@tanpaadmin.co.id", name: "Pendiri" }),
    ]);
    const log = await op().auditLog({ subjectId: invited.id });
    expect(log.data).toContainEqual(expect.objectContaining({ action: "invitation.create", actorType: "operator", actorId: operator.id }));

    expect(await codeOf(op().inviteAdmin({ organizationId: "org_tidak_ada", email: "siapa@contoh.id" }))).toBe("NOT_FOUND");
    expect(await database.prisma.invitation.count({ where: { email: "siapa@contoh.id" } })).toBe(0);
  });

  it.each(["\r\n", "\n", "\r", "\u2028", "\u0085"])(
    "refuses a name with %j in it (organisation, practitioner, invitee) with VALIDATION naming the field, and stores nothing",
    async (lineBreak) => {
      const name = `PT Aman${lineBreak}Bcc: korban@contoh.id`;
      const errorOf = async (call: Promise<unknown>) => {
        const error = toApiError(
          await call.then(
            () => null,
            (err: unknown) => err,
          ),
        );
        return [error.code, /\bname\b/.test(error.message)];
      };
      const counts = async () => ({
        organizations: await database.prisma.organization.count(),
        users: await database.prisma.user.count(),
      });
      const before = await counts();
      expect(await errorOf(op().createOrganization({ name, status: "aktif" }))).toEqual(["VALIDATION", true]);
      expect(
        await errorOf(
          op().createPractitioner({
            name,
            email: "baris@contoh.id",
            password: "kata-sandi-panjang-1",
            categories: ["kontrak"],
          }),
        ),
      ).toEqual(["VALIDATION", true]);
      const { id } = await op().createOrganization({ name: "PT Satu Baris", status: "aktif" });
      const invited = await op().inviteAdmin({ organizationId: id, email: `baris${lineBreak.charCodeAt(0)}@contoh.id` });
      const token = invited.link.split("/undangan/")[1]!;
      expect(await errorOf(as(null).invitation.accept({ token, name, password: "kata-sandi-pendiri-1" }))).toEqual(["VALIDATION", true]);
      expect(await counts()).toEqual({ ...before, organizations: before.organizations + 1 });
    },
  );

  it("sees an organisation's pending invitation and revokes it, so a new one can be sent; another organisation's invitation is NOT_FOUND", async () => {
    const { id } = await op().createOrganization({ name: "PT Undangan Hilang", status: "aktif" });
    const first = await op().inviteAdmin({ organizationId: id, email: "hilang@contoh.id" });
    expect((await op().team({ organizationId: id })).invitations).toEqual([
      expect.objectContaining({ id: first.id, email: "hilang@contoh.id", status: "menunggu" }),
    ]);
    expect(await codeOf(op().inviteAdmin({ organizationId: id, email: "hilang@contoh.id" }))).toBe("CONFLICT");

    expect(await codeOf(op().revokeInvitation({ organizationId: other.id, invitationId: first.id }))).toBe("NOT_FOUND");
    await op().revokeInvitation({ organizationId: id, invitationId: first.id });
    expect((await op().team({ organizationId: id })).invitations).toEqual([expect.objectContaining({ id: first.id, status: "dicabut" })]);
    const token = first.link.split("/undangan/")[1]!;
    expect(await codeOf(as(null).invitation.accept({ token, name: "Terlambat", password: "kata-sandi-panjang-1" }))).toBe("INVALID_STATE");
    const second = await op().inviteAdmin({ organizationId: id, email: "hilang@contoh.id" });
    expect(second.id).not.toBe(first.id);
    expect(await codeOf(op().team({ organizationId: "org_tidak_ada" }))).toBe("NOT_FOUND");
  });
});

describe("audit log", () => {
  it("filters by actor type, action and subject, newest first, and lists the actions present", async () => {
    const { id } = await disputedOrder();
    await op().orderAction({ orderId: id, action: "refund", note: "Dana kembali." });
    const byOrder = await op().auditLog({ subjectId: id });
    expect(byOrder.data.map((a) => a.action)).toEqual(["order.refund", "order.dispute"]);
    const refunds = await op().auditLog({ action: "order.refund", actorType: "operator" });
    expect(refunds.data.length).toBeGreaterThan(0);
    expect(refunds.data.every((a) => a.action === "order.refund" && a.actorType === "operator")).toBe(true);
    expect((await op().auditLog({ actorType: "cli" })).data).toEqual([]);
    const vocabulary = await op().auditVocabulary();
    expect(vocabulary.actions).toEqual(expect.arrayContaining(["order.refund", "order.dispute", "organization.create"]));
    expect(vocabulary.actorTypes).toContain("operator");
  });
});

describe("order actions over HTTP, as the browser's batching client sends them", () => {
  async function batched(input: unknown) {
    const req = new Request("http://localhost/api/trpc/operator.orderAction?batch=1", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ 0: input }),
    });
    const res = await handlePortalRequest(req, { db: database.prisma, clock }, operator);
    return { status: res.status, body: (await res.json()) as Array<{ error: { data: { apiError: { code: string } } } }> };
  }

  it("an unknown order is 404 NOT_FOUND and an action its status does not allow 409 INVALID_STATE, never 500", async () => {
    const unknown = await batched({ orderId: "ord_tidak_ada", action: "refund" });
    expect(unknown.status).toBe(404);
    expect(unknown.body[0]!.error.data.apiError.code).toBe("NOT_FOUND");
    const paid = await createPaidOrder(database.prisma, clock, org);
    const refused = await batched({ orderId: paid.id, action: "settle_for_practitioner" });
    expect(refused.status).toBe(409);
    expect(refused.body[0]!.error.data.apiError.code).toBe("INVALID_STATE");
  });
});
