import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { liveDataOf } from "@/server/domain/data-owner";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "@/test/db";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestOrg } from "@/test/fixtures";
import { createTestPractitioner, LEDGER_SOUND, ledgerInvariants } from "@/test/orders";
import { closeCase, selectBid } from "./cases";
import { payInvoice } from "./invoices";
import { accounts, balanceOf } from "./ledger";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
const db = () => database.prisma;
const admin = { actorType: "org_admin" as const, actorId: "usr_admin" };

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
  const { invoice } = await selectBid(db(), clock, await agentKey(db(), clock, org), created.id, offer.id);
  return { org, practitionerId, invoice, caseId: created.id };
}

const pay = (organizationId: string, invoiceId: string) => payInvoice({ db: db(), clock }, { owner: liveDataOf(organizationId), invoiceId, actor: admin });
const deposit = (orgId: string) => balanceOf(db(), accounts.orgDeposit(orgId, true));
const payable = (practitionerId: string) => balanceOf(db(), accounts.practitionerPayable(practitionerId));
const revenue = () => balanceOf(db(), accounts.platformRevenue(true));

describe("payInvoice", () => {
  it("pays from the deposit: the bid to the practitioner, the fee to the platform, the invoice dibayar", async () => {
    const { org, practitionerId, invoice } = await unpaidInvoice(20_000_000n);
    expect(invoice).toMatchObject({ status: "belum_dibayar", totalIdr: 9_000_000n, feeIdr: 1_000_000n });
    const revenueBefore = await revenue();
    const paid = await pay(org.id, invoice.id);
    expect(paid).toMatchObject({ status: "dibayar", paidAt: clock.now() });
    expect(await deposit(org.id)).toBe(11_000_000n);
    expect(await payable(practitionerId)).toBe(8_000_000n);
    expect((await revenue()) - revenueBefore).toBe(1_000_000n);
    const transfers = await db().ledgerTransfer.findMany({ where: { reference: invoice.id }, orderBy: { kind: "asc" } });
    expect(transfers.map((t) => t.kind)).toEqual(["invoice_fee", "invoice_payment"]);
    expect(await db().auditLog.count({ where: { action: "invoice.pay", subjectId: invoice.id, actorId: "usr_admin" } })).toBe(1);
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });

  it("pays a deposit of exactly the total down to zero", async () => {
    const { org, invoice } = await unpaidInvoice(600_000n, 500_000);
    await pay(org.id, invoice.id);
    expect(await deposit(org.id)).toBe(0n);
  });

  it("refuses with 402 INSUFFICIENT_DEPOSIT and changes nothing when the deposit falls short", async () => {
    const { org, practitionerId, invoice } = await unpaidInvoice(8_999_999n);
    const revenueBefore = await revenue();
    await expect(pay(org.id, invoice.id)).rejects.toMatchObject({ code: "INSUFFICIENT_DEPOSIT", status: 402 });
    expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("belum_dibayar");
    expect(await deposit(org.id)).toBe(8_999_999n);
    expect(await payable(practitionerId)).toBe(0n);
    expect(await revenue()).toBe(revenueBefore);
    expect(await db().ledgerTransfer.count({ where: { reference: invoice.id } })).toBe(0);
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
    await closeCase(db(), clock, { caseId, actor: { actorType: "operator", actorId: null } });
    await expect(pay(org.id, invoice.id)).rejects.toMatchObject({ code: "INVALID_STATE", message: /The invoice is dibatalkan/ });
    expect(await deposit(org.id)).toBe(30_000_000n);
  });

  it("does not find another organisation's invoice", async () => {
    const { invoice } = await unpaidInvoice(30_000_000n);
    const stranger = await createTestOrg(db(), { depositIdr: 30_000_000n });
    await expect(pay(stranger.id, invoice.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await deposit(stranger.id)).toBe(30_000_000n);
  });

  it.runIf(testDatabaseKind === "postgres")("pays once when two admins pay the same invoice at the same time", async () => {
    for (let round = 0; round < 5; round++) {
      const { org, practitionerId, invoice } = await unpaidInvoice(50_000_000n);
      const results = await Promise.allSettled([pay(org.id, invoice.id), pay(org.id, invoice.id), pay(org.id, invoice.id)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "INVALID_STATE" });
      expect(await deposit(org.id)).toBe(41_000_000n);
      expect(await payable(practitionerId)).toBe(8_000_000n);
      expect(await db().ledgerTransfer.count({ where: { reference: invoice.id } })).toBe(2);
    }
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });
});
