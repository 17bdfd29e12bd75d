import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FinancialDocument } from "@/generated/prisma/client";
import { agentActor, operatorActor, SWEEPER } from "@/server/domain/access/actor";
import { documentYear } from "@/server/domain/books/numbering";
import { fixedClock } from "@/server/domain/clock";
import { practitionerActorOf } from "@/server/services/access";
import { decideCost, requestCost } from "@/server/services/costs";
import { accounts, balanceOf } from "@/server/services/money";
import { cancelOrder, openDispute, operatorOrderAction } from "@/server/services/orders";
import { topUpTestDeposit } from "@/server/services/sandbox";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder, NDA_CLIENT_PRICE_IDR, NDA_PRICE_IDR } from "@/test/orders";
import { portalCaller, portalUser } from "@/test/portal";
import { issueAllDocuments, issueDocuments, undocumentedTransfers } from ".";

/**
 * The books against the ledger (issue 41), on PostgreSQL and on the embedded database: orders,
 * an approved cost, a case invoice, a cancellation, a split and test money each get their
 * document; numbers run without a gap however many payments and issuers race; every document's
 * parts add up to what moved; the documents of a deposit sum to its balance.
 */

let database: TestDatabase;
const clock = fixedClock("2026-11-26T03:00:00Z");
const db = () => database.prisma;
const deps = () => ({ db: db(), clock });
const operator = operatorActor("usr_op");
let org: TestOrg;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
  org = await createTestOrg(db(), { depositIdr: 60_000_000n });
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

const agent = async (of: TestOrg = org) => agentActor(await agentKey(db(), clock, of));
const issueAll = () => issueAllDocuments(deps(), { actor: SWEEPER });

/** Every transfer that moved a deposit, with the deposit's side of it. */
async function depositTransfers() {
  return db().$queryRaw<Array<{ id: string; kind: string; organizationId: string; livemode: boolean; amountIdr: bigint }>>`
    SELECT t."id", t."kind", a."organizationId", a."livemode", e."amountIdr"
    FROM "LedgerTransfer" t JOIN "LedgerEntry" e ON e."transferId" = t."id"
    JOIN "LedgerAccount" a ON a."id" = e."accountId" AND a."kind" = 'org_deposit'`;
}

/** Each series' numbers, in order, are 1, 2, 3, … with none missing or repeated. */
function expectGapFree(documents: readonly FinancialDocument[]) {
  const series = new Map<string, number[]>();
  for (const { number } of documents) {
    const [prefix, year, sequence] = number.split("/");
    const key = `${prefix}/${year}`;
    series.set(key, [...(series.get(key) ?? []), Number(sequence)]);
  }
  for (const [key, numbers] of series) {
    expect(
      numbers.sort((a, b) => a - b),
      key,
    ).toEqual(numbers.map((_, index) => index + 1));
  }
  expect(new Set(documents.map((d) => d.number)).size).toBe(documents.length);
}

/** The parts of every document add up to its amount, and the VAT is 12 % of its printed base to the rupiah. */
function expectPartsAddUp(document: FinancialDocument) {
  const { amountIdr, practitionerFeeIdr, platformFeeIdr, passThroughIdr, vatIdr, vatBaseIdr } = document;
  if (document.kind !== "bukti_setoran") expect(practitionerFeeIdr + platformFeeIdr + passThroughIdr, document.number).toBe(amountIdr);
  expect(vatIdr <= platformFeeIdr).toBe(true);
  const vatOfBase = (vatBaseIdr * 1200n + 5000n) / 10_000n;
  expect(vatIdr - vatOfBase <= 1n && vatOfBase - vatIdr <= 1n, `${document.number}: PPN ${vatIdr} vs 12% × ${vatBaseIdr}`).toBe(true);
}

describe("the books follow the ledger", () => {
  it("documents every movement of a deposit once: receipts for payments, credit notes for refunds that name the receipt they correct, a deposit receipt for a top-up", async () => {
    const practitionerId = await createTestPractitioner(db(), ["kontrak", "properti"]);
    const by = await practitionerActorOf(db(), practitionerId);

    // Paid and kept: a receipt with the practitioner's fee, the platform's part and the VAT in it.
    const kept = await createPaidOrder(db(), clock, org);
    // Paid, then cancelled before anyone took it: its whole price back, a credit note.
    const cancelled = await createPaidOrder(db(), clock, org);
    await cancelOrder(deps(), { actor: await agent(), orderId: cancelled.id, reason: "Klien berubah pikiran." });
    // Worked, then disputed and settled with a split.
    const split = await createPaidOrder(db(), clock, org);
    await driveOrder(db(), split.id, practitionerId, "dikerjakan", clock.now());
    await openDispute(deps(), { actor: await agent(), orderId: split.id, reason: "Hasil tidak sesuai pesanan." });
    const share = 600_000n;
    await operatorOrderAction(deps(), {
      actor: operator,
      input: { orderId: split.id, action: "settle_split", note: "Sebagian pekerjaan sesuai pesanan.", practitionerShareIdr: share },
    });
    // Worked, an official cost approved into escrow, then disputed and refunded: the price and the cost back.
    const refunded = await createPaidOrder(db(), clock, org);
    await driveOrder(db(), refunded.id, practitionerId, "dikerjakan", clock.now());
    const cost = await requestCost(deps(), {
      actor: by,
      orderId: refunded.id,
      input: {
        kind: "lainnya",
        feeCode: null,
        description: "Meterai elektronik",
        amountIdr: 10_000n,
        basis: "UU 10/2020 tentang Bea Meterai",
      },
    });
    await decideCost(deps(), { actor: await agent(), orderId: refunded.id, costId: cost.id, decision: { approve: true } });
    await openDispute(deps(), { actor: await agent(), orderId: refunded.id, reason: "Tidak dikerjakan." });
    await operatorOrderAction(deps(), { actor: operator, input: { orderId: refunded.id, action: "refund", note: "Dana dikembalikan." } });
    // A case: its invoice paid by an admin.
    const kasus = await createTestCase(db(), clock, org);
    const offered = await bid(db(), clock, practitionerId, kasus.id, 8_000_000);
    const admin = portalCaller(deps(), await portalUser(db(), "org_admin", org.id));
    const selected = await admin.organization.selectBid({ caseId: kasus.id, bidId: offered.id });
    const paidInvoice = await admin.organization.payInvoice({ invoiceId: selected.invoiceId });
    // Test money: its own documents, its own numbers.
    await topUpTestDeposit(deps(), { actor: await agent(await createTestOrg(db(), { mode: "test" })), amountIdr: 5_000_000 });

    expect(
      (await undocumentedTransfers(deps(), { actor: SWEEPER, cutoff: new Date(Date.now() + 60_000), limit: 1000 })).length,
    ).toBeGreaterThan(0);
    await issueAll();
    expect(await undocumentedTransfers(deps(), { actor: SWEEPER, cutoff: new Date(Date.now() + 60_000), limit: 1000 })).toEqual([]);

    const transfers = await depositTransfers();
    const documents = await db().financialDocument.findMany({ orderBy: { number: "asc" } });
    expect(documents.map((d) => d.transferId).sort()).toEqual(transfers.map((t) => t.id).sort());
    expectGapFree(documents);
    for (const document of documents) expectPartsAddUp(document);
    const byTransfer = new Map(transfers.map((t) => [t.id, t]));
    for (const document of documents) {
      const moved = byTransfer.get(document.transferId)!;
      expect(document.amountIdr).toBe(moved.amountIdr < 0n ? -moved.amountIdr : moved.amountIdr);
      expect(document.kind).toBe(moved.kind === "deposit_topup" ? "bukti_setoran" : moved.amountIdr < 0n ? "kuitansi" : "nota_kredit");
      expect(document.number.includes("-UJI/")).toBe(!moved.livemode);
      expect(document.livemode).toBe(moved.livemode);
    }

    const receipt = documents.find((d) => d.orderId === kept.id)!;
    expect(receipt).toMatchObject({
      kind: "kuitansi",
      transferKind: "order_payment",
      amountIdr: BigInt(NDA_PRICE_IDR),
      practitionerFeeIdr: BigInt(NDA_CLIENT_PRICE_IDR),
      platformFeeIdr: BigInt(NDA_PRICE_IDR - NDA_CLIENT_PRICE_IDR),
      // Rp 210.000 with the VAT inside: 189.189 before it, DPP 11/12 = 173.423, PPN 20.811.
      vatBaseIdr: 173_423n,
      vatIdr: 20_811n,
      passThroughIdr: 0n,
    });
    expect(receipt.number).toMatch(new RegExp(`^KWT/${documentYear(receipt.issuedAt)}/\\d{6}$`));
    expect(receipt.buyer).toEqual({ name: "PT Uji Coba", address: null, npwp: null });

    const [paidCancelled, creditCancelled] = documents.filter((d) => d.orderId === cancelled.id).sort((a, b) => +a.paidAt - +b.paidAt);
    expect(creditCancelled).toMatchObject({ kind: "nota_kredit", transferKind: "order_refund", correctsId: paidCancelled!.id });
    expect([creditCancelled!.practitionerFeeIdr, creditCancelled!.platformFeeIdr, creditCancelled!.vatIdr]).toEqual([
      paidCancelled!.practitionerFeeIdr,
      paidCancelled!.platformFeeIdr,
      paidCancelled!.vatIdr,
    ]);

    const splitDocuments = documents.filter((d) => d.orderId === split.id);
    const splitPaid = splitDocuments.find((d) => d.transferKind === "order_payment")!;
    const splitCredit = splitDocuments.find((d) => d.transferKind === "split_refund")!;
    expect(splitCredit.correctsId).toBe(splitPaid.id);
    // What went back of the practitioner's fee is the fee less their share; the platform's part is the rest.
    expect(splitCredit.practitionerFeeIdr).toBe(BigInt(NDA_CLIENT_PRICE_IDR) - share);
    const refundedDocuments = documents.filter((d) => d.orderId === refunded.id);
    const costPaid = refundedDocuments.find((d) => d.transferKind === "cost_payment")!;
    expect(costPaid).toMatchObject({ kind: "kuitansi", costId: cost.id, passThroughIdr: 10_000n, platformFeeIdr: 0n, vatIdr: 0n });
    expect(refundedDocuments.find((d) => d.transferKind === "cost_refund")).toMatchObject({
      kind: "nota_kredit",
      costId: cost.id,
      correctsId: costPaid.id,
      passThroughIdr: 10_000n,
      vatIdr: 0n,
    });
    expect(refundedDocuments.find((d) => d.transferKind === "order_refund")).toMatchObject({
      kind: "nota_kredit",
      correctsId: refundedDocuments.find((d) => d.transferKind === "order_payment")!.id,
      amountIdr: BigInt(NDA_PRICE_IDR),
    });

    const invoiceReceipt = documents.find((d) => d.invoiceId === selected.invoiceId)!;
    expect(invoiceReceipt).toMatchObject({
      kind: "kuitansi",
      orderId: paidInvoice.orderId,
      amountIdr: 9_000_000n,
      practitionerFeeIdr: 8_000_000n,
      platformFeeIdr: 1_000_000n,
    });

    // The documents of each deposit sum to its balance: out on receipts, in on credit notes and deposit receipts.
    for (const livemode of [true, false]) {
      for (const organizationId of new Set(documents.filter((d) => d.livemode === livemode).map((d) => d.organizationId))) {
        const signed = documents
          .filter((d) => d.organizationId === organizationId && d.livemode === livemode)
          .reduce((sum, d) => sum + (d.kind === "kuitansi" ? -d.amountIdr : d.amountIdr), 0n);
        expect(signed).toBe(await balanceOf(db(), accounts.orgDeposit(organizationId, livemode)));
      }
    }

    // Issuing again writes nothing: one document per transfer, ever.
    expect(await issueAll()).toBe(0);
  });

  it("numbers concurrent payments without a gap or a repeat, however many issuers run at once", async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createTestOrg(db(), { depositIdr: 40_000_000n })));
    const perBuyer = testDatabaseKind === "postgres" ? 6 : 3;
    await Promise.all(buyers.flatMap((buyer) => Array.from({ length: perBuyer }, () => createPaidOrder(db(), clock, buyer))));
    // Three issuers racing over the same transfers, and one handed them directly.
    const pending = await undocumentedTransfers(deps(), { actor: SWEEPER, cutoff: new Date(Date.now() + 60_000), limit: 1000 });
    await Promise.all([
      issueAll(),
      issueAll(),
      issueAll(),
      issueDocuments(deps(), { actor: SWEEPER, transferIds: pending.map((row) => row.id) }),
    ]);

    const documents = await db().financialDocument.findMany();
    expect(documents.map((d) => d.transferId).sort()).toEqual((await depositTransfers()).map((t) => t.id).sort());
    expectGapFree(documents);
    for (const document of documents) expectPartsAddUp(document);
  });

  it("takes the tax rule in force at the payment's date: a new rule applies to payments after it, a refund keeps the rule of the payment it corrects", async () => {
    const buyer = await createTestOrg(db(), { depositIdr: 20_000_000n });
    const before = await createPaidOrder(db(), clock, buyer);
    await issueAll();
    const oldReceipt = await db().financialDocument.findFirstOrThrow({ where: { orderId: before.id } });

    // A rule the operator scheduled, now in force: 11 % on the whole fee, and the platform's new details.
    const [{ now }] = (await db().$queryRaw<Array<{ now: Date }>>`SELECT now() AS "now"`) as [{ now: Date }];
    await db().taxSetting.create({
      data: {
        id: "tax_test_rule",
        effectiveFrom: now!,
        vatRateBasisPoints: 1100,
        vatBaseNumerator: 1,
        vatBaseDenominator: 1,
        platformName: "PT Kuasa Hukum Digital",
        platformNpwp: "0012345678901234",
        platformAddress: "Jl. Sudirman 1, Jakarta",
      },
    });
    await db().organization.update({ where: { id: buyer.id }, data: { legalName: "PT Uji Coba Sejahtera", npwp: "0098765432109876" } });
    const after = await createPaidOrder(db(), clock, buyer);
    await cancelOrder(deps(), { actor: await agent(buyer), orderId: before.id, reason: "Tidak jadi." });
    await issueAll();

    const newReceipt = await db().financialDocument.findFirstOrThrow({ where: { orderId: after.id } });
    expect(newReceipt.taxSettingId).toBe("tax_test_rule");
    // Rp 210.000 at 11 % of the whole fee: 189.189 before it, PPN 20.811.
    expect([newReceipt.vatBaseIdr, newReceipt.vatIdr]).toEqual([189_189n, 20_811n]);
    expect(newReceipt.seller).toMatchObject({ name: "PT Kuasa Hukum Digital", npwp: "0012345678901234" });
    expect(newReceipt.buyer).toMatchObject({ name: "PT Uji Coba Sejahtera", npwp: "0098765432109876" });

    const credit = await db().financialDocument.findFirstOrThrow({ where: { orderId: before.id, kind: "nota_kredit" } });
    expect(credit).toMatchObject({
      correctsId: oldReceipt.id,
      taxSettingId: oldReceipt.taxSettingId,
      vatIdr: oldReceipt.vatIdr,
      seller: oldReceipt.seller,
    });
    // The receipt issued before the change is as it was.
    expect(await db().financialDocument.findUniqueOrThrow({ where: { id: oldReceipt.id } })).toEqual(oldReceipt);
    await db().taxSetting.delete({ where: { id: "tax_test_rule" } });
  });
});
