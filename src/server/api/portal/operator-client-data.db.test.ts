import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActor } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { payInvoice, selectBid } from "@/server/services/cases";
import { adminOf } from "@/test/actors";
import { agentKey, bid, CASE_INPUT, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, ndaOrder } from "@/test/orders";
import { codeOf, portalCaller, portalUser, practitionerUser } from "@/test/portal";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
let operator: PortalUser;
let org: TestOrg;

const as = (user: PortalUser | null) => portalCaller({ db: database.prisma, clock }, user);
const views = (orderId: string) => database.prisma.auditLog.findMany({ where: { subjectId: orderId, action: "order.client_data_view" } });

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  operator = await portalUser(database.prisma, "operator");
  org = await createTestOrg(database.prisma, { depositIdr: 50_000_000n });
});

afterAll(async () => {
  await database?.destroy();
});

describe("the operator reads the client's data of an order", () => {
  it("returns the intake unmasked with its fields' labels, after writing exactly one audit entry", async () => {
    const order = await createPaidOrder(database.prisma, clock, org);
    expect(await views(order.id)).toHaveLength(0);
    const data = await as(operator).operator.revealClientData({ orderId: order.id });
    const sent = ndaOrder().intake;
    expect(data.intake).toEqual(sent);
    expect(data.intake.email_kontak).toBe("legal@satu.co.id");
    expect(Object.keys(data.intakeLabels)).toEqual(expect.arrayContaining(Object.keys(sent)));
    expect(data.case).toBeNull();
    const written = await views(order.id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ actorType: "operator", actorId: operator.id, subjectType: "order", createdAt: expect.any(Date) });
  });

  it("each further view is audited again", async () => {
    const order = await createPaidOrder(database.prisma, clock, org);
    await as(operator).operator.revealClientData({ orderId: order.id });
    await as(operator).operator.revealClientData({ orderId: order.id });
    expect(await views(order.id)).toHaveLength(2);
  });

  it("a case's order carries the case's story and contact as the client wrote them", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["properti"]);
    const created = await createTestCase(database.prisma, clock, org);
    const offer = await bid(database.prisma, clock, practitionerId, created.id);
    const { invoice } = await selectBid(
      { db: database.prisma, clock },
      {
        actor: agentActor(await agentKey(database.prisma, clock, org)),
        caseId: created.id,
        bidId: offer.id,
      },
    );
    const paid = await payInvoice({ db: database.prisma, clock }, { actor: adminOf(org.id), invoiceId: invoice.id });
    const data = await as(operator).operator.revealClientData({ orderId: paid.orderId! });
    expect(data.case).toEqual({
      id: created.id,
      story: CASE_INPUT.story,
      contactName: CASE_INPUT.contactName,
      contactEmail: CASE_INPUT.contactEmail,
      contactPhone: CASE_INPUT.contactPhone,
    });
    expect((await views(paid.orderId!))[0]?.data).toEqual({ case: created.id });
  });

  it("nobody but the operator may read it, and a refused call writes nothing; an unknown order is NOT_FOUND", async () => {
    const order = await createPaidOrder(database.prisma, clock, org);
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    const practitioner = await practitionerUser(database.prisma);
    expect(await codeOf(as(null).operator.revealClientData({ orderId: order.id }))).toBe("UNAUTHENTICATED");
    expect(await codeOf(as(admin).operator.revealClientData({ orderId: order.id }))).toBe("FORBIDDEN");
    expect(await codeOf(as(practitioner).operator.revealClientData({ orderId: order.id }))).toBe("FORBIDDEN");
    expect(await views(order.id)).toHaveLength(0);
    expect(await codeOf(as(operator).operator.revealClientData({ orderId: "ord_tidakada" }))).toBe("NOT_FOUND");
    expect(await database.prisma.auditLog.count({ where: { subjectId: "ord_tidakada" } })).toBe(0);
  });
});
