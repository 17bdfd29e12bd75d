import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActor, KUASA } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { pageRequestOf } from "@/server/domain/paging";
import { adminOf } from "@/test/actors";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder } from "@/test/orders";
import { selectBid } from "../cases";
import { changeContextOf, changeOrderStatus } from "../order-engine";
import { listOrganizationOrders, organizationAttention } from "./organization-reads";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterAll(async () => {
  await database?.destroy();
});

const NOTHING = { awaitingAcceptance: 0, awaitingAnswer: 0, stalled: 0, awaitingApproval: 0, undecidedCosts: 0, unpaidInvoices: 0 };

/** An order paid and offered whose offering then stalled, as the offer engine leaves it. */
async function stalledOrder(org: TestOrg, metadata?: Record<string, string>) {
  const order = await createPaidOrder(db(), clock, org, { metadata });
  await db().$transaction(async (tx) => {
    const paid = await tx.order.findUniqueOrThrow({ where: { id: order.id } });
    await changeOrderStatus(tx, changeContextOf({ clock }), paid, "start_offering", KUASA);
  });
  await db().order.update({
    where: { id: order.id },
    data: { offeringStalledAt: clock.now(), offeringStalledReason: "Tidak ada praktisi aktif dengan label yang dibutuhkan." },
  });
  return order;
}

describe("organizationAttention", () => {
  it("counts nothing for an organisation with nothing waiting", async () => {
    const org = await createTestOrg(db());
    await createPaidOrder(db(), clock, org);
    expect(
      await organizationAttention(
        { db: db() },
        {
          actor: adminOf(org.id),
        },
      ),
    ).toEqual(NOTHING);
  });

  it("counts questions, results, stalled orders, approvals and unpaid invoices of the organisation's mode only", async () => {
    const org = await createTestOrg(db(), { depositIdr: 50_000_000n });
    const practitioner = await createTestPractitioner(db());
    const asking = await createPaidOrder(db(), clock, org);
    await driveOrder(db(), asking.id, practitioner, "butuh_input_klien", clock.now());
    const delivered = await createPaidOrder(db(), clock, org);
    await driveOrder(db(), delivered.id, practitioner, "diserahkan", clock.now());
    await stalledOrder(org);
    // With a threshold below the price, the next order waits for the admin's approval.
    await db().organization.update({ where: { id: org.id }, data: { approvalThresholdIdr: 1_000_000n } });
    await createPaidOrder(db(), clock, org);
    const kasus = await createTestCase(db(), clock, org);
    await selectBid(
      { db: db(), clock },
      {
        actor: agentActor(await agentKey(db(), clock, org)),
        caseId: kasus.id,
        bidId: (await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), kasus.id)).id,
      },
    );
    const other = await createTestOrg(db());
    await stalledOrder(other);

    const live = await organizationAttention(
      { db: db() },
      {
        actor: adminOf(org.id),
      },
    );
    expect(live).toEqual({ ...NOTHING, awaitingAnswer: 1, awaitingAcceptance: 1, stalled: 1, awaitingApproval: 1, unpaidInvoices: 1 });
    expect(
      await organizationAttention(
        { db: db() },
        {
          actor: adminOf(org.id, false),
        },
      ),
    ).toEqual(NOTHING);
  });
});

describe("listOrganizationOrders' filters", () => {
  it("lists only stalled orders when asked for them", async () => {
    const org = await createTestOrg(db());
    await createPaidOrder(db(), clock, org);
    const stalled = await stalledOrder(org);
    const page = await listOrganizationOrders(
      { db: db() },
      {
        actor: adminOf(org.id),
        search: { stalled: true },
        page: pageRequestOf({}),
      },
    );
    expect(page.data.map((o) => o.id)).toEqual([stalled.id]);
  });

  it("filters by one metadata key and value, exactly, and shows each order's metadata", async () => {
    const org = await createTestOrg(db());
    const wanted = await createPaidOrder(db(), clock, org, { metadata: { tiket: "T-100", tim: "legal" } });
    await createPaidOrder(db(), clock, org, { metadata: { tiket: "T-1000" } });
    await createPaidOrder(db(), clock, org, { metadata: { lain: "T-100" } });
    const page = await listOrganizationOrders(
      { db: db() },
      {
        actor: adminOf(org.id),
        search: { metadata: { key: "tiket", value: "T-100" } },
        page: pageRequestOf({}),
      },
    );
    expect(page.data.map((o) => ({ id: o.id, metadata: o.metadata }))).toEqual([
      { id: wanted.id, metadata: { tiket: "T-100", tim: "legal" } },
    ]);
  });
});
