import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActor, SWEEPER } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { payInvoice, selectBid } from "@/server/services/cases";
import { ensureOffering } from "@/server/services/offers";
import { adminOf } from "@/test/actors";
import { agentKey, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { credentialScan, SAMPLE_FILES } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { NDA_CLIENT_PRICE_IDR, ndaOrder } from "@/test/orders";
import { codeOf, portalCaller, portalUser, practitionerUser } from "@/test/portal";
import { raceBehindLock } from "@/test/races";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
let alice: PortalUser;
let bob: PortalUser;

/** The session next-auth would carry for a practitioner created like the ops CLI does. */
/**
 * A paid NDA order on offer to one of the two practitioners (the fair rotation picks who):
 * returns the order, its live offer and who holds it.
 */
async function offeredOrder() {
  const res = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder() });
  const { id: orderId } = (await res.json()) as { id: string };
  await ensureOffering(deps(), {
    actor: SWEEPER,
    orderId,
  });
  const offer = await database.prisma.offer.findFirstOrThrow({ where: { orderId, status: "aktif" } });
  const [holder, other] = offer.practitionerId === alice.practitionerId ? [alice, bob] : [bob, alice];
  return {
    orderId,
    offerId: offer.id,
    holder: portalCaller(deps(), holder),
    other: portalCaller(deps(), other),
    holderId: offer.practitionerId,
  };
}

/** An order worked, delivered and accepted by the client: its fee is now the holder's available balance. */
async function earnedOrder() {
  const offered = await offeredOrder();
  await offered.holder.practitioner.acceptOffer({ offerId: offered.offerId, noConflict: true });
  await offered.holder.practitioner.startWork({ orderId: offered.orderId });
  await offered.holder.practitioner.deliver({ orderId: offered.orderId, deliverable: "https://berkas.contoh.id/nda.pdf" });
  await api.call(`/v1/orders/${offered.orderId}/accept`, { method: "POST", token: org.token });
  return offered;
}

const BCA = { bankCode: "bca", accountNumber: "0123 4567 89", holderName: "Rina Advokat" };

/** The holder enters a BCA account and the operator verifies it, both just now: a payout needs the second confirmation. */
async function verifiedAccount(holder: ReturnType<typeof portalCaller>, practitionerId: string) {
  const operator = portalCaller(deps(), await portalUser(database.prisma, "operator"));
  const account = await holder.practitioner.setBankAccount(BCA);
  await operator.operator.verifyBankAccount({ practitionerId, bankAccountId: account.id });
  return { operator, account };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 100_000_000n, monthlyBudgetIdr: 100_000_000n });
  alice = await practitionerUser(database.prisma);
  bob = await practitionerUser(database.prisma);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

describe("the practitioner's own offers and orders", () => {
  it("shows the offer masked to its holder only, in the inbox and on the order's page; the other practitioner can neither see nor answer it", async () => {
    const { orderId, offerId, holder, other } = await offeredOrder();
    const [offer] = (await holder.practitioner.offers()).data;
    expect(offer).toMatchObject({
      offerId,
      secondsLeft: 30 * 60,
      order: { id: orderId, masked: true, actions: [], earningIdr: NDA_CLIENT_PRICE_IDR },
    });
    expect(offer!.order.intake.email_kontak).not.toContain("legal@satu.co.id");
    expect(offer!.order.intakeLabels.email_kontak).toBeTruthy();

    expect(await other.practitioner.offers()).toEqual({ data: [], has_more: false });
    expect(await codeOf(other.practitioner.acceptOffer({ offerId, noConflict: true }))).toBe("NOT_FOUND");
    expect(await codeOf(other.practitioner.declineOffer({ offerId }))).toBe("NOT_FOUND");
    // Before taking it, the order's page shows its holder the offer's masked view; the other practitioner nothing.
    expect(await holder.practitioner.order({ orderId })).toEqual({ ...offer!.order, dispute: null });
    expect(await codeOf(other.practitioner.order({ orderId }))).toBe("NOT_FOUND");
  });

  it("after accepting, its holder sees the real intake and works it; the other practitioner gets NOT_FOUND for every step", async () => {
    const { orderId, offerId, holder, other } = await offeredOrder();
    expect(await holder.practitioner.acceptOffer({ offerId, noConflict: true })).toBe(orderId);

    const taken = await holder.practitioner.order({ orderId });
    expect(taken).toMatchObject({ status: "diambil", masked: false, actions: ["start_work", "release"] });
    expect(taken.intake.email_kontak).toBe("legal@satu.co.id");
    expect((await holder.practitioner.orders()).data.map((o) => o.id)).toContain(orderId);

    expect(await codeOf(other.practitioner.order({ orderId }))).toBe("NOT_FOUND");
    expect((await other.practitioner.orders()).data.map((o) => o.id)).not.toContain(orderId);
    expect(await codeOf(other.practitioner.startWork({ orderId }))).toBe("NOT_FOUND");
    expect(await codeOf(other.practitioner.askClient({ orderId, question: "Siapa direkturnya?" }))).toBe("NOT_FOUND");
    expect(await codeOf(other.practitioner.deliver({ orderId, deliverable: "https://contoh.id/x.pdf" }))).toBe("NOT_FOUND");
    expect(await codeOf(other.practitioner.release({ orderId }))).toBe("NOT_FOUND");

    expect(await holder.practitioner.startWork({ orderId })).toBe("dikerjakan");
    expect((await holder.practitioner.order({ orderId })).actions).toEqual(["request_input", "deliver", "release"]);
    expect(await holder.practitioner.askClient({ orderId, question: "Siapa penandatangan PT Dua?" })).toBe("butuh_input_klien");
    const waiting = await holder.practitioner.order({ orderId });
    expect(waiting.actions).toEqual(["release"]);
    expect(waiting.messages.map((m) => [m.role, m.body])).toEqual([["practitioner", "Siapa penandatangan PT Dua?"]]);
    // A step the status does not allow is refused with the state, not silently ignored.
    expect(await codeOf(holder.practitioner.deliver({ orderId, deliverable: "https://contoh.id/x.pdf" }))).toBe("INVALID_STATE");

    await api.call(`/v1/orders/${orderId}/messages`, { method: "POST", token: org.token, json: { body: "Direktur: Budi" } });
    expect(await holder.practitioner.deliver({ orderId, deliverable: "https://berkas.contoh.id/nda.pdf" })).toBe("diserahkan");
    expect((await holder.practitioner.order({ orderId })).actions).toEqual([]);
  });

  it("counts the fee in escrow while the order is worked, then as available and earned once accepted, with an Indonesian statement row linking the order", async () => {
    const { orderId, offerId, holder, other } = await offeredOrder();
    const before = await holder.practitioner.earnings();
    const othersBefore = await other.practitioner.earnings();
    await holder.practitioner.acceptOffer({ offerId, noConflict: true });
    await holder.practitioner.startWork({ orderId });
    expect(await holder.practitioner.earnings()).toMatchObject({
      availableIdr: before.availableIdr,
      inEscrowIdr: before.inEscrowIdr + NDA_CLIENT_PRICE_IDR,
      ordersInEscrow: before.ordersInEscrow + 1,
    });
    await holder.practitioner.deliver({ orderId, deliverable: "https://berkas.contoh.id/nda.pdf" });
    await api.call(`/v1/orders/${orderId}/accept`, { method: "POST", token: org.token });

    expect(await holder.practitioner.earnings()).toEqual({
      availableIdr: before.availableIdr + NDA_CLIENT_PRICE_IDR,
      inEscrowIdr: before.inEscrowIdr,
      ordersInEscrow: before.ordersInEscrow,
      earnedIdr: before.earnedIdr + NDA_CLIENT_PRICE_IDR,
      // A fee is earnings; only an official cost's receipt counts as a reimbursement.
      reimbursedIdr: before.reimbursedIdr,
      paidOutIdr: 0,
    });
    const [row] = (await holder.practitioner.statement({})).data;
    expect(row).toMatchObject({
      description: "Pembayaran pesanan (escrow dilepas)",
      reference: { label: orderId, href: `/praktisi/pesanan/${orderId}` },
      amountIdr: NDA_CLIENT_PRICE_IDR,
      balanceIdr: before.availableIdr + NDA_CLIENT_PRICE_IDR,
    });
    expect(await other.practitioner.earnings()).toEqual(othersBefore);
  });

  it("an operator's payout leaves the available balance, counts as paid out with its bank reference, audited; more than the balance or an unknown practitioner changes nothing", async () => {
    const { holder, holderId: practitionerId } = await earnedOrder();
    const before = await holder.practitioner.earnings();
    expect(before.availableIdr).toBeGreaterThanOrEqual(NDA_CLIENT_PRICE_IDR);
    const { operator } = await verifiedAccount(holder, practitionerId);

    const refused = { practitionerId, amountIdr: before.availableIdr + 1, reference: "BCA 7781-01", confirmedRecentAccount: true };
    expect(await codeOf(operator.operator.recordPayout(refused))).toBe("CONFLICT");
    expect(await codeOf(operator.operator.recordPayout({ ...refused, practitionerId: "prk_tidakada", amountIdr: 1 }))).toBe("NOT_FOUND");
    expect(
      await codeOf(operator.operator.recordPayout({ practitionerId, amountIdr: 1_000, reference: "   ", confirmedRecentAccount: true })),
    ).toBe("VALIDATION");
    expect(await holder.practitioner.earnings()).toEqual(before);

    expect(
      await operator.operator.recordPayout({
        practitionerId,
        amountIdr: 1_000_000,
        reference: " BCA 7781-02 ",
        confirmedRecentAccount: true,
      }),
    ).toEqual({ availableIdr: before.availableIdr - 1_000_000, destination: "BCA •••• 6789 a.n. Rina Advokat" });
    expect(await holder.practitioner.earnings()).toEqual({
      ...before,
      availableIdr: before.availableIdr - 1_000_000,
      paidOutIdr: before.paidOutIdr + 1_000_000,
    });
    expect((await holder.practitioner.statement({})).data[0]).toMatchObject({
      description: "Pencairan ke rekening BCA •••• 6789 a.n. Rina Advokat",
      amountIdr: -1_000_000,
      balanceIdr: before.availableIdr - 1_000_000,
      reference: { label: "BCA 7781-02" },
    });
    expect((await operator.operator.practitioners({ limit: 100 })).data.find((p) => p.id === practitionerId)?.payableIdr).toBe(
      before.availableIdr - 1_000_000,
    );
    expect(
      await database.prisma.auditLog.findFirstOrThrow({ where: { action: "practitioner.payout", subjectId: practitionerId } }),
    ).toMatchObject({
      actorType: "operator",
      data: { amount_idr: "1000000", reference: "BCA 7781-02", bank: "bca", account: "•••• 6789", holder: "Rina Advokat" },
    });
  });

  it.runIf(testDatabaseKind === "postgres")(
    "two payouts racing for more than the balance together: exactly one is recorded, the other is CONFLICT (PostgreSQL, behind a held lock)",
    async () => {
      const { holder, holderId: practitionerId } = await earnedOrder();
      const { availableIdr } = await holder.practitioner.earnings();
      const payouts = () => database.prisma.auditLog.count({ where: { action: "practitioner.payout", subjectId: practitionerId } });
      const payoutsBefore = await payouts();
      const { operator } = await verifiedAccount(holder, practitionerId);
      // Each asks for more than half, so both cannot be paid.
      const half = Math.floor(availableIdr / 2) + 1;
      const payout = (reference: string) => () =>
        operator.operator.recordPayout({ practitionerId, amountIdr: half, reference, confirmedRecentAccount: true });
      const results = await raceBehindLock<unknown>(
        database.url!,
        { sql: `SELECT "id" FROM "LedgerAccount" WHERE "code" = $1 FOR UPDATE`, params: [`practitioner_payable:${practitionerId}`] },
        [payout("RACE-1"), payout("RACE-2")],
      );
      expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(await codeOf(Promise.reject(rejected.reason))).toBe("CONFLICT");
      expect(await holder.practitioner.earnings()).toMatchObject({ availableIdr: availableIdr - half });
      expect(await payouts()).toBe(payoutsBefore + 1);
    },
  );

  it("release hands the order to the other practitioner, after which it is NOT_FOUND for the one who released it", async () => {
    const { orderId, offerId, holder, other } = await offeredOrder();
    await holder.practitioner.acceptOffer({ offerId, noConflict: true });
    expect(await holder.practitioner.release({ orderId })).toBe("ditawarkan");
    expect(await codeOf(holder.practitioner.order({ orderId }))).toBe("NOT_FOUND");
    expect((await other.practitioner.offers()).data.map((o) => o.order.id)).toContain(orderId);
  });
});

describe("the bank account payouts go to", () => {
  it("is the practitioner's own: set through their portal, shown masked, read and changed by nobody else", async () => {
    const [rina, sari] = [await practitionerUser(database.prisma, []), await practitionerUser(database.prisma, [])];
    const [mine, theirs] = [portalCaller(deps(), rina), portalCaller(deps(), sari)];
    const saved = await mine.practitioner.setBankAccount({ bankCode: "bni", accountNumber: "0987-654-321", holderName: "Rina" });
    expect(saved).toMatchObject({ bankName: "BNI", maskedNumber: "•••• 4321", verifiedAt: null });
    expect(JSON.stringify(await mine.practitioner.bankAccount())).not.toContain("0987654321");

    // Nothing names an account in the practitioner's procedures: the other one only ever reaches their own.
    expect(await theirs.practitioner.bankAccount()).toBeNull();
    await theirs.practitioner.setBankAccount(BCA);
    expect(await mine.practitioner.bankAccount()).toEqual(saved);
    expect(await codeOf(theirs.operator.bankAccounts({ practitionerId: rina.practitionerId! }))).toBe("FORBIDDEN");
    expect(await codeOf(theirs.operator.verifyBankAccount({ practitionerId: rina.practitionerId!, bankAccountId: saved.id }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(mine.practitioner.setBankAccount({ ...BCA, bankCode: "lainnya" }))).toBe("VALIDATION");
    expect(await mine.practitioner.bankAccount()).toEqual(saved);
  });

  it("is verified by the operator, who sees the whole number and the history; a payout goes only to it, the second confirmation within 24 hours", async () => {
    const { holder, holderId: practitionerId } = await earnedOrder();
    const operator = portalCaller(deps(), await portalUser(database.prisma, "operator"));
    clock.advance(60_000);
    const old = await holder.practitioner.setBankAccount({ bankCode: "bri", accountNumber: "002301000456509", holderName: "Lama" });
    clock.advance(60_000);
    const account = await holder.practitioner.setBankAccount({ bankCode: "mandiri", accountNumber: "1370012345678", holderName: "Baru" });
    const payout = { practitionerId, amountIdr: 10_000, reference: "MDR 1234" };
    expect(await codeOf(operator.operator.recordPayout(payout))).toBe("INVALID_STATE");

    await operator.operator.verifyBankAccount({ practitionerId, bankAccountId: account.id });
    const { accounts } = await operator.operator.bankAccounts({ practitionerId });
    expect(accounts.slice(0, 2).map((a) => [a.id, a.accountNumber, a.verifiedAt !== null, a.replacedAt !== null, a.recent])).toEqual([
      [account.id, "1370012345678", true, false, true],
      [old.id, "002301000456509", false, true, true],
    ]);
    const listed = (await operator.operator.practitioners({ limit: 100 })).data.find((p) => p.id === practitionerId);
    expect(listed?.bankAccount).toMatchObject({ id: account.id, destination: "Mandiri •••• 5678 a.n. Baru", recent: true });
    expect(await holder.practitioner.bankAccount()).toMatchObject({ id: account.id, verifiedAt: clock.now() });

    // Verified just now: the first try is refused with why, the second, confirmed, is paid to it.
    const refusal = operator.operator.recordPayout(payout);
    await expect(refusal).rejects.toThrow("kurang dari 24 jam");
    expect(await operator.operator.recordPayout({ ...payout, confirmedRecentAccount: true })).toMatchObject({
      destination: "Mandiri •••• 5678 a.n. Baru",
    });
    expect((await holder.practitioner.statement({})).data[0]?.description).toBe("Pencairan ke rekening Mandiri •••• 5678 a.n. Baru");
  });
});

describe("after delivery, and when the client changes its mind", () => {
  it("shows a revision with its reason (not the latest message), and no earnings for a cancelled order", async () => {
    const { orderId, offerId, holder } = await offeredOrder();
    await holder.practitioner.acceptOffer({ offerId, noConflict: true });
    await holder.practitioner.startWork({ orderId });
    await holder.practitioner.deliver({ orderId, deliverable: "https://berkas.contoh.id/nda.pdf" });
    await api.call(`/v1/orders/${orderId}/revision`, { method: "POST", token: org.token, json: { reason: "Ganti nama pihak kedua." } });
    await holder.practitioner.askClient({ orderId, question: "Nama lengkapnya?" });
    await api.call(`/v1/orders/${orderId}/messages`, { method: "POST", token: org.token, json: { body: "PT Dua Sejahtera." } });
    const view = await holder.practitioner.order({ orderId });
    expect(view).toMatchObject({
      status: "dikerjakan",
      revisionCount: 1,
      revisionReason: { role: "client", body: "Ganti nama pihak kedua." },
      deliverable: "https://berkas.contoh.id/nda.pdf",
    });
    expect(view.actions).toContain("deliver");
  });

  it("shows a dispute's reason while the operator decides, then the decision: a split with the share, note and figures", async () => {
    const { orderId, offerId, holder } = await offeredOrder();
    await holder.practitioner.acceptOffer({ offerId, noConflict: true });
    await holder.practitioner.startWork({ orderId });
    await holder.practitioner.deliver({ orderId, deliverable: "https://berkas.contoh.id/nda.pdf" });
    expect((await holder.practitioner.order({ orderId })).dispute).toBeNull();
    const disputed = await api.call(`/v1/orders/${orderId}/dispute`, {
      method: "POST",
      token: org.token,
      json: { reason: "Kami memesan NDA sepihak, yang diserahkan timbal balik." },
    });
    expect(disputed.status).toBe(200);
    const open = await holder.practitioner.order({ orderId });
    expect(open.dispute).toMatchObject({
      reason: { role: "client", body: "Kami memesan NDA sepihak, yang diserahkan timbal balik." },
      decision: null,
    });

    const operator = portalCaller(deps(), await portalUser(database.prisma, "operator"));
    await operator.operator.orderAction({
      orderId,
      action: "settle_split",
      practitionerShareIdr: 500_000,
      note: "Sebagian pekerjaan terpakai; sisanya dikembalikan.",
    });
    const settled = await holder.practitioner.order({ orderId });
    expect(settled.dispute).toMatchObject({
      reason: { body: "Kami memesan NDA sepihak, yang diserahkan timbal balik." },
      decision: {
        kind: "settle_split",
        note: "Sebagian pekerjaan terpakai; sisanya dikembalikan.",
        practitionerShareIdr: 500_000,
        figures: expect.stringContaining("untuk praktisi"),
      },
    });
    // The earning is the share, not the whole price.
    expect(settled.earningIdr).toBe(500_000);
  });

  it("shows a dispute refunded without a note as refunded, with no earning", async () => {
    const { orderId, offerId, holder } = await offeredOrder();
    await holder.practitioner.acceptOffer({ offerId, noConflict: true });
    await holder.practitioner.startWork({ orderId });
    await holder.practitioner.deliver({ orderId, deliverable: "https://berkas.contoh.id/nda.pdf" });
    await api.call(`/v1/orders/${orderId}/dispute`, { method: "POST", token: org.token, json: { reason: "Tidak sesuai pesanan." } });
    const operator = portalCaller(deps(), await portalUser(database.prisma, "operator"));
    await operator.operator.orderAction({ orderId, action: "refund" });
    const refunded = await holder.practitioner.order({ orderId });
    expect(refunded.dispute).toMatchObject({
      reason: { body: "Tidak sesuai pesanan." },
      decision: { kind: "refund", note: null, practitionerShareIdr: null, figures: null },
    });
    expect(refunded.earningIdr).toBeNull();
  });

  it("tells the practitioner when a client's cancellation withdrew their offer", async () => {
    const { orderId, offerId, holder } = await offeredOrder();
    await api.call(`/v1/orders/${orderId}/cancel`, { method: "POST", token: org.token, json: {} });
    expect((await holder.practitioner.offers()).data.map((o) => o.offerId)).not.toContain(offerId);
    expect((await holder.practitioner.withdrawnOffers()).data).toContainEqual(
      expect.objectContaining({ offerId, orderId, orderStatus: "dibatalkan" }),
    );
    expect(await codeOf(holder.practitioner.acceptOffer({ offerId, noConflict: true }))).toBe("INVALID_STATE");
  });

  it("shows case-board work as an order with its case, never offering to release it", async () => {
    const me = portalCaller(deps(), alice);
    const { id: caseId } = await createTestCase(database.prisma, clock, org, { area: "kontrak" });
    const mine = await me.practitioner.submitBid({ caseId, scope: "Somasi", etaDays: 5, priceIdr: 2_000_000, noConflict: true });
    const { invoice } = await selectBid(
      { db: database.prisma, clock },
      {
        actor: agentActor(await agentKey(database.prisma, clock, org)),
        caseId,
        bidId: mine.id,
      },
    );
    const { orderId } = await payInvoice(deps(), {
      actor: adminOf(org.id),
      invoiceId: invoice.id,
    });
    const view = await me.practitioner.order({ orderId: orderId! });
    expect(view).toMatchObject({ status: "diambil", caseId, earningIdr: 2_000_000, masked: false, actions: ["start_work"] });
    expect((await me.practitioner.orders()).data.map((o) => o.id)).toContain(orderId);
    expect(await codeOf(me.practitioner.release({ orderId: orderId! }))).toBe("INVALID_STATE");
  });
});

describe("the case board through the portal", () => {
  it("shows an open case in my area masked, takes one bid priced with the fee, withdraws it while open; another practitioner cannot withdraw it", async () => {
    const me = portalCaller(deps(), alice);
    const other = portalCaller(deps(), bob);
    const { id: caseId } = await createTestCase(database.prisma, clock, org, { area: "kontrak" });
    const [seen] = (await me.practitioner.cases()).data.filter((c) => c.id === caseId);
    expect(seen).toMatchObject({ selected: false, myBid: null, canBid: true, canWithdraw: false });
    expect(seen!.contact.email).not.toBe("budi.santoso@contoh.co.id");
    expect(seen!.story).not.toContain("0812-3456-7890");

    const bid = await me.practitioner.submitBid({
      caseId,
      scope: "Somasi dan negosiasi",
      etaDays: 10,
      priceIdr: 8_000_000,
      noConflict: true,
    });
    expect(bid).toMatchObject({ status: "diajukan", priceIdr: 8_000_000, clientPaysIdr: 9_000_000 });
    expect(await me.practitioner.case({ caseId })).toMatchObject({ canBid: false, canWithdraw: true, myBid: { id: bid.id } });
    expect(await codeOf(me.practitioner.submitBid({ caseId, scope: "Lagi", etaDays: 10, priceIdr: 1, noConflict: true }))).toBe("CONFLICT");

    expect(await codeOf(other.practitioner.withdrawBid({ bidId: bid.id }))).toBe("NOT_FOUND");
    expect(await me.practitioner.withdrawBid({ bidId: bid.id })).toMatchObject({ status: "ditarik" });
    expect(await me.practitioner.case({ caseId })).toMatchObject({ canBid: false, canWithdraw: false, myBid: { status: "ditarik" } });
  });

  it("keeps cases outside my areas off my board, and shows the real contact only to the selected practitioner", async () => {
    const me = portalCaller(deps(), alice);
    const other = portalCaller(deps(), bob);
    const elsewhere = await createTestCase(database.prisma, clock, org, { area: "properti" });
    expect((await me.practitioner.cases()).data.map((c) => c.id)).not.toContain(elsewhere.id);
    expect(await codeOf(me.practitioner.case({ caseId: elsewhere.id }))).toBe("NOT_FOUND");

    const { id: caseId } = await createTestCase(database.prisma, clock, org, { area: "kontrak" });
    const mine = await me.practitioner.submitBid({ caseId, scope: "Somasi", etaDays: 7, priceIdr: 500_000, noConflict: true });
    expect(mine.clientPaysIdr).toBe(600_000);
    await other.practitioner.submitBid({ caseId, scope: "Somasi juga", etaDays: 9, priceIdr: 700_000, noConflict: true });
    await selectBid(
      { db: database.prisma, clock },
      {
        actor: agentActor(await agentKey(database.prisma, clock, org)),
        caseId,
        bidId: mine.id,
      },
    );

    const selected = await me.practitioner.case({ caseId });
    expect(selected).toMatchObject({ status: "dipilih", selected: true, canWithdraw: false, myBid: { status: "dipilih" } });
    expect(selected.contact).toEqual({ name: "Budi Santoso", email: "budi.santoso@contoh.co.id", phone: "+62 812-3456-7890" });
    const passedOver = await other.practitioner.case({ caseId });
    expect(passedOver).toMatchObject({ selected: false, myBid: { status: "tidak_dipilih" } });
    expect(passedOver.contact.email).not.toBe("budi.santoso@contoh.co.id");

    // Off the open board now; each practitioner's own bids list carries the outcome.
    expect((await me.practitioner.cases()).data.map((c) => c.id)).not.toContain(caseId);
    expect((await me.practitioner.myBids()).data.find((b) => b.case.id === caseId)).toMatchObject({
      id: mine.id,
      status: "dipilih",
      selected: true,
      clientPaysIdr: 600_000,
      case: { status: "dipilih" },
    });
    expect((await other.practitioner.myBids()).data.find((b) => b.case.id === caseId)).toMatchObject({
      status: "tidak_dipilih",
      selected: false,
    });
    expect((await other.practitioner.myBids()).data.map((b) => b.id)).not.toContain(mine.id);
  });
});

describe("who may call the practitioner procedures", () => {
  it("refuses an org admin and an operator (FORBIDDEN) and nobody signed in (UNAUTHENTICATED)", async () => {
    const admin = portalCaller(deps(), await portalUser(database.prisma, "org_admin", org.id));
    const operator = portalCaller(deps(), await portalUser(database.prisma, "operator"));
    const anonymous = portalCaller(deps(), null);
    const { offerId, orderId } = await offeredOrder();
    for (const caller of [admin, operator]) {
      expect(await codeOf(caller.practitioner.offers())).toBe("FORBIDDEN");
      expect(await codeOf(caller.practitioner.acceptOffer({ offerId, noConflict: true }))).toBe("FORBIDDEN");
      expect(await codeOf(caller.practitioner.order({ orderId }))).toBe("FORBIDDEN");
      expect(await codeOf(caller.practitioner.earnings())).toBe("FORBIDDEN");
      expect(await codeOf(caller.practitioner.cases())).toBe("FORBIDDEN");
      expect(await codeOf(caller.practitioner.myBids())).toBe("FORBIDDEN");
    }
    expect(await codeOf(anonymous.practitioner.offers())).toBe("UNAUTHENTICATED");
    expect(await codeOf(anonymous.practitioner.acceptOffer({ offerId, noConflict: true }))).toBe("UNAUTHENTICATED");
    expect(await codeOf(anonymous.practitioner.orders())).toBe("UNAUTHENTICATED");
    expect(await codeOf(anonymous.practitioner.submitBid({ caseId: "kas_x", scope: "x", etaDays: 1, priceIdr: 1, noConflict: true }))).toBe(
      "UNAUTHENTICATED",
    );
    // Nothing of it happened: the offer is still live for its holder.
    expect(await database.prisma.offer.count({ where: { id: offerId, status: "aktif" } })).toBe(1);
  });
});

describe("the practitioner's profile", () => {
  it("shows the operator's verified data, saves the profile and both switches, and audits only what changed", async () => {
    const me = await practitionerUser(database.prisma, ["kontrak", "ketenagakerjaan"]);
    const caller = portalCaller(deps(), me);
    expect(await caller.practitioner.profile()).toEqual({
      name: me.name,
      email: me.email,
      label: "Advokat (PERADI)",
      categories: ["kontrak", "ketenagakerjaan"],
      available: true,
      emailNotifications: true,
      displayName: null,
      bio: null,
      areas: [],
      languages: [],
      yearsOfPractice: null,
      areaChoices: expect.arrayContaining(["kontrak", "ketenagakerjaan", "korporasi"]),
    });

    const saved = await caller.practitioner.updateProfile({
      displayName: `  ${me.name}, S.H. `,
      bio: "Advokat ketenagakerjaan; mendampingi PHK dan perundingan bipartit.",
      areas: ["ketenagakerjaan", "korporasi"],
      languages: ["id", "jv"],
      yearsOfPractice: 12,
      available: false,
      emailNotifications: true,
    });
    expect(saved).toMatchObject({
      displayName: `${me.name}, S.H.`,
      areas: ["ketenagakerjaan", "korporasi"],
      languages: ["id", "jv"],
      yearsOfPractice: 12,
      available: false,
      emailNotifications: true,
      // Areas describe; the operator's categories still decide what is offered.
      categories: ["kontrak", "ketenagakerjaan"],
    });
    const audits = await database.prisma.auditLog.findMany({
      where: { subjectId: me.practitionerId!, action: "practitioner.profile_update" },
    });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorType: "practitioner", actorId: me.id });
    expect(audits[0]!.data).toEqual({
      displayName: { from: null, to: `${me.name}, S.H.` },
      bio: { from: null, to: "Advokat ketenagakerjaan; mendampingi PHK dan perundingan bipartit." },
      areas: { from: [], to: ["ketenagakerjaan", "korporasi"] },
      languages: { from: [], to: ["id", "jv"] },
      yearsOfPractice: { from: null, to: 12 },
      available: { from: true, to: false },
    });

    // The same values again change nothing and write no second entry; an empty text clears it.
    await caller.practitioner.updateProfile({ available: false, areas: ["ketenagakerjaan", "korporasi"] });
    expect(await database.prisma.auditLog.count({ where: { subjectId: me.practitionerId!, action: "practitioner.profile_update" } })).toBe(
      1,
    );
    expect(await caller.practitioner.updateProfile({ bio: "   ", displayName: "" })).toMatchObject({ bio: null, displayName: null });
  });

  it("refuses contact data in the bio and a display name without the verified name, saving nothing", async () => {
    const me = await practitionerUser(database.prisma);
    const caller = portalCaller(deps(), me);
    expect(await codeOf(caller.practitioner.updateProfile({ bio: "Konsultasi gratis: WA 0812-3456-7890", yearsOfPractice: 5 }))).toBe(
      "VALIDATION",
    );
    expect(await codeOf(caller.practitioner.updateProfile({ displayName: "Pengacara Terbaik Jakarta" }))).toBe("VALIDATION");
    expect(await codeOf(caller.practitioner.updateProfile({ areas: ["bukan_kategori"] }))).toBe("VALIDATION");
    expect(await caller.practitioner.profile()).toMatchObject({ bio: null, displayName: null, areas: [], yearsOfPractice: null });
    expect(await database.prisma.auditLog.count({ where: { subjectId: me.practitionerId!, action: "practitioner.profile_update" } })).toBe(
      0,
    );
  });

  it("submits a credential that counts only once the operator verifies it from the queue, corrected as the scan reads", async () => {
    const me = await practitionerUser(database.prisma);
    const caller = portalCaller(deps(), me);
    const operator = portalCaller(deps(), await portalUser(database.prisma, "operator"));
    const submitted = await caller.practitioner.submitCredential({
      kind: "notaris",
      issuer: "Kementerian Hukum",
      number: "AHU-0001.AH.02.01",
      validUntil: null,
      province: "32",
      scanFileId: (await credentialScan(deps(), me.practitionerId!, "sk-notaris.pdf", SAMPLE_FILES.pdf)).id,
    });
    expect(submitted).toMatchObject({ status: "menunggu_verifikasi", province: "32" });
    expect((await caller.practitioner.profile()).label).toBe("Advokat (PERADI)");
    expect((await operator.operator.credentialQueue()).map((c) => c.id)).toContain(submitted.id);
    expect(
      await codeOf(
        caller.practitioner.submitCredential({ kind: "ppat", issuer: "ATR/BPN", number: "1", validUntil: null, province: null }),
      ),
    ).toBe("VALIDATION");
    // The practitioner has no way to decide: the operator's procedures refuse them.
    expect(await codeOf(caller.operator.decideCredential({ credentialId: submitted.id, approve: true }))).toBe("FORBIDDEN");

    await operator.operator.decideCredential({ credentialId: submitted.id, approve: true, corrections: { province: "31" } });
    expect((await caller.practitioner.profile()).label).toBe("Advokat (PERADI) · Notaris — DKI Jakarta");
    expect((await caller.practitioner.credentials()).find((c) => c.id === submitted.id)).toMatchObject({
      status: "terverifikasi",
      counts: true,
      province: "31",
    });
    expect((await operator.operator.credentialQueue()).map((c) => c.id)).not.toContain(submitted.id);
    const audit = await database.prisma.auditLog.findFirstOrThrow({
      where: { subjectId: me.practitionerId!, action: "credential.verify" },
    });
    expect(audit.data).toMatchObject({ credential_id: submitted.id, from: "menunggu_verifikasi", to: "terverifikasi" });
  });

  it("tells the practitioner why a credential was rejected, and a rejection needs a reason", async () => {
    const me = await practitionerUser(database.prisma);
    const caller = portalCaller(deps(), me);
    const operator = portalCaller(deps(), await portalUser(database.prisma, "operator"));
    const submitted = await caller.practitioner.submitCredential({
      kind: "konsultan_ki",
      issuer: "DJKI",
      number: "KI-9",
      validUntil: null,
      province: null,
      scanFileId: (await credentialScan(deps(), me.practitionerId!)).id,
    });
    expect(await codeOf(operator.operator.decideCredential({ credentialId: submitted.id, approve: false, reason: "  " }))).toBe(
      "VALIDATION",
    );
    await operator.operator.decideCredential({ credentialId: submitted.id, approve: false, reason: "Nomor tidak ada di daftar DJKI." });
    expect((await caller.practitioner.credentials()).find((c) => c.id === submitted.id)).toMatchObject({
      status: "ditolak",
      reason: "Nomor tidak ada di daftar DJKI.",
      counts: false,
    });
    expect((await caller.practitioner.profile()).label).toBe("Advokat (PERADI)");
  });
});

describe("changing the password", () => {
  it("needs the right current password, then signs in only with the new one, and is audited", async () => {
    const me = await practitionerUser(database.prisma);
    const caller = portalCaller(deps(), me);
    expect(
      await codeOf(caller.practitioner.changePassword({ currentPassword: "salah-sekali-123", newPassword: "kata-sandi-baru-456" })),
    ).toBe("FORBIDDEN");
    expect(await codeOf(caller.practitioner.changePassword({ currentPassword: "rahasia-sekali-123", newPassword: "pendek" }))).toBe(
      "VALIDATION",
    );
    await caller.practitioner.changePassword({ currentPassword: "rahasia-sekali-123", newPassword: "kata-sandi-baru-456" });

    const { passwordHash } = await database.prisma.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(await verify(passwordHash, "kata-sandi-baru-456")).toBe(true);
    expect(await verify(passwordHash, "rahasia-sekali-123")).toBe(false);
    const actions = (await database.prisma.auditLog.findMany({ where: { subjectId: me.id }, orderBy: { createdAt: "asc" } })).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["user.password_change_failed", "user.password_change"]));
  });

  it("refuses further tries after five wrong current passwords, even with the right one", async () => {
    const caller = portalCaller(deps(), await practitionerUser(database.prisma));
    for (let i = 0; i < 5; i++)
      expect(
        await codeOf(caller.practitioner.changePassword({ currentPassword: `salah-${i}-sekali`, newPassword: "kata-sandi-baru-456" })),
      ).toBe("FORBIDDEN");
    expect(
      await codeOf(caller.practitioner.changePassword({ currentPassword: "rahasia-sekali-123", newPassword: "kata-sandi-baru-456" })),
    ).toBe("RATE_LIMITED");
  });
});
