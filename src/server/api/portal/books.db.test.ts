import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toApiError } from "@/server/api/api-error";
import { agentActor, SEED, SWEEPER } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { statementMonthOf } from "@/server/domain/books/month";
import { jakartaDay, systemClock } from "@/server/domain/clock";
import { issueAllDocuments } from "@/server/services/books";
import { accounts, transfer } from "@/server/services/money";
import { cancelOrder } from "@/server/services/orders";
import { topUpDeposit } from "@/server/services/organizations";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, NDA_PRICE_IDR } from "@/test/orders";
import { codeOf, portalCaller, portalUser, practitionerUser } from "@/test/portal";

/**
 * The books in the portals (portal/books.ts): an admin reads their own organisation's documents
 * and statement in the mode they chose and keeps its billing data; a practitioner reads their own
 * earnings statement; the operator finds any document by number and schedules tax rules. The
 * documents are issued as the `books-issue` job issues them, after real payments.
 */

let database: TestDatabase;
const clock = systemClock;
const deps = () => ({ db: database.prisma, clock });
let org: TestOrg;
let other: TestOrg;
let admin: PortalUser;
let otherAdmin: PortalUser;
let operator: PortalUser;
let kept: { id: string };
let cancelled: { id: string };
let testOrder: { id: string };
let otherOrder: { id: string };

const as = (user: PortalUser) => portalCaller(deps(), user);
const issueAll = () => issueAllDocuments(deps(), { actor: SWEEPER });
const thisMonth = () => statementMonthOf(clock.now());
/** The month before `month`, "YYYY-MM". */
const monthBefore = (month: string) => {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, "0")}`;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
  other = await createTestOrg(database.prisma, { depositIdr: 10_000_000n });
  [admin, otherAdmin, operator] = await Promise.all([
    portalUser(database.prisma, "org_admin", org.id),
    portalUser(database.prisma, "org_admin", other.id),
    portalUser(database.prisma, "operator"),
  ]);
  kept = await createPaidOrder(database.prisma, clock, org);
  cancelled = await createPaidOrder(database.prisma, clock, org);
  await cancelOrder(deps(), {
    actor: agentActor(await agentKey(database.prisma, clock, org)),
    orderId: cancelled.id,
    reason: "Klien berubah pikiran.",
  });
  // The sandbox: test money and a test order of the same organisation.
  await topUpDeposit(deps(), { actor: SEED, organizationId: org.id, amountIdr: 5_000_000n, reference: "uji", livemode: false });
  const testKey = await addTestKey(database.prisma, org.id, { mode: "test" });
  testOrder = await createPaidOrder(database.prisma, clock, {
    ...org,
    token: testKey.token,
    keyId: testKey.keyId,
    apiKeyId: testKey.apiKeyId,
  });
  otherOrder = await createPaidOrder(database.prisma, clock, other);
  await issueAll();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe("the admin's documents", () => {
  it("lists the organisation's own documents of the mode asked, newest first, and none of another organisation's", async () => {
    const live = await as(admin).organization.documents({});
    expect(live.data.map((d) => [d.kind, d.orderId, d.amountIdr])).toEqual([
      ["nota_kredit", cancelled.id, NDA_PRICE_IDR],
      ["kuitansi", cancelled.id, NDA_PRICE_IDR],
      ["kuitansi", kept.id, NDA_PRICE_IDR],
      ["bukti_setoran", null, 20_000_000],
    ]);
    expect(live.data.every((d) => d.livemode && /^(KWT|NK|BST)\/\d{4}\/\d{6}$/.test(d.number))).toBe(true);
    const test = await as(admin).organization.documents({ mode: "test" });
    expect(test.data.map((d) => [d.kind, d.orderId])).toEqual([
      ["kuitansi", testOrder.id],
      ["bukti_setoran", null],
    ]);
    expect(test.data.every((d) => !d.livemode && d.number.includes("-UJI/"))).toBe(true);
    expect((await as(otherAdmin).organization.documents({})).data.map((d) => d.orderId)).toEqual([otherOrder.id, null]);
  });

  it("narrows to one kind and one month, and pages", async () => {
    const receipts = await as(admin).organization.documents({ kind: "kuitansi" });
    expect(receipts.data.map((d) => d.orderId)).toEqual([cancelled.id, kept.id]);
    expect((await as(admin).organization.documents({ month: thisMonth() })).data).toHaveLength(4);
    expect((await as(admin).organization.documents({ month: monthBefore(thisMonth()) })).data).toEqual([]);
    const first = await as(admin).organization.documents({ page: { limit: 3 } });
    expect(first.has_more).toBe(true);
    const rest = await as(admin).organization.documents({ page: { limit: 3, starting_after: first.data.at(-1)!.id } });
    expect(rest).toMatchObject({ has_more: false, data: [{ kind: "bukti_setoran" }] });
    // Another organisation's document is no cursor of this list.
    const foreign = (await as(otherAdmin).organization.documents({})).data[0]!.id;
    expect(await codeOf(as(admin).organization.documents({ page: { starting_after: foreign } }))).toBe("VALIDATION");
  });

  it("lists an order's documents in the order's mode, oldest first; another organisation's order is NOT_FOUND", async () => {
    expect((await as(admin).organization.orderDocuments({ orderId: cancelled.id })).map((d) => d.kind)).toEqual([
      "kuitansi",
      "nota_kredit",
    ]);
    const test = await as(admin).organization.orderDocuments({ orderId: testOrder.id });
    expect(test.map((d) => [d.kind, d.livemode])).toEqual([["kuitansi", false]]);
    expect(await codeOf(as(admin).organization.orderDocuments({ orderId: otherOrder.id }))).toBe("NOT_FOUND");
  });

  it("gives the month's deposit statement in the mode asked: opening, every movement with its document, closing at the balance now", async () => {
    const statement = await as(admin).organization.depositStatement({});
    expect(statement).toMatchObject({
      month: thisMonth(),
      monthSoFar: true,
      livemode: true,
      openingBalanceIdr: 0,
      totalInIdr: 20_000_000 + NDA_PRICE_IDR,
      totalOutIdr: 2 * NDA_PRICE_IDR,
      closingBalanceIdr: 20_000_000 - NDA_PRICE_IDR,
    });
    expect(statement.lines.map((line) => [line.kind, line.amountIdr])).toEqual([
      ["deposit_topup", 20_000_000],
      ["order_payment", -NDA_PRICE_IDR],
      ["order_payment", -NDA_PRICE_IDR],
      ["order_refund", NDA_PRICE_IDR],
    ]);
    const numbers = (await as(admin).organization.documents({})).data.map((d) => d.number);
    expect(statement.lines.map((line) => line.documentNumber).sort()).toEqual([...numbers].sort());
    const test = await as(admin).organization.depositStatement({ mode: "test" });
    expect(test).toMatchObject({ livemode: false, closingBalanceIdr: 5_000_000 - NDA_PRICE_IDR });
    expect((await as(admin).organization.depositStatement({ month: monthBefore(thisMonth()) })).lines).toEqual([]);
  });

  it("refuses a month that has not begun", async () => {
    expect(await codeOf(as(admin).organization.depositStatement({ month: "2999-01" }))).toBe("VALIDATION");
    expect(await codeOf(as(admin).organization.depositStatement({ month: "2026-13" }))).toBe("VALIDATION");
  });
});

describe("the organisation's billing data", () => {
  it("starts empty (documents print the organisation's name) and keeps what an admin sets, the NPWP as digits", async () => {
    expect(await as(otherAdmin).organization.billingDetails()).toEqual({
      name: "PT Uji Coba",
      legalName: null,
      billingAddress: null,
      npwp: null,
    });
    const saved = await as(otherAdmin).organization.setBillingDetails({
      legalName: "  PT Uji Coba   Sejahtera Tbk ",
      billingAddress: "Jl. Gatot Subroto 12\nJakarta Selatan 12930",
      npwp: "0012.3456.7890-1234",
    });
    expect(saved).toEqual({
      legalName: "PT Uji Coba Sejahtera Tbk",
      billingAddress: "Jl. Gatot Subroto 12 Jakarta Selatan 12930",
      npwp: "0012345678901234",
    });
    expect(await as(otherAdmin).organization.billingDetails()).toMatchObject(saved);
    // Another organisation's admin reads their own.
    expect((await as(admin).organization.billingDetails()).legalName).toBeNull();
  });

  it("refuses an NPWP that is not 15 or 16 digits, naming the field, and changes nothing", async () => {
    const before = await as(admin).organization.billingDetails();
    const refused = await as(admin)
      .organization.setBillingDetails({ legalName: "PT Baru", billingAddress: "", npwp: "12345" })
      .then(() => null, toApiError);
    expect(refused).toMatchObject({ code: "VALIDATION", param: "npwp" });
    expect(await as(admin).organization.billingDetails()).toEqual(before);
  });

  it("prints on the documents issued after it; those issued before keep what they were issued with", async () => {
    const issued = (await as(admin).organization.documents({ kind: "bukti_setoran" })).data[0]!;
    await as(admin).organization.setBillingDetails({
      legalName: "PT Uji Coba Makmur",
      billingAddress: "Jl. Thamrin 1, Jakarta",
      npwp: "0098765432109876",
    });
    await topUpDeposit(deps(), { actor: SEED, organizationId: org.id, amountIdr: 1_000_000n, reference: "BCA 0001", livemode: true });
    await issueAll();
    const [latest] = (await as(admin).organization.documents({ kind: "bukti_setoran" })).data;
    const op = as(operator).operator;
    expect((await op.findDocument({ number: latest!.number })).document?.buyer).toEqual({
      name: "PT Uji Coba Makmur",
      address: "Jl. Thamrin 1, Jakarta",
      npwp: "0098765432109876",
    });
    expect((await op.findDocument({ number: issued.number })).document?.buyer).toEqual({ name: "PT Uji Coba", address: null, npwp: null });
  });
});

describe("the practitioner's earnings statement", () => {
  it("sums the month's fees and payouts into the balance due, for the practitioner alone", async () => {
    const practitioner = await practitionerUser(database.prisma);
    const payable = accounts.practitionerPayable(practitioner.practitionerId!);
    // One transaction each: entries of one transaction share its instant.
    await database.prisma.$transaction((tx) =>
      transfer(tx, {
        from: accounts.externalFunding(true),
        to: payable,
        amountIdr: 2_500_000n,
        kind: "escrow_release",
        reference: kept.id,
      }),
    );
    await database.prisma.$transaction((tx) =>
      transfer(tx, {
        from: payable,
        to: accounts.externalFunding(true),
        amountIdr: 1_000_000n,
        kind: "practitioner_payout",
        reference: "BCA 7781",
      }),
    );
    const statement = await as(practitioner).practitioner.earningsStatement({});
    expect(statement).toMatchObject({
      month: thisMonth(),
      monthSoFar: true,
      openingBalanceIdr: 0,
      feesEarnedIdr: 2_500_000,
      reimbursedCostsIdr: 0,
      payoutsIdr: 1_000_000,
      balanceDueIdr: 1_500_000,
    });
    expect(statement.lines.map((line) => [line.kind, line.orderId, line.bankReference, line.amountIdr, line.balanceIdr])).toEqual([
      ["escrow_release", kept.id, null, 2_500_000, 2_500_000],
      ["practitioner_payout", null, "BCA 7781", -1_000_000, 1_500_000],
    ]);
    const another = await practitionerUser(database.prisma);
    expect(await as(another).practitioner.earningsStatement({})).toMatchObject({ feesEarnedIdr: 0, balanceDueIdr: 0, lines: [] });
    expect(await codeOf(as(admin).practitioner.earningsStatement({}))).toBe("FORBIDDEN");
  });
});

describe("the operator's books", () => {
  it("finds any organisation's document by its number typed loosely, with what its PDF prints", async () => {
    const receipt = (await as(admin).organization.orderDocuments({ orderId: kept.id }))[0]!;
    const [series, year, sequence] = receipt.number.split("/");
    const { document } = await as(operator).operator.findDocument({ number: ` ${series!.toLowerCase()}/${year}/${Number(sequence)} ` });
    expect(document).toMatchObject({
      id: receipt.id,
      number: receipt.number,
      organizationId: org.id,
      orderId: kept.id,
      transferKind: "order_payment",
      amountIdr: NDA_PRICE_IDR,
      tax: { vatRateBasisPoints: 1200, vatBaseNumerator: 11, vatBaseDenominator: 12 },
      buyer: { name: "PT Uji Coba" },
      corrects: null,
    });
    expect(document!.practitionerFeeIdr + document!.platformFeeIdr).toBe(NDA_PRICE_IDR);
    const credit = (await as(admin).organization.orderDocuments({ orderId: cancelled.id }))[1]!;
    expect((await as(operator).operator.findDocument({ number: credit.number })).document?.corrects?.number).toMatch(/^KWT\//);
    const test = (await as(admin).organization.orderDocuments({ orderId: testOrder.id }))[0]!;
    expect((await as(operator).operator.findDocument({ number: test.number })).document).toMatchObject({ livemode: false });
  });

  it("says when no document has the number, and refuses what is not a number", async () => {
    expect(await as(operator).operator.findDocument({ number: "KWT/1999/999999" })).toEqual({ document: null });
    expect(await codeOf(as(operator).operator.findDocument({ number: "kuitansi pesanan saya" }))).toBe("VALIDATION");
  });

  it("lists any order's documents", async () => {
    expect((await as(operator).operator.orderDocuments({ orderId: otherOrder.id })).map((d) => d.kind)).toEqual(["kuitansi"]);
  });

  it("lists the tax rules with the one in force now, and schedules a new one from a future day at 00:00 WIB", async () => {
    const before = await as(operator).operator.taxSettings();
    expect(before.map((rule) => rule.state)).toEqual(["berlaku"]);
    expect(before[0]).toMatchObject({ vatRateBasisPoints: 1200, vatBaseNumerator: 11, vatBaseDenominator: 12 });
    const year = new Date().getUTCFullYear() + 2;
    const added = await as(operator).operator.addTaxSetting({
      effectiveFrom: `${year}-01-01`,
      vatRateBasisPoints: 1150,
      vatBaseNumerator: 11,
      vatBaseDenominator: 12,
      platformName: "PT Kuasa Hukum Digital",
      platformNpwp: "0012 3456 7890 1234",
      platformAddress: "Jl. Sudirman 1, Jakarta",
    });
    expect(added.effectiveFrom).toEqual(new Date(`${year - 1}-12-31T17:00:00Z`));
    const after = await as(operator).operator.taxSettings();
    expect(after.map((rule) => [rule.state, rule.vatRateBasisPoints])).toEqual([
      ["terjadwal", 1150],
      ["berlaku", 1200],
    ]);
    expect(after[0]).toMatchObject({ platformNpwp: "0012345678901234", platformName: "PT Kuasa Hukum Digital" });
    // The same day twice is one rule too many.
    const again = as(operator).operator.addTaxSetting({ ...ruleInput(), effectiveFrom: `${year}-01-01` });
    expect(await codeOf(again)).toBe("CONFLICT");
  });

  it("refuses a rule from a day already begun, a day not on the calendar and a wrong NPWP, naming the field", async () => {
    const today = jakartaDay(clock.now());
    const refusal = (input: ReturnType<typeof ruleInput>) =>
      as(operator)
        .operator.addTaxSetting(input)
        .then(() => null, toApiError);
    expect(await refusal({ ...ruleInput(), effectiveFrom: today })).toMatchObject({ code: "VALIDATION", param: "effectiveFrom" });
    expect(await codeOf(as(operator).operator.addTaxSetting({ ...ruleInput(), effectiveFrom: "2099-02-30" }))).toBe("VALIDATION");
    expect(await refusal({ ...ruleInput(), platformNpwp: "123" })).toMatchObject({ code: "VALIDATION", param: "platformNpwp" });
    expect((await as(operator).operator.taxSettings()).filter((rule) => rule.effectiveFrom.getUTCFullYear() >= 2099)).toEqual([]);
  });

  it("is the operator's alone", async () => {
    expect(await codeOf(as(admin).operator.findDocument({ number: "KWT/2026/000001" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).operator.taxSettings())).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).operator.addTaxSetting(ruleInput()))).toBe("FORBIDDEN");
    expect(await codeOf(as(operator).organization.documents({}))).toBe("FORBIDDEN");
  });
});

/** A well-formed rule from 1 January 2099. */
function ruleInput() {
  return {
    effectiveFrom: "2099-01-01",
    vatRateBasisPoints: 1200,
    vatBaseNumerator: 11,
    vatBaseDenominator: 12,
    platformName: "PT Kuasa",
    platformNpwp: "0012345678901234",
    platformAddress: "Jakarta",
  };
}
