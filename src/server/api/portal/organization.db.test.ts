import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActor, SEED } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { authenticateApiKey, practitionerActorOf, tokenHashOf } from "@/server/services/access";
import { selectBid } from "@/server/services/cases";
import { deliverResult } from "@/server/services/orders";
import { topUpDeposit } from "@/server/services/organizations";
import { topUpTestDeposit } from "@/server/services/sandbox";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { orderWithFiles, uploadTestFile } from "@/test/files";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder, NDA_PRICE_IDR, ndaOrder } from "@/test/orders";
import { codeOf, portalCaller, portalUser } from "@/test/portal";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
let mine: TestOrg;
let theirs: TestOrg;
let admin: PortalUser;
let otherAdmin: PortalUser;

const as = (user: PortalUser | null) => portalCaller({ db: database.prisma, clock }, user);

const order = (org: TestOrg, overrides: Record<string, unknown> = {}) => createPaidOrder(database.prisma, clock, org, overrides);

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  // Threshold below the NDA price: every NDA order waits for approval.
  mine = await createTestOrg(database.prisma, { depositIdr: 5_000_000n, thresholdIdr: 1_000_000n });
  theirs = await createTestOrg(database.prisma, { depositIdr: 5_000_000n, thresholdIdr: 1_000_000n });
  admin = await portalUser(database.prisma, "org_admin", mine.id);
  otherAdmin = await portalUser(database.prisma, "org_admin", theirs.id);
});

afterAll(async () => {
  await database?.destroy();
});

describe("who may call the organisation procedures", () => {
  it("anonymous → UNAUTHENTICATED, an operator → FORBIDDEN, for queries and mutations alike", async () => {
    const operator = await portalUser(database.prisma, "operator");
    expect(await codeOf(as(null).organization.overview())).toBe("UNAUTHENTICATED");
    expect(
      await codeOf(
        as(null).organization.createKey({ name: "x", scopes: ["katalog:baca"], maxOrderIdr: 1, monthlyBudgetIdr: 1, webhookUrl: null }),
      ),
    ).toBe("UNAUTHENTICATED");
    expect(await codeOf(as(operator).organization.overview())).toBe("FORBIDDEN");
    expect(await codeOf(as(operator).organization.decide({ orderId: "ord_x", approve: true }))).toBe("FORBIDDEN");
    const practitioner: PortalUser = { ...operator, role: "practitioner", practitionerId: "prk_x" };
    expect(await codeOf(as(practitioner).organization.keys())).toBe("FORBIDDEN");
  });
});

describe("overview and threshold", () => {
  it("shows the admin's own deposit with its ledger entries, and sets or clears the threshold", async () => {
    const overview = await as(admin).organization.overview();
    expect(overview).toMatchObject({ status: "aktif", approvalThresholdIdr: 1_000_000, depositIdr: { live: 5_000_000, test: 0 } });
    const statement = await as(admin).organization.statement({});
    expect(statement).toMatchObject({ balanceIdr: 5_000_000, has_more: false });
    expect(statement.data).toEqual([
      expect.objectContaining({ amountIdr: 5_000_000, balanceAfterIdr: 5_000_000, kind: "deposit_topup", reference: "setoran awal" }),
    ]);

    await as(admin).organization.setThreshold({ thresholdIdr: 2_500_000 });
    expect((await as(admin).organization.overview()).approvalThresholdIdr).toBe(2_500_000);
    await as(admin).organization.setThreshold({ thresholdIdr: null });
    expect((await as(admin).organization.overview()).approvalThresholdIdr).toBeNull();
    await as(admin).organization.setThreshold({ thresholdIdr: 1_000_000 });
    // The other organisation is untouched.
    expect((await as(otherAdmin).organization.overview()).approvalThresholdIdr).toBe(1_000_000);
    expect(await codeOf(as(admin).organization.setThreshold({ thresholdIdr: -5 }))).toBe("VALIDATION");
  });
});

describe("approvals and orders", () => {
  it("lists only the organisation's own orders; another organisation's order is NOT_FOUND", async () => {
    const own = await order(mine);
    const foreign = await order(theirs);
    const waiting = (await as(admin).organization.orders({ status: "menunggu_bayar", page: { limit: 100 } })).data;
    expect(waiting.map((o) => o.id)).toContain(own.id);
    expect(waiting.map((o) => o.id)).not.toContain(foreign.id);
    expect(waiting.find((o) => o.id === own.id)).toMatchObject({
      status: "menunggu_bayar",
      priceIdr: NDA_PRICE_IDR,
      intake: ndaOrder().intake,
    });

    expect(await codeOf(as(admin).organization.decide({ orderId: foreign.id, approve: true }))).toBe("NOT_FOUND");
    expect(await database.prisma.order.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ status: "menunggu_bayar" });
  });

  it("approve pays from the deposit and the timeline shows order.dibayar; reject cancels with the reason the agent reads", async () => {
    const approved = await order(mine);
    const rejected = await order(mine);
    const before = (await as(admin).organization.overview()).depositIdr.live;

    expect(await as(admin).organization.decide({ orderId: approved.id, approve: true })).toBe("dibayar");
    // A rejection without a reason is refused and changes nothing.
    expect(await codeOf(as(admin).organization.decide({ orderId: rejected.id, approve: false } as never))).toBe("VALIDATION");
    expect(await codeOf(as(admin).organization.decide({ orderId: rejected.id, approve: false, reason: "  " }))).toBe("VALIDATION");
    expect(await database.prisma.order.findUniqueOrThrow({ where: { id: rejected.id } })).toMatchObject({ status: "menunggu_bayar" });
    const reason = "Di luar anggaran kuartal ini.";
    expect(await as(admin).organization.decide({ orderId: rejected.id, approve: false, reason })).toBe("dibatalkan");
    expect(await database.prisma.orderMessage.findMany({ where: { orderId: rejected.id }, select: { role: true, body: true } })).toEqual([
      { role: "admin", body: reason },
    ]);

    expect((await as(admin).organization.overview()).depositIdr.live).toBe(before - NDA_PRICE_IDR);
    expect((await as(admin).organization.order({ orderId: approved.id })).events.map((e) => e.type)).toEqual(["order.dibayar"]);
    expect((await as(admin).organization.order({ orderId: rejected.id })).events.map((e) => e.type)).toEqual(["order.dibatalkan"]);
    // Deciding twice is refused, not repeated.
    expect(await codeOf(as(admin).organization.decide({ orderId: approved.id, approve: true }))).toBe("INVALID_STATE");
  });

  it("an approval the deposit cannot cover fails with INSUFFICIENT_DEPOSIT and leaves the order waiting", async () => {
    const poor = await createTestOrg(database.prisma, { depositIdr: 2_000_000n, thresholdIdr: 1_000_000n });
    const poorAdmin = await portalUser(database.prisma, "org_admin", poor.id);
    const first = await order(poor);
    const second = await order(poor);
    await as(poorAdmin).organization.decide({ orderId: first.id, approve: true });
    expect(await codeOf(as(poorAdmin).organization.decide({ orderId: second.id, approve: true }))).toBe("INSUFFICIENT_DEPOSIT");
    expect(await database.prisma.order.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ status: "menunggu_bayar" });
  });
});

describe("one order, as the client behind the agent", () => {
  /** A paid order (approved by the admin) that a practitioner took and delivered. */
  async function deliveredOrder() {
    const waiting = await order(mine);
    await as(admin).organization.decide({ orderId: waiting.id, approve: true });
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
    await driveOrder(database.prisma, waiting.id, practitionerId, "diserahkan", clock.now());
    return waiting.id;
  }

  it("answers the practitioner's question when the agent cannot, with a file, as a client message: the order goes back to work", async () => {
    await topUpDeposit({ db: database.prisma }, { actor: SEED, organizationId: mine.id, amountIdr: 20_000_000n, reference: "uji" });
    const waiting = await order(mine);
    await as(admin).organization.decide({ orderId: waiting.id, approve: true });
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
    await driveOrder(database.prisma, waiting.id, practitionerId, "butuh_input_klien", clock.now());
    const scan = await uploadTestFile({ db: database.prisma, clock }, { organizationId: mine.id, livemode: true }, "akta.png", undefined, {
      kind: "admin",
      userId: admin.id,
    });
    expect(await as(admin).organization.sendMessage({ orderId: waiting.id, body: "Akta pendirian terlampir.", files: [scan.id] })).toBe(
      "dikerjakan",
    );
    const view = await as(admin).organization.order({ orderId: waiting.id });
    expect(view.messages.at(-1)).toMatchObject({ role: "admin", body: "Akta pendirian terlampir." });
    expect(view.files.map((f) => f.id)).toContain(scan.id);
    expect(await codeOf(as(otherAdmin).organization.sendMessage({ orderId: waiting.id, body: "Bukan pesanan saya." }))).toBe("NOT_FOUND");
    const audited = await database.prisma.auditLog.findFirst({ where: { subjectId: waiting.id, action: "order.client_reply" } });
    expect(audited).toMatchObject({ actorType: "org_admin", actorId: admin.id });
  });

  it("shows the order with the key that placed it, the conversation and only the steps the state machine allows now", async () => {
    await topUpDeposit({ db: database.prisma }, { actor: SEED, organizationId: mine.id, amountIdr: 20_000_000n, reference: "uji" });
    const orderId = await deliveredOrder();
    const view = await as(admin).organization.order({ orderId });
    expect(view).toMatchObject({
      status: "diserahkan",
      apiKey: { keyId: mine.keyId },
      deliverable: "https://berkas.contoh.id/nda-final.pdf",
      paid: true,
      revisionsLeft: 2,
      autoAcceptAt: new Date(clock.now().getTime() + 7 * 86_400_000),
      actions: ["accept_result", "request_revision", "dispute"],
    });
    expect((await as(admin).organization.orders({ q: orderId })).data.map((o) => o.apiKey)).toEqual([
      { id: mine.apiKeyId, name: "", keyId: mine.keyId },
    ]);
    expect(await codeOf(as(otherAdmin).organization.order({ orderId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(otherAdmin).organization.acceptResult({ orderId }))).toBe("NOT_FOUND");
  });

  it("asks for a revision with a reason, then accepts the next delivery: escrow released, audited under the admin", async () => {
    const orderId = await deliveredOrder();
    expect(await codeOf(as(admin).organization.requestRevision({ orderId, reason: "  " }))).toBe("VALIDATION");
    expect(await as(admin).organization.requestRevision({ orderId, reason: "Lengkapi alamat para pihak." })).toBe("dikerjakan");
    const revising = await as(admin).organization.order({ orderId });
    expect(revising).toMatchObject({
      revisionCount: 1,
      revisionsLeft: 1,
      actions: ["dispute"],
      messages: [expect.objectContaining({ role: "admin", body: "Lengkapi alamat para pihak." })],
    });
    const holder = (await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).practitionerId!;
    await deliverResult(
      { db: database.prisma, clock },
      {
        actor: await practitionerActorOf(database.prisma, holder),
        orderId,
        deliverable: "https://berkas.contoh.id/nda-v2.pdf",
      },
    );
    // Before it is finished there is nothing to review.
    expect((await as(admin).organization.order({ orderId })).reviewable).toBe(false);
    expect(await codeOf(as(admin).organization.reviewOrder({ orderId, rating: 5 }))).toBe("INVALID_STATE");
    expect(await as(admin).organization.acceptResult({ orderId })).toBe("selesai");
    expect(await codeOf(as(admin).organization.acceptResult({ orderId }))).toBe("INVALID_STATE");
    // Finished: the admin reviews it once, as the agent could; the order shows the review as the admin's.
    expect((await as(admin).organization.order({ orderId })).reviewable).toBe(true);
    expect(await codeOf(as(admin).organization.reviewOrder({ orderId, rating: 6 }))).toBe("VALIDATION");
    await as(admin).organization.reviewOrder({ orderId, rating: 4, comment: " Rapi dan tepat waktu. " });
    expect(await as(admin).organization.order({ orderId })).toMatchObject({
      reviewable: false,
      review: { rating: 4, comment: "Rapi dan tepat waktu.", by: "admin", createdAt: clock.now() },
    });
    expect(await codeOf(as(admin).organization.reviewOrder({ orderId, rating: 1 }))).toBe("CONFLICT");
    expect(await codeOf(as(otherAdmin).organization.reviewOrder({ orderId, rating: 1 }))).toBe("NOT_FOUND");
    const audited = await database.prisma.auditLog.findMany({
      where: { subjectId: orderId, actorType: "org_admin" },
      select: { action: true, actorId: true },
    });
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: "order.request_revision", actorId: admin.id },
        { action: "order.accept_result", actorId: admin.id },
      ]),
    );
  });

  it("disputes a delivered order, and cancels a waiting one (nothing paid) and a paid one (money back)", async () => {
    const disputed = await deliveredOrder();
    expect(await as(admin).organization.openDispute({ orderId: disputed, reason: "Isi tidak sesuai permintaan." })).toBe("sengketa");
    const waiting = await order(mine);
    expect((await as(admin).organization.order({ orderId: waiting.id })).actions).toEqual(["cancel"]);
    expect(await as(admin).organization.cancel({ orderId: waiting.id })).toBe("dibatalkan");
    const paid = await order(mine);
    await as(admin).organization.decide({ orderId: paid.id, approve: true });
    const before = (await as(admin).organization.overview()).depositIdr.live;
    expect(await as(admin).organization.cancel({ orderId: paid.id, reason: "Salah pesan." })).toBe("dibatalkan");
    expect((await as(admin).organization.overview()).depositIdr.live).toBe(before + NDA_PRICE_IDR);
  });
});

describe("API keys", () => {
  it("creates a key whose token and webhook secret are returned once and work for the API, never listed", async () => {
    const created = await as(admin).organization.createKey({
      name: "agen-produksi",
      scopes: ["katalog:baca", "order:buat"],
      maxOrderIdr: 3_000_000,
      monthlyBudgetIdr: 10_000_000,
      webhookUrl: "https://agen.contoh.id/kuasa",
    });
    expect(created.token).toMatch(/^kk_live_[0-9A-Za-z]{16}\.[0-9A-Za-z]{32}$/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    const key = await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${created.token}` });
    expect(key).toMatchObject({ organizationId: mine.id, scopes: ["katalog:baca", "order:buat"], maxOrderIdr: 3_000_000n });

    const listed = await as(admin).organization.keys();
    const row = listed.find((k) => k.keyId === created.keyId);
    expect(row).toMatchObject({ name: "agen-produksi", webhookUrl: "https://agen.contoh.id/kuasa", revokedAt: null, spentThisMonthIdr: 0 });
    expect(JSON.stringify(listed)).not.toContain(created.token.split(".")[1]);
    expect(JSON.stringify(listed)).not.toContain(created.webhookSecret);
    // Only this organisation's keys.
    expect(listed.map((k) => k.id)).not.toContain(theirs.apiKeyId);
  });

  it("refuses a webhook URL that is not https:// (or http://localhost), and a key without scopes", async () => {
    const base = { name: "x", scopes: ["katalog:baca" as const], maxOrderIdr: 1_000_000, monthlyBudgetIdr: 1_000_000 };
    expect(await codeOf(as(admin).organization.createKey({ ...base, webhookUrl: "http://agen.contoh.id/hook" }))).toBe("VALIDATION");
    expect(await codeOf(as(admin).organization.createKey({ ...base, scopes: [], webhookUrl: null }))).toBe("VALIDATION");
    expect((await as(admin).organization.createKey({ ...base, webhookUrl: "http://localhost:4000/hook" })).token).toBeTruthy();
  });

  it("rotates the webhook secret and revokes its own keys; another organisation's key is NOT_FOUND", async () => {
    expect(await codeOf(as(admin).organization.revokeKey({ apiKeyId: theirs.apiKeyId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(admin).organization.rotateWebhookSecret({ apiKeyId: theirs.apiKeyId }))).toBe("NOT_FOUND");
    expect(await database.prisma.apiKey.findUniqueOrThrow({ where: { id: theirs.apiKeyId } })).toMatchObject({ revokedAt: null });

    const created = await as(admin).organization.createKey({
      name: "sementara",
      scopes: ["status:baca"],
      maxOrderIdr: 1_000_000,
      monthlyBudgetIdr: 1_000_000,
      webhookUrl: null,
    });
    const row = (await as(admin).organization.keys()).find((k) => k.keyId === created.keyId)!;
    const { webhookSecret, previousSecretExpiresAt } = await as(admin).organization.rotateWebhookSecret({ apiKeyId: row.id });
    expect(webhookSecret).not.toBe(created.webhookSecret);
    // The old secret keeps signing for 24 hours unless the admin chooses otherwise (0–72).
    const overlapEnd = new Date(clock.now().getTime() + 24 * 3_600_000);
    expect(previousSecretExpiresAt).toEqual(overlapEnd);
    expect(await database.prisma.apiKey.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      webhookSecret,
      previousWebhookSecret: created.webhookSecret,
    });
    expect((await as(admin).organization.keys()).find((k) => k.id === row.id)?.previousWebhookSecretExpiresAt).toEqual(overlapEnd);
    expect(await codeOf(as(admin).organization.rotateWebhookSecret({ apiKeyId: row.id, overlapHours: 73 }))).toBe("VALIDATION");
    expect((await as(admin).organization.rotateWebhookSecret({ apiKeyId: row.id, overlapHours: 0 })).previousSecretExpiresAt).toBeNull();

    await as(admin).organization.revokeKey({ apiKeyId: row.id });
    expect((await as(admin).organization.keys()).find((k) => k.id === row.id)?.revokedAt).toEqual(clock.now());
    expect(await codeOf(authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${created.token}` }))).toBe(
      "UNAUTHENTICATED",
    );
  });
});

describe("webhook deliveries", () => {
  it("lists the organisation's own events with their deliveries; redelivers its own, NOT_FOUND for another's", async () => {
    const hooked = await order(mine, { callback_url: "https://agen.contoh.id/hook" });
    await as(admin).organization.decide({ orderId: hooked.id, approve: true });
    const foreign = await order(theirs, { callback_url: "https://lain.contoh.id/hook" });
    await as(otherAdmin).organization.decide({ orderId: foreign.id, approve: true });

    const events = (await as(admin).organization.webhookDeliveries({ orderId: hooked.id })).data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      orderId: hooked.id,
      type: "order.dibayar",
      deliveries: [{ url: "https://agen.contoh.id/hook", status: "menunggu", attemptsLog: [] }],
    });
    expect((await as(admin).organization.webhookDeliveries({})).data.map((e) => e.orderId)).not.toContain(foreign.id);
    // Another organisation's order id filters to nothing rather than revealing it.
    expect(await as(admin).organization.webhookDeliveries({ orderId: foreign.id })).toEqual({ data: [], has_more: false });

    const redelivered = await as(admin).organization.redeliver({ eventId: events[0]!.id });
    expect(redelivered.url).toBe("https://agen.contoh.id/hook");
    expect((await as(admin).organization.webhookDeliveries({ orderId: hooked.id })).data[0]!.deliveries).toHaveLength(2);

    const foreignEvent = (await as(otherAdmin).organization.webhookDeliveries({ orderId: foreign.id })).data[0]!;
    expect(await codeOf(as(admin).organization.redeliver({ eventId: foreignEvent.id }))).toBe("NOT_FOUND");
  });
});

describe("cases and invoices", () => {
  /** A case of `org` with a selected bid of Rp 8.000.000 (client pays Rp 9.000.000). */
  async function invoicedCase(org: TestOrg) {
    const practitionerId = await createTestPractitioner(database.prisma, ["properti"]);
    const created = await createTestCase(database.prisma, clock, org);
    const offer = await bid(database.prisma, clock, practitionerId, created.id, 8_000_000);
    return selectBid(
      { db: database.prisma, clock },
      {
        actor: agentActor(await agentKey(database.prisma, clock, org)),
        caseId: created.id,
        bidId: offer.id,
      },
    );
  }

  it("lists the organisation's own cases with bids and invoice, and pays its own invoice from the deposit", async () => {
    const rich = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
    const richAdmin = await portalUser(database.prisma, "org_admin", rich.id);
    const { invoice } = await invoicedCase(rich);
    const foreign = await invoicedCase(theirs);

    const cases = await as(richAdmin).organization.cases();
    expect(cases.map((c) => c.id)).toEqual([invoice.caseId]);
    expect(cases[0]).toMatchObject({
      status: "dipilih",
      bids: [{ status: "dipilih", priceIdr: 8_000_000, clientPaysIdr: 9_000_000 }],
      invoice: { id: invoice.id, status: "belum_dibayar", totalIdr: 9_000_000, feeIdr: 1_000_000 },
    });

    expect(await codeOf(as(richAdmin).organization.payInvoice({ invoiceId: foreign.invoice.id }))).toBe("NOT_FOUND");
    expect(await as(richAdmin).organization.payInvoice({ invoiceId: invoice.id })).toEqual({
      status: "dibayar",
      totalIdr: 9_000_000,
      orderId: expect.stringMatching(/^ord_/),
    });
    expect((await as(richAdmin).organization.overview()).depositIdr.live).toBe(11_000_000);
    expect(await codeOf(as(richAdmin).organization.payInvoice({ invoiceId: invoice.id }))).toBe("INVALID_STATE");
  });

  it("an invoice the deposit cannot cover fails with INSUFFICIENT_DEPOSIT and stays unpaid", async () => {
    const poor = await createTestOrg(database.prisma, { depositIdr: 1_000_000n });
    const poorAdmin = await portalUser(database.prisma, "org_admin", poor.id);
    const { invoice } = await invoicedCase(poor);
    expect(await codeOf(as(poorAdmin).organization.payInvoice({ invoiceId: invoice.id }))).toBe("INSUFFICIENT_DEPOSIT");
    expect((await as(poorAdmin).organization.cases())[0]?.invoice).toMatchObject({ status: "belum_dibayar" });
  });
});

describe("live and test data, one mode at a time", () => {
  /** An organisation with a live key named "agen-live" and a test key, every NDA order waiting for approval. */
  async function shop() {
    const org = await createTestOrg(database.prisma, { depositIdr: 10_000_000n, thresholdIdr: 1_000_000n });
    await database.prisma.apiKey.update({ where: { id: org.apiKeyId }, data: { name: "agen-live" } });
    const testKey = await addTestKey(database.prisma, org.id, { mode: "test" });
    await topUpDeposit(
      { db: database.prisma },
      { actor: SEED, organizationId: org.id, amountIdr: 10_000_000n, reference: "uji", livemode: false },
    );
    const user = await portalUser(database.prisma, "org_admin", org.id);
    return { org, test: { id: org.id, ...testKey }, user };
  }

  it("lists test orders only in test mode, and live ones only in live mode; the detail and the steps work for both", async () => {
    const { org, test, user } = await shop();
    const live = await order(org);
    const sandbox = await order(test);
    expect((await as(user).organization.orders({})).data.map((o) => o.id)).toEqual([live.id]);
    expect((await as(user).organization.orders({ mode: "test" })).data.map((o) => o.id)).toEqual([sandbox.id]);
    expect(await as(user).organization.pendingApprovals()).toEqual({ live: 1, test: 1 });

    expect(await as(user).organization.order({ orderId: sandbox.id })).toMatchObject({
      livemode: false,
      status: "menunggu_bayar",
      actions: ["cancel"],
    });
    expect(await as(user).organization.decide({ orderId: sandbox.id, approve: true })).toBe("dibayar");
    // Paid from the test deposit; the live one is untouched.
    expect((await as(user).organization.overview()).depositIdr).toEqual({ live: 10_000_000, test: 10_000_000 - NDA_PRICE_IDR });
    expect(await as(user).organization.cancel({ orderId: sandbox.id })).toBe("dibatalkan");
    expect((await as(user).organization.overview()).depositIdr.test).toBe(10_000_000);
    expect(await as(user).organization.pendingApprovals()).toEqual({ live: 1, test: 0 });

    expect(await codeOf(as(otherAdmin).organization.order({ orderId: sandbox.id }))).toBe("NOT_FOUND");
    expect(await codeOf(as(otherAdmin).organization.cancel({ orderId: live.id }))).toBe("NOT_FOUND");
  });

  it("searches by order id, service and key name, filters by status and key, and pages newest first", async () => {
    const { org, user } = await shop();
    const second = await addTestKey(database.prisma, org.id);
    const byFirst = [await order(org), await order(org)];
    const bySecond = await order({ id: org.id, ...second });
    await as(user).organization.decide({ orderId: byFirst[0]!.id, approve: true });
    const all = (await as(user).organization.orders({})).data.map((o) => o.id);
    expect([...all].sort()).toEqual([...byFirst.map((o) => o.id), bySecond.id].sort());

    expect((await as(user).organization.orders({ q: byFirst[1]!.id })).data.map((o) => o.id)).toEqual([byFirst[1]!.id]);
    expect((await as(user).organization.orders({ q: "AGEN-LIVE" })).data.map((o) => o.id).sort()).toEqual(byFirst.map((o) => o.id).sort());
    expect((await as(user).organization.orders({ q: "nda" })).data).toHaveLength(3);
    expect((await as(user).organization.orders({ q: "tidak-ada" })).data).toEqual([]);
    expect((await as(user).organization.orders({ status: "dibayar" })).data.map((o) => o.id)).toEqual([byFirst[0]!.id]);
    expect((await as(user).organization.orders({ apiKeyId: second.apiKeyId })).data.map((o) => o.id)).toEqual([bySecond.id]);

    const first = await as(user).organization.orders({ page: { limit: 2 } });
    expect(first).toMatchObject({ has_more: true });
    const rest = await as(user).organization.orders({ page: { limit: 2, starting_after: first.data[1]!.id } });
    expect(rest.has_more).toBe(false);
    expect([...first.data, ...rest.data].map((o) => o.id)).toEqual(all);
    // A cursor from another list (another organisation's order) is the caller's mistake.
    expect(await codeOf(as(user).organization.orders({ page: { starting_after: bySecond.id }, apiKeyId: org.apiKeyId }))).toBe(
      "VALIDATION",
    );
  });

  it("the statement gives each row the balance after it, across pages, in the mode asked", async () => {
    const { org, user } = await shop();
    const [a, b] = [await order(org), await order(org)];
    await as(user).organization.decide({ orderId: a.id, approve: true });
    await as(user).organization.decide({ orderId: b.id, approve: true });
    await as(user).organization.cancel({ orderId: a.id });

    const whole = await as(user).organization.statement({});
    expect(whole.balanceIdr).toBe(10_000_000 - NDA_PRICE_IDR);
    expect(whole.data.map((r) => r.amountIdr).sort()).toEqual([-NDA_PRICE_IDR, -NDA_PRICE_IDR, NDA_PRICE_IDR, 10_000_000].sort());
    expect(whole.data[0]!.balanceAfterIdr).toBe(whole.balanceIdr);
    for (const [i, row] of whole.data.slice(1).entries())
      expect(row.balanceAfterIdr).toBe(whole.data[i]!.balanceAfterIdr - whole.data[i]!.amountIdr);
    expect(whole.data.at(-1)).toMatchObject({ amountIdr: 10_000_000, balanceAfterIdr: 10_000_000 });
    expect(
      whole.data
        .filter((r) => r.kind === "order_payment")
        .map((r) => r.reference)
        .sort(),
    ).toEqual([a.id, b.id].sort());

    const first = await as(user).organization.statement({ page: { limit: 2 } });
    const rest = await as(user).organization.statement({ page: { limit: 2, starting_after: first.data[1]!.id } });
    expect([...first.data, ...rest.data]).toEqual(whole.data);
    expect([first.has_more, rest.has_more]).toEqual([true, false]);

    expect((await as(user).organization.statement({ mode: "test" })).data).toEqual([
      expect.objectContaining({ amountIdr: 10_000_000, balanceAfterIdr: 10_000_000 }),
    ]);
    expect(await codeOf(as(user).organization.statement({ page: { starting_after: whole.data[0]!.id }, mode: "test" }))).toBe("VALIDATION");
  });

  it("spend per WIB month: the last 12 months, paid orders' prices, nothing refunded, each mode apart", async () => {
    const { org, test, user } = await shop();
    const [now, earlier, refunded] = [await order(org), await order(org), await order(org)];
    for (const o of [now, earlier, refunded]) await as(user).organization.decide({ orderId: o.id, approve: true });
    await as(user).organization.cancel({ orderId: refunded.id });
    // Paid at 2026-08-31 20:00 UTC: already September in Jakarta.
    await database.prisma.order.update({ where: { id: earlier.id }, data: { paidAt: new Date("2026-08-31T20:00:00Z") } });
    const sandbox = await order(test);
    await as(user).organization.decide({ orderId: sandbox.id, approve: true });

    const live = await as(user).organization.spend({});
    expect(live.map((m) => m.month)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(live.filter((m) => m.spentIdr > 0)).toEqual([
      { month: "2026-09", spentIdr: NDA_PRICE_IDR, orders: 1 },
      { month: "2026-11", spentIdr: NDA_PRICE_IDR, orders: 1 },
    ]);
    expect((await as(user).organization.spend({ mode: "test" })).filter((m) => m.spentIdr > 0)).toEqual([
      { month: "2026-11", spentIdr: NDA_PRICE_IDR, orders: 1 },
    ]);
  });
});

describe("editing a key", () => {
  const settings = {
    name: "agen-baru",
    scopes: ["status:baca" as const, "kasus:buat" as const],
    maxOrderIdr: 2_000_000,
    monthlyBudgetIdr: 9_000_000,
    webhookUrl: "https://agen.contoh.id/baru",
  };

  it("changes name, scopes, limits and webhook URL at once for the API, audited with before and after", async () => {
    const { token, apiKeyId } = await addTestKey(database.prisma, mine.id);
    await as(admin).organization.updateKey({ apiKeyId, ...settings });
    expect(await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${token}` })).toMatchObject({
      scopes: ["status:baca", "kasus:buat"],
      maxOrderIdr: 2_000_000n,
      monthlyBudgetIdr: 9_000_000n,
      webhookUrl: "https://agen.contoh.id/baru",
    });
    expect((await as(admin).organization.keys()).find((k) => k.id === apiKeyId)).toMatchObject({
      name: "agen-baru",
      maxOrderIdr: 2_000_000,
    });
    const entry = await database.prisma.auditLog.findFirstOrThrow({ where: { subjectId: apiKeyId, action: "api_key.update" } });
    expect(entry).toMatchObject({
      actorType: "org_admin",
      actorId: admin.id,
      data: { before: { name: "", max_order_idr: "25000000" }, after: { name: "agen-baru", max_order_idr: "2000000" } },
    });
  });

  it("refuses what creation refuses, a revoked key (INVALID_STATE) and another organisation's key (NOT_FOUND)", async () => {
    const { apiKeyId } = await addTestKey(database.prisma, mine.id);
    expect(await codeOf(as(admin).organization.updateKey({ apiKeyId, ...settings, webhookUrl: "http://agen.contoh.id/x" }))).toBe(
      "VALIDATION",
    );
    expect(await codeOf(as(admin).organization.updateKey({ apiKeyId, ...settings, scopes: [] }))).toBe("VALIDATION");
    expect(await codeOf(as(admin).organization.updateKey({ apiKeyId, ...settings, maxOrderIdr: 0 }))).toBe("VALIDATION");
    expect(await codeOf(as(admin).organization.updateKey({ apiKeyId: theirs.apiKeyId, ...settings }))).toBe("NOT_FOUND");
    expect(await database.prisma.apiKey.findUniqueOrThrow({ where: { id: theirs.apiKeyId } })).toMatchObject({
      name: "",
      webhookUrl: null,
    });
    await as(admin).organization.revokeKey({ apiKeyId });
    expect(await codeOf(as(admin).organization.updateKey({ apiKeyId, ...settings }))).toBe("INVALID_STATE");
    expect(await database.prisma.apiKey.findUniqueOrThrow({ where: { id: apiKeyId } })).toMatchObject({ name: "" });
  });
});

describe("a key's API version", () => {
  it("lists each key's version, and moves an older key to the current one for the next request, audited once", async () => {
    const { token, apiKeyId } = await addTestKey(database.prisma, mine.id);
    // An older version than any the table still serves: the only kind of older key one version allows.
    await database.prisma.apiKey.update({ where: { id: apiKeyId }, data: { apiVersion: "2026-06-01" } });
    expect((await as(admin).organization.keys()).find((k) => k.id === apiKeyId)?.apiVersion).toBe("2026-06-01");
    expect((await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${token}` })).apiVersion).toBe("2026-06-01");

    expect(await as(admin).organization.upgradeKeyVersion({ apiKeyId })).toEqual({ apiVersion: "2026-11-28" });
    expect((await as(admin).organization.keys()).find((k) => k.id === apiKeyId)?.apiVersion).toBe("2026-11-28");
    // Not the key cached a moment ago: the next request is answered in the new version.
    expect((await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${token}` })).apiVersion).toBe("2026-11-28");
    const audited = await database.prisma.auditLog.findMany({ where: { subjectId: apiKeyId, action: "api_key.upgrade_version" } });
    expect(audited).toEqual([
      expect.objectContaining({ actorType: "org_admin", actorId: admin.id, data: { before: "2026-06-01", after: "2026-11-28" } }),
    ]);

    // Already current: nothing to move, nothing audited.
    expect(await as(admin).organization.upgradeKeyVersion({ apiKeyId })).toEqual({ apiVersion: "2026-11-28" });
    expect(await database.prisma.auditLog.count({ where: { subjectId: apiKeyId, action: "api_key.upgrade_version" } })).toBe(1);
  });

  it("refuses a revoked key (INVALID_STATE) and another organisation's key (NOT_FOUND), changing neither", async () => {
    const { apiKeyId } = await addTestKey(database.prisma, mine.id);
    await database.prisma.apiKey.updateMany({ where: { id: { in: [apiKeyId, theirs.apiKeyId] } }, data: { apiVersion: "2026-06-01" } });
    expect(await codeOf(as(admin).organization.upgradeKeyVersion({ apiKeyId: theirs.apiKeyId }))).toBe("NOT_FOUND");
    await as(admin).organization.revokeKey({ apiKeyId });
    expect(await codeOf(as(admin).organization.upgradeKeyVersion({ apiKeyId }))).toBe("INVALID_STATE");
    const keys = await database.prisma.apiKey.findMany({ where: { id: { in: [apiKeyId, theirs.apiKeyId] } } });
    expect(keys.map((k) => k.apiVersion)).toEqual(["2026-06-01", "2026-06-01"]);
    await database.prisma.apiKey.update({ where: { id: theirs.apiKeyId }, data: { apiVersion: "2026-11-28" } });
  });
});

describe("a key's last requests", () => {
  it("lists a live or test key's newest requests for its own admin, newest first; another organisation's key is NOT_FOUND", async () => {
    const { apiKeyId } = await addTestKey(database.prisma, mine.id, { mode: "test" });
    expect(await as(admin).organization.keyRequests({ apiKeyId })).toEqual([]);
    const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000);
    await database.prisma.apiRequest.createMany({
      data: [
        { apiKeyId, requestId: "req_lama", method: "GET", path: "/v1/balance", status: 200, createdAt: at(1) },
        { apiKeyId, requestId: "req_baru", method: "MCP", path: "tools/call buat_order", status: 402, createdAt: at(2) },
        { apiKeyId: theirs.apiKeyId, requestId: "req_mereka", method: "GET", path: "/v1/balance", status: 200, createdAt: at(3) },
      ],
    });
    expect(await as(admin).organization.keyRequests({ apiKeyId })).toEqual([
      { requestId: "req_baru", method: "MCP", path: "tools/call buat_order", status: 402, createdAt: at(2) },
      { requestId: "req_lama", method: "GET", path: "/v1/balance", status: 200, createdAt: at(1) },
    ]);
    expect(await codeOf(as(admin).organization.keyRequests({ apiKeyId: theirs.apiKeyId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(otherAdmin).organization.keyRequests({ apiKeyId }))).toBe("NOT_FOUND");
  });
});

describe("the webhook log as a table", () => {
  it("filters by mode and delivery status and pages by event", async () => {
    const org = await createTestOrg(database.prisma, { depositIdr: 10_000_000n });
    const user = await portalUser(database.prisma, "org_admin", org.id);
    const testKey = await addTestKey(database.prisma, org.id, { mode: "test", webhookUrl: "https://agen.contoh.id/uji" });
    await topUpDeposit(
      { db: database.prisma },
      { actor: SEED, organizationId: org.id, amountIdr: 10_000_000n, reference: "uji", livemode: false },
    );
    const live = [
      await order(org, { callback_url: "https://agen.contoh.id/a" }),
      await order(org, { callback_url: "https://agen.contoh.id/b" }),
    ];
    const sandbox = await order({ id: org.id, ...testKey });

    const all = await as(user).organization.webhookDeliveries({});
    expect(all.data.map((e) => e.orderId).sort()).toEqual(live.map((o) => o.id).sort());
    expect((await as(user).organization.webhookDeliveries({ mode: "test" })).data.map((e) => e.orderId)).toEqual([sandbox.id]);
    expect((await as(user).organization.webhookDeliveries({ status: "terkirim" })).data).toEqual([]);
    expect((await as(user).organization.webhookDeliveries({ status: "menunggu" })).data).toHaveLength(2);

    const first = await as(user).organization.webhookDeliveries({ page: { limit: 1 } });
    const second = await as(user).organization.webhookDeliveries({ page: { limit: 1, starting_after: first.data[0]!.id } });
    expect([first.has_more, second.has_more]).toEqual([true, false]);
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual(all.data.map((e) => e.id));
    expect(await codeOf(as(user).organization.webhookDeliveries({ mode: "test", page: { starting_after: first.data[0]!.id } }))).toBe(
      "VALIDATION",
    );
  });
});

describe("team and invitations", () => {
  it("invites by e-mail: stores only the token's hash, queues the e-mail with the link, lists it; refuses an existing account or a second pending one", async () => {
    const invited = await as(admin).organization.invite({ email: " Rekan@Contoh.ID " });
    expect(invited).toMatchObject({ email: "rekan@contoh.id", expiresAt: new Date(clock.now().getTime() + 7 * 86_400_000) });
    const token = invited.link.split("/undangan/")[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await database.prisma.invitation.findUniqueOrThrow({ where: { id: invited.id } });
    expect(row).toMatchObject({ organizationId: mine.id, invitedByUserId: admin.id, tokenHash: tokenHashOf(token) });
    expect(JSON.stringify(row)).not.toContain(token);
    const mail = await database.prisma.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `invitation:${invited.id}` } });
    expect(mail).toMatchObject({ toAddress: "rekan@contoh.id", status: "menunggu" });
    expect(mail.text).toContain(invited.link);

    const team = await as(admin).organization.team();
    expect(team.members.map((m) => m.userId)).toEqual([admin.id]);
    expect(team.invitations).toEqual([expect.objectContaining({ id: invited.id, email: "rekan@contoh.id", status: "menunggu" })]);
    expect(JSON.stringify(team)).not.toContain(token);
    expect((await as(otherAdmin).organization.team()).invitations).toEqual([]);

    expect(await codeOf(as(admin).organization.invite({ email: "rekan@contoh.id" }))).toBe("CONFLICT");
    expect(await codeOf(as(admin).organization.invite({ email: otherAdmin.email }))).toBe("CONFLICT");
    expect(await codeOf(as(admin).organization.invite({ email: "bukan-email" }))).toBe("VALIDATION");
    expect(await database.prisma.auditLog.count({ where: { subjectId: invited.id, action: "invitation.create", actorId: admin.id } })).toBe(
      1,
    );
  });

  it("revokes its own pending invitation once; another organisation's is NOT_FOUND", async () => {
    const invited = await as(admin).organization.invite({ email: "dicabut@contoh.id" });
    expect(await codeOf(as(otherAdmin).organization.revokeInvitation({ invitationId: invited.id }))).toBe("NOT_FOUND");
    await as(admin).organization.revokeInvitation({ invitationId: invited.id });
    expect((await as(admin).organization.team()).invitations.find((i) => i.id === invited.id)?.status).toBe("dicabut");
    expect(await codeOf(as(admin).organization.revokeInvitation({ invitationId: invited.id }))).toBe("INVALID_STATE");
    // Once revoked, the address may be invited again.
    expect((await as(admin).organization.invite({ email: "dicabut@contoh.id" })).id).not.toBe(invited.id);
  });
});

describe("an order's files", () => {
  it("lists every file, the delivery first, then the order's, then each message's; live files open, test files do not", async () => {
    const org = await createTestOrg(database.prisma, { depositIdr: 5_000_000n });
    const orgAdmin = await portalUser(database.prisma, "org_admin", org.id);
    const placed = await orderWithFiles(database.prisma, clock, org, await createTestPractitioner(database.prisma));
    const view = await as(orgAdmin).organization.order({ orderId: placed.orderId });
    const [question, answer] = view.messages.filter((m) => m.role !== "system").map((m) => m.id);
    expect(view.files).toEqual([
      {
        id: placed.result.id,
        filename: "nda-final.pdf",
        contentType: "application/pdf",
        size: placed.result.size,
        from: "deliverable",
        messageId: null,
        downloadable: true,
      },
      expect.objectContaining({ id: placed.contract.id, from: "order", messageId: null, downloadable: true }),
      expect.objectContaining({ id: placed.draft.id, from: "message", messageId: question, downloadable: true }),
      expect.objectContaining({ id: placed.scan.id, from: "message", messageId: answer, downloadable: true }),
    ]);

    const testOrg = { id: org.id, ...(await addTestKey(database.prisma, org.id, { mode: "test" })) };
    await topUpTestDeposit(
      { db: database.prisma, clock },
      {
        actor: agentActor(await agentKey(database.prisma, clock, testOrg)),
        amountIdr: 5_000_000,
      },
    );
    const testFile = await uploadTestFile(
      { db: database.prisma, clock },
      { organizationId: org.id, livemode: false, apiKeyId: testOrg.apiKeyId },
    );
    const testOrder = await createPaidOrder(database.prisma, clock, testOrg, { attachments: [testFile.id] });
    expect((await as(orgAdmin).organization.order({ orderId: testOrder.id })).files).toEqual([
      expect.objectContaining({ id: testFile.id, from: "order", downloadable: false }),
    ]);
  });
});
