import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, agentActor, SWEEPER } from "@/server/domain/access/actor";
import { depositStatementCsv, earningsStatementCsv } from "@/server/domain/books/statement-csv";
import { splitPlatformFee } from "@/server/domain/books/tax";
import type { DepositStatementView } from "@/server/domain/books/views";
import { fixedClock } from "@/server/domain/clock";
import { practitionerActorOf } from "@/server/services/access";
import { payInvoice, selectBid } from "@/server/services/cases";
import { cancelCostByOperator, decideCost, payCost, requestCost } from "@/server/services/costs";
import { accounts, balanceOf, recordPayout } from "@/server/services/money";
import { acceptOrderResult, deliverResult, openDispute, operatorOrderAction } from "@/server/services/orders";
import { topUpDeposit } from "@/server/services/organizations";
import { setBankAccount, verifyBankAccount } from "@/server/services/practitioners";
import { adminOf, TEST_OPERATOR } from "@/test/actors";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { uploadTestFile } from "@/test/files";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { moveTransfersAfter } from "@/test/ledger-time";
import { createPaidOrder, createTestPractitioner, driveOrder, LEDGER_SOUND, ledgerInvariants } from "@/test/orders";
import { codeOf } from "@/test/portal";
import { issueAllDocuments } from "./issue";
import { depositStatement, invoiceView, monthlyEarningsStatement } from "./statements";

/**
 * The ledger stamps its rows with the database's time, so the test moves each phase's transfers
 * into its month (October, then November 2026) before the issuer numbers them; the services run
 * on a clock in late November, which makes November the month so far.
 */
let database: TestDatabase;
const clock = fixedClock("2026-11-26T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
const db = () => database.prisma;

const OCTOBER_AT = new Date("2026-10-20T02:00:00Z");
const NOVEMBER_AT = new Date("2026-11-10T02:00:00Z");

const retimeTransfersAfter = (after: Date, base: Date) => moveTransfersAfter(db(), after, base);

interface World {
  org: TestOrg;
  other: TestOrg;
  testToken: string;
  practitionerId: string;
  caseOrderId: string;
  invoiceId: string;
  refundedOrderId: string;
  splitOrderId: string;
  reimbursedCostId: string;
  workedOrderId: string;
  costAmountIdr: bigint;
}
const world = {} as World;

const agentOf = async (org: TestOrg) => agentActor(await agentKey(db(), clock, org));

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());

  // October: both organisations' first top-ups, and one order of the first.
  world.org = await createTestOrg(db(), { depositIdr: 40_000_000n, monthlyBudgetIdr: 200_000_000n, maxOrderIdr: 20_000_000n });
  world.other = await createTestOrg(db(), { depositIdr: 7_000_000n });
  await createPaidOrder(db(), clock, world.org);
  await createPaidOrder(db(), clock, world.other);
  await retimeTransfersAfter(new Date(0), OCTOBER_AT);
  await issueAllDocuments(deps(), { actor: SWEEPER });

  // November: every kind of movement of a deposit, and of a practitioner's payable balance.
  const { org } = world;
  const agent = await agentOf(org);
  const practitionerId = await createTestPractitioner(db(), ["kontrak", "properti"]);
  world.practitionerId = practitionerId;
  const self = await practitionerActorOf(db(), practitionerId);
  await topUpDeposit(deps(), { actor: TEST_OPERATOR, organizationId: org.id, amountIdr: 5_000_000n, reference: "BCA 7781-22" });

  const worked = await createPaidOrder(db(), clock, org);
  world.workedOrderId = worked.id;
  await driveOrder(db(), worked.id, practitionerId, "dikerjakan", clock.now());
  const cost = (description: string) =>
    requestCost(deps(), {
      actor: self,
      orderId: worked.id,
      input: { kind: "lainnya", feeCode: null, description, amountIdr: 250_000n, basis: "Tarif resmi" },
    });
  world.costAmountIdr = 250_000n;
  const reimbursed = await cost("Legalisasi dokumen");
  world.reimbursedCostId = reimbursed.id;
  await decideCost(deps(), { actor: agent, orderId: worked.id, costId: reimbursed.id, decision: { approve: true } });
  const cancelled = await cost("Salinan resmi");
  await decideCost(deps(), { actor: agent, orderId: worked.id, costId: cancelled.id, decision: { approve: true } });
  await cancelCostByOperator(deps(), { actor: TEST_OPERATOR, orderId: worked.id, costId: cancelled.id, reason: "Tidak jadi diperlukan." });
  const receipt = await uploadTestFile(deps(), { organizationId: org.id, livemode: true }, "kuitansi.pdf", undefined, {
    kind: "practitioner",
    practitionerId,
  });
  await payCost(deps(), { actor: self, orderId: worked.id, costId: reimbursed.id, receiptFileId: receipt.id });
  await deliverResult(deps(), { actor: self, orderId: worked.id, deliverable: "NDA final." });
  await acceptOrderResult(deps(), { actor: agent, orderId: worked.id });

  const submitted = await createTestCase(db(), clock, org, { area: "properti" });
  const offer = await bid(db(), clock, practitionerId, submitted.id, 4_000_000);
  const { invoice } = await selectBid(deps(), { actor: agent, caseId: submitted.id, bidId: offer.id });
  world.invoiceId = invoice.id;
  const paid = await payInvoice(deps(), { actor: adminOf(org.id), invoiceId: invoice.id });
  world.caseOrderId = paid.orderId!;

  const refunded = await createPaidOrder(db(), clock, org);
  world.refundedOrderId = refunded.id;
  await operatorOrderAction(deps(), { actor: TEST_OPERATOR, input: { orderId: refunded.id, action: "refund" } });

  const split = await createPaidOrder(db(), clock, org);
  world.splitOrderId = split.id;
  await driveOrder(db(), split.id, practitionerId, "dikerjakan", clock.now());
  await openDispute(deps(), { actor: agent, orderId: split.id, reason: "Hasil tidak sesuai pesanan." });
  await operatorOrderAction(deps(), {
    actor: TEST_OPERATOR,
    input: { orderId: split.id, action: "settle_split", note: "Separuh pekerjaan selesai.", practitionerShareIdr: 600_000n },
  });

  const account = await setBankAccount(deps(), {
    actor: self,
    input: { bankCode: "bca", accountNumber: "0123456789", holderName: "Praktisi Uji" },
  });
  await verifyBankAccount(deps(), { actor: TEST_OPERATOR, practitionerId, bankAccountId: account.id });
  await recordPayout(deps(), {
    actor: TEST_OPERATOR,
    practitionerId,
    payout: { amountIdr: 1_000_000n, reference: "BCA TRF 0091-22", confirmedRecentAccount: true },
  });

  // The other organisation moves money too, and the first one's test key spends test money.
  await createPaidOrder(db(), clock, world.other);
  const testKey = await addTestKey(db(), org.id, { mode: "test" });
  world.testToken = testKey.token;
  await topUpDeposit(deps(), { actor: TEST_OPERATOR, organizationId: org.id, amountIdr: 3_000_000n, reference: "uji", livemode: false });
  await createPaidOrder(db(), clock, { ...org, token: testKey.token });

  await retimeTransfersAfter(new Date(OCTOBER_AT.getTime() + 86_400_000), NOVEMBER_AT);
  await issueAllDocuments(deps(), { actor: SWEEPER });
  expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

/** The deposit's entries in [from, to) as the ledger holds them, oldest first. */
async function ledgerLines(organizationId: string, livemode: boolean, from: Date, to: Date) {
  return db().ledgerEntry.findMany({
    where: { account: { code: accounts.orgDeposit(organizationId, livemode).code }, createdAt: { gte: from, lt: to } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { amountIdr: true, transfer: { select: { id: true, kind: true, reference: true, document: { select: { number: true } } } } },
  });
}

function expectAddsUp(view: DepositStatementView) {
  let balance = view.openingBalanceIdr;
  for (const line of view.lines) {
    balance += line.amountIdr;
    expect(line.balanceIdr).toBe(balance);
  }
  expect(view.closingBalanceIdr).toBe(balance);
  expect(view.totalInIdr - view.totalOutIdr).toBe(view.closingBalanceIdr - view.openingBalanceIdr);
}

describe("depositStatement", () => {
  it("lists every movement of the month so far with its document, and closes on the deposit as it stands, to the rupiah", async () => {
    const view = await depositStatement(deps(), { actor: await agentOf(world.org), month: "2026-11" });
    expect(view).toMatchObject({
      month: "2026-11",
      monthSoFar: true,
      livemode: true,
      organization: { id: world.org.id, name: "PT Uji Coba" },
    });
    expectAddsUp(view);
    expect(view.closingBalanceIdr).toBe(await balanceOf(db(), accounts.orgDeposit(world.org.id, true)));

    const ledger = await ledgerLines(world.org.id, true, new Date("2026-10-31T17:00:00Z"), new Date("2026-11-30T17:00:00Z"));
    expect(view.lines.map((l) => [l.kind, l.reference, l.amountIdr, l.documentNumber])).toEqual(
      ledger.map((e) => [e.transfer.kind, e.transfer.reference, e.amountIdr, e.transfer.document?.number]),
    );
    expect(view.lines.every((l) => /^(KWT|NK|BST)\/2026\/\d{6}$/.test(l.documentNumber ?? ""))).toBe(true);
    expect(new Set(view.lines.map((l) => l.kind))).toEqual(
      new Set(["deposit_topup", "order_payment", "cost_payment", "cost_refund", "order_refund", "split_refund"]),
    );
    // The case invoice's payment is the case order's payment.
    expect(view.lines.filter((l) => l.reference === world.caseOrderId).map((l) => l.kind)).toEqual(["order_payment"]);
    expect(view.lines.find((l) => l.kind === "deposit_topup")).toMatchObject({ label: "Setoran deposit", reference: "BCA 7781-22" });
  });

  it("opens each month on the previous month's closing balance; a finished month is not the month so far", async () => {
    const actor = await agentOf(world.org);
    const october = await depositStatement(deps(), { actor, month: "2026-10" });
    const november = await depositStatement(deps(), { actor, month: "2026-11" });
    const september = await depositStatement(deps(), { actor, month: "2026-09" });
    expect(october.monthSoFar).toBe(false);
    expect(october.openingBalanceIdr).toBe(0n);
    expect(october.lines.map((l) => l.kind)).toEqual(["deposit_topup", "order_payment"]);
    expectAddsUp(october);
    expect(november.openingBalanceIdr).toBe(october.closingBalanceIdr);
    expect(september).toMatchObject({ openingBalanceIdr: 0n, closingBalanceIdr: 0n, lines: [] });
  });

  it("never shows another organisation's movements, and keeps test money in a statement of its own, numbered as test", async () => {
    const live = await depositStatement(deps(), { actor: await agentOf(world.org), month: "2026-11" });
    const other = await depositStatement(deps(), { actor: await agentOf(world.other), month: "2026-11" });
    const testAgent = await agentOf({ ...world.org, token: world.testToken });
    const test = await depositStatement(deps(), { actor: testAgent, month: "2026-11" });
    const numbers = (view: DepositStatementView) => view.lines.map((l) => l.documentNumber);
    expect(numbers(live).filter((n) => numbers(other).includes(n) || numbers(test).includes(n))).toEqual([]);
    expect(other.lines.map((l) => l.kind)).toEqual(["order_payment"]);
    expect(test).toMatchObject({ livemode: false, openingBalanceIdr: 0n });
    expect(test.lines.map((l) => l.kind)).toEqual(["deposit_topup", "order_payment"]);
    expect(test.lines.every((l) => /^(BST|KWT)-UJI\/2026\/\d{6}$/.test(l.documentNumber ?? ""))).toBe(true);
    expect(test.closingBalanceIdr).toBe(await balanceOf(db(), accounts.orgDeposit(world.org.id, false)));
    expectAddsUp(test);
  });

  it("gives the operator any organisation's statement in the mode named, and the same figures as the organisation's own", async () => {
    const own = await depositStatement(deps(), { actor: adminOf(world.org.id), month: "2026-11" });
    const operators = await depositStatement(deps(), {
      actor: TEST_OPERATOR,
      month: "2026-11",
      organizationId: world.org.id,
      livemode: true,
    });
    expect(operators.lines).toEqual(own.lines);
    expect(await codeOf(depositStatement(deps(), { actor: TEST_OPERATOR, month: "2026-11", livemode: true }))).toBe("VALIDATION");
    expect(
      await codeOf(depositStatement(deps(), { actor: TEST_OPERATOR, month: "2026-11", organizationId: "org_none", livemode: true })),
    ).toBe("NOT_FOUND");
    expect(await codeOf(depositStatement(deps(), { actor: await practitionerActorOf(db(), world.practitionerId), month: "2026-11" }))).toBe(
      "FORBIDDEN",
    );
  });

  it("refuses a month that has not begun and a month that is not YYYY-MM, naming the parameter", async () => {
    const actor = adminOf(world.org.id);
    await expect(depositStatement(deps(), { actor, month: "2026-12" })).rejects.toMatchObject({ code: "VALIDATION", param: "month" });
    for (const month of ["2026-13", "2026-1", "november", "2026-11-01"])
      await expect(depositStatement(deps(), { actor, month })).rejects.toMatchObject({ code: "VALIDATION", param: "month" });
  });

  it("writes the CSV as the opening line, every movement and the closing line, amounts as plain integers", async () => {
    const view = await depositStatement(deps(), { actor: adminOf(world.org.id), month: "2026-11" });
    const rows = depositStatementCsv(view)
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.split(";"));
    expect(rows[0]).toEqual(["waktu_wib", "kode_jenis", "jenis", "referensi", "nomor_dokumen", "jumlah_idr", "saldo_idr"]);
    expect(rows[1]).toEqual(["2026-11-01T00:00:00+07:00", "saldo_awal", "Saldo awal", "", "", "", String(view.openingBalanceIdr)]);
    expect(rows.at(-1)).toEqual(["2026-11-26T10:00:00+07:00", "saldo_akhir", "Saldo akhir", "", "", "", String(view.closingBalanceIdr)]);
    const movements = rows.slice(2, -1);
    expect(movements.map((r) => [r[1], r[4], BigInt(r[5]!), BigInt(r[6]!)])).toEqual(
      view.lines.map((l) => [l.kind, l.documentNumber, l.amountIdr, l.balanceIdr]),
    );
  });
});

describe("monthlyEarningsStatement", () => {
  it("separates fees earned from costs reimbursed, shows payouts with their bank reference, and closes on what is owed now", async () => {
    const self = await practitionerActorOf(db(), world.practitionerId);
    const view = await monthlyEarningsStatement(deps(), { actor: self, month: "2026-11" });
    const released = await db().ledgerEntry.aggregate({
      where: { account: { code: accounts.practitionerPayable(world.practitionerId).code }, transfer: { kind: "escrow_release" } },
      _sum: { amountIdr: true },
    });
    expect(view).toMatchObject({
      month: "2026-11",
      monthSoFar: true,
      practitioner: { id: world.practitionerId },
      openingBalanceIdr: 0n,
      feesEarnedIdr: released._sum.amountIdr! + 600_000n,
      reimbursedCostsIdr: world.costAmountIdr,
      payoutsIdr: 1_000_000n,
      balanceDueIdr: await balanceOf(db(), accounts.practitionerPayable(world.practitionerId)),
    });
    expect(view.balanceDueIdr).toBe(view.feesEarnedIdr + view.reimbursedCostsIdr - view.payoutsIdr);
    expect(view.lines.map((l) => [l.kind, l.orderId, l.bankReference])).toEqual([
      ["cost_reimbursement", world.workedOrderId, null],
      ["escrow_release", world.workedOrderId, null],
      ["split_release", world.splitOrderId, null],
      ["practitioner_payout", null, "BCA TRF 0091-22"],
    ]);
    expect(view.lines.at(-1)?.balanceIdr).toBe(view.balanceDueIdr);

    const csv = earningsStatementCsv(view).split("\r\n").filter(Boolean);
    expect(csv).toHaveLength(view.lines.length + 3);
    expect(csv.at(-2)).toContain(";practitioner_payout;Pencairan ke rekening;;BCA TRF 0091-22;-1000000;");
  });

  it("gives the operator any practitioner's statement; the practitioner reads only their own and an earlier month opens at zero", async () => {
    const self = await practitionerActorOf(db(), world.practitionerId);
    const own = await monthlyEarningsStatement(deps(), { actor: self, month: "2026-11", practitionerId: "prk_someone_else" });
    expect(own.practitioner.id).toBe(world.practitionerId);
    const operators = await monthlyEarningsStatement(deps(), {
      actor: TEST_OPERATOR,
      month: "2026-11",
      practitionerId: world.practitionerId,
    });
    expect(operators.lines).toEqual(own.lines);
    expect(await monthlyEarningsStatement(deps(), { actor: self, month: "2026-10" })).toMatchObject({ balanceDueIdr: 0n, lines: [] });
    expect(await codeOf(monthlyEarningsStatement(deps(), { actor: adminOf(world.org.id), month: "2026-11" }))).toBe("FORBIDDEN");
    expect(await codeOf(monthlyEarningsStatement(deps(), { actor: TEST_OPERATOR, month: "2026-11" }))).toBe("VALIDATION");
  });
});

describe("invoiceView", () => {
  it("prints the bid, the platform's fee with the VAT inside it, and the receipt of its payment", async () => {
    const view = await invoiceView(deps(), { actor: await agentOf(world.org), invoiceId: world.invoiceId });
    const invoice = await db().invoice.findUniqueOrThrow({ where: { id: world.invoiceId } });
    const receipt = await db().financialDocument.findFirstOrThrow({ where: { orderId: world.caseOrderId, transferKind: "order_payment" } });
    const fee = splitPlatformFee(invoice.feeIdr, { vatRateBasisPoints: 1200, vatBaseNumerator: 11, vatBaseDenominator: 12 });
    expect(view).toMatchObject({
      id: world.invoiceId,
      livemode: true,
      status: "dibayar",
      caseTitle: expect.stringContaining("Properti"),
      bidIdr: 4_000_000n,
      platformFeeIdr: invoice.feeIdr,
      vatBaseIdr: fee.vatBaseIdr,
      vatIdr: fee.vatIdr,
      totalIdr: invoice.totalIdr,
      receiptNumber: receipt.number,
      buyer: receipt.buyer,
      seller: receipt.seller,
    });
    expect(view.bidIdr + view.platformFeeIdr).toBe(view.totalIdr);
    expect(view.practitionerName).toMatch(/^Praktisi \d+$/);
  });

  it("is NOT_FOUND for another organisation and for the other mode, and readable by the operator", async () => {
    expect(await codeOf(invoiceView(deps(), { actor: await agentOf(world.other), invoiceId: world.invoiceId }))).toBe("NOT_FOUND");
    expect(await codeOf(invoiceView(deps(), { actor: adminActor("usr_a", world.org.id, false), invoiceId: world.invoiceId }))).toBe(
      "NOT_FOUND",
    );
    expect((await invoiceView(deps(), { actor: TEST_OPERATOR, invoiceId: world.invoiceId })).id).toBe(world.invoiceId);
  });
});
