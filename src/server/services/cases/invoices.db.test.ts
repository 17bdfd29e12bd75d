import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, agentActor, operatorActor, SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { slaDueAt } from "@/server/domain/orders/sla";
import { practitionerActorOf } from "@/server/services/access";
import { TEST_OPERATOR } from "@/test/actors";
import { agentKey, bid, CASE_INPUT, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg } from "@/test/fixtures";
import { createTestPractitioner, LEDGER_SOUND, ledgerInvariants } from "@/test/orders";
import { accounts, balanceOf, platformRevenueTotal, spentThisMonth } from "../money";
import { ordersNeedingOffer } from "../offers";
import { acceptOrderResult, deliverResult, getMyOrder, openDispute, operatorOrderAction, releaseOrder, startWork } from "../orders";
import { closeCase } from "./close";
import { payInvoice } from "./pay-invoice";
import { selectBid } from "./select";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

/** An organisation with an unpaid invoice for a bid of `bidIdr` (client_pays = bid + fee). */
async function unpaidInvoice(depositIdr: bigint, bidIdr = 8_000_000) {
  const org = await createTestOrg(db(), { depositIdr });
  const practitionerId = await createTestPractitioner(db(), ["properti"]);
  const created = await createTestCase(db(), clock, org);
  const offer = await bid(db(), clock, practitionerId, created.id, bidIdr);
  const { invoice } = await selectBid(
    { db: db(), clock },
    {
      actor: agentActor(await agentKey(db(), clock, org)),
      caseId: created.id,
      bidId: offer.id,
    },
  );
  return { org, practitionerId, invoice, caseId: created.id };
}

const pay = (organizationId: string, invoiceId: string) =>
  payInvoice({ db: db(), clock }, { actor: adminActor("usr_admin", organizationId), invoiceId });
const deposit = (orgId: string) => balanceOf(db(), accounts.orgDeposit(orgId, true));
const payable = (practitionerId: string) => balanceOf(db(), accounts.practitionerPayable(practitionerId));
const revenue = () =>
  platformRevenueTotal(
    { db: db() },
    {
      actor: TEST_OPERATOR,
      livemode: true,
    },
  );

const escrowOf = (order: { id: string; organizationId: string }) => balanceOf(db(), accounts.orderEscrow({ ...order, livemode: true }));

describe("payInvoice", () => {
  it("credits nobody: it opens an order already taken by the selected practitioner, the whole total in escrow", async () => {
    const { org, practitionerId, invoice, caseId } = await unpaidInvoice(20_000_000n);
    expect(invoice).toMatchObject({ status: "belum_dibayar", totalIdr: 9_000_000n, feeIdr: 1_000_000n });
    const revenueBefore = await revenue();
    const paid = await pay(org.id, invoice.id);
    expect(paid).toMatchObject({ status: "dibayar", paidAt: clock.now(), orderId: expect.stringMatching(/^ord_/) });
    const order = await db().order.findUniqueOrThrow({ where: { id: paid.orderId! } });
    // The bid's 14 days from payment, counted in working days like every SLA.
    expect(order).toMatchObject({
      status: "diambil",
      practitionerId,
      caseId,
      serviceCode: "kasus",
      priceIdr: 9_000_000n,
      clientPriceIdr: 8_000_000n,
      slaDueAt: slaDueAt(clock.now(), 14),
    });
    expect(await deposit(org.id)).toBe(11_000_000n);
    expect(await escrowOf(order)).toBe(9_000_000n);
    expect(await payable(practitionerId)).toBe(0n);
    expect(await revenue()).toBe(revenueBefore);
    const events = await db().webhookEvent.findMany({
      where: { OR: [{ orderId: order.id }, { caseId }] },
      orderBy: { seq: "asc" },
      select: { type: true },
    });
    expect(events.map((e) => e.type)).toEqual(["case.bid_received", "case.selected", "order.dibayar", "order.diambil", "invoice.dibayar"]);
    expect(await db().auditLog.count({ where: { action: "invoice.pay", subjectId: invoice.id, actorId: "usr_admin" } })).toBe(1);
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
    // The order has no intake of its own: its practitioner reads the case's story and contact as the client's data.
    const held = await getMyOrder({ db: db(), clock }, { actor: await practitionerActorOf(db(), practitionerId), orderId: order.id });
    expect(held.intake).toMatchObject({
      cerita: CASE_INPUT.story,
      nama_kontak: CASE_INPUT.contactName,
      email_kontak: CASE_INPUT.contactEmail,
    });
    expect(held.intakeLabels).toMatchObject({ cerita: "Cerita klien", email_kontak: "E-mail kontak" });
  });

  it("releases the bid to the practitioner and the fee to the platform only when the client accepts the delivered work", async () => {
    const { org, practitionerId, invoice } = await unpaidInvoice(20_000_000n);
    const revenueBefore = await revenue();
    const { orderId } = await pay(org.id, invoice.id);
    const deps = { db: db(), clock };
    await startWork(deps, { actor: await practitionerActorOf(deps.db, practitionerId), orderId: orderId! });
    await deliverResult(deps, {
      actor: await practitionerActorOf(deps.db, practitionerId),
      orderId: orderId!,
      deliverable: "https://berkas.contoh.id/somasi.pdf",
    });
    expect(await payable(practitionerId)).toBe(0n);
    const accepted = await acceptOrderResult(deps, {
      actor: agentActor(await agentKey(db(), clock, org)),
      orderId: orderId!,
    });
    expect(accepted.status).toBe("selesai");
    expect(await payable(practitionerId)).toBe(8_000_000n);
    expect((await revenue()) - revenueBefore).toBe(1_000_000n);
    expect(await escrowOf(accepted)).toBe(0n);
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });

  it("a refunded case order gives the whole total back and no longer counts against the key's month", async () => {
    const { org, practitionerId, invoice } = await unpaidInvoice(20_000_000n);
    const key = await agentKey(db(), clock, org);
    const { orderId } = await pay(org.id, invoice.id);
    // Counted once (the invoice), not twice (invoice and its order).
    expect(await spentThisMonth(db(), clock, key.id)).toBe(9_000_000n);
    await openDispute(
      { db: db(), clock },
      {
        actor: agentActor(key),
        orderId: orderId!,
        reason: "Praktisi tidak menghubungi kami sama sekali.",
      },
    );
    await operatorOrderAction({ db: db(), clock }, { actor: operatorActor("usr_op"), input: { orderId: orderId!, action: "refund" } });
    expect(await deposit(org.id)).toBe(20_000_000n);
    expect(await payable(practitionerId)).toBe(0n);
    expect(await spentThisMonth(db(), clock, key.id)).toBe(0n);
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });

  it("is never offered to other practitioners, and its practitioner cannot release it", async () => {
    const { org, practitionerId, invoice } = await unpaidInvoice(20_000_000n);
    const { orderId } = await pay(org.id, invoice.id);
    await createTestPractitioner(db(), ["properti"]);
    expect(
      (
        await ordersNeedingOffer(
          { db: db() },
          {
            actor: SWEEPER,
            limit: 100,
          },
        )
      ).map((r) => r.id),
    ).not.toContain(orderId);
    await expect(
      releaseOrder({ db: db(), clock }, { actor: await practitionerActorOf(db(), practitionerId), orderId: orderId! }),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect(await db().offer.count({ where: { orderId: orderId! } })).toBe(0);
  });

  it("pays a deposit of exactly the total down to zero", async () => {
    const { org, invoice } = await unpaidInvoice(600_000n, 500_000);
    await pay(org.id, invoice.id);
    expect(await deposit(org.id)).toBe(0n);
  });

  it("refuses with 402 INSUFFICIENT_DEPOSIT and changes nothing when the deposit falls short", async () => {
    const { org, practitionerId, invoice } = await unpaidInvoice(8_999_999n);
    const revenueBefore = await revenue();
    const ordersBefore = await db().order.count();
    await expect(pay(org.id, invoice.id)).rejects.toMatchObject({ code: "INSUFFICIENT_DEPOSIT", status: 402 });
    expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("belum_dibayar");
    expect(await deposit(org.id)).toBe(8_999_999n);
    expect(await payable(practitionerId)).toBe(0n);
    expect(await revenue()).toBe(revenueBefore);
    expect(await db().order.count()).toBe(ordersBefore);
    expect(await db().auditLog.count({ where: { action: "invoice.pay", subjectId: invoice.id } })).toBe(0);
  });

  it("pays an invoice once: a second payment is INVALID_STATE and moves no money", async () => {
    const { org, invoice } = await unpaidInvoice(30_000_000n);
    await pay(org.id, invoice.id);
    await expect(pay(org.id, invoice.id)).rejects.toMatchObject({ code: "INVALID_STATE", message: /The invoice is dibayar/ });
    expect(await deposit(org.id)).toBe(21_000_000n);
  });

  it("does not pay a cancelled invoice", async () => {
    const { org, invoice, caseId } = await unpaidInvoice(30_000_000n);
    await closeCase({ db: db(), clock }, { actor: TEST_OPERATOR, caseId });
    await expect(pay(org.id, invoice.id)).rejects.toMatchObject({ code: "INVALID_STATE", message: /The invoice is dibatalkan/ });
    expect(await deposit(org.id)).toBe(30_000_000n);
  });

  it("does not find another organisation's invoice", async () => {
    const { invoice } = await unpaidInvoice(30_000_000n);
    const stranger = await createTestOrg(db(), { depositIdr: 30_000_000n });
    await expect(pay(stranger.id, invoice.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await deposit(stranger.id)).toBe(30_000_000n);
  });

  it.runIf(testDatabaseKind === "postgres")(
    "pays once and opens one order when three admins pay the same invoice at the same time",
    async () => {
      for (let round = 0; round < 5; round++) {
        const { org, invoice, caseId } = await unpaidInvoice(50_000_000n);
        const results = await Promise.allSettled([pay(org.id, invoice.id), pay(org.id, invoice.id), pay(org.id, invoice.id)]);
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "INVALID_STATE" });
        expect(await deposit(org.id)).toBe(41_000_000n);
        expect(await db().order.count({ where: { caseId } })).toBe(1);
      }
      expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
    },
  );
});
