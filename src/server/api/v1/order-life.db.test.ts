import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { agentActor, operatorActor, SWEEPER } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { fixedClock } from "@/server/domain/clock";
import { DEFAULT_ORDER_RULES } from "@/server/domain/orders/order-rules";
import { pageRequestOf } from "@/server/domain/paging";
import { JOB_KINDS } from "@/server/jobs/registry";
import { createSweeper } from "@/server/jobs/sweeper";
import { authenticateApiKey, practitionerActorOf } from "@/server/services/access";
import type { ServiceDeps } from "@/server/services/deps";
import { accounts, balanceOf, spentThisMonth } from "@/server/services/money";
import {
  acceptOffer,
  ensureOffering,
  expireOffer,
  refundStalledOrder,
  restartOffering,
  STALL_REFUND_MESSAGE,
} from "@/server/services/offers";
import {
  acceptOrderResult,
  autoAcceptMessage,
  autoAcceptOrder,
  cancelOrder,
  deliverResult,
  listDisputes,
  listMyOffers,
  listMyWithdrawnOffers,
  listSlaBreaches,
  listStalledOrders,
  openDispute,
  operatorOrderAction,
  requestRevision,
  startWork,
} from "@/server/services/orders";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import {
  companyIntake,
  createTestPractitioner,
  escrowMismatches,
  LEDGER_SOUND,
  ledgerInvariants,
  NDA_CLIENT_PRICE_IDR,
  NDA_PRICE_IDR,
  ndaOrder,
} from "@/test/orders";
import { raceOnOrderRow } from "@/test/races";
import { testWebhookSettings } from "@/test/webhooks";

/**
 * An order's life after it is paid, through the real /v1 handler: the agent cancels, sends a
 * result back, disputes; the timers accept, refund and flag on their own; and the money stays
 * exact through each step and each race.
 */

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
const START = "2026-11-23T03:00:00.000Z";
const clock = fixedClock(START);
// Rounds of races leave offers live for the one practitioner: the cap on live offers is not what these prove.
const deps = () => ({ db: database.prisma, clock, orderRules: { ...DEFAULT_ORDER_RULES, offerCap: 1_000 } });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type OrderBody = {
  id: string;
  status: string;
  revision_count: number;
  auto_accept_at: string | null;
  sla_breached_at: string | null;
  offering: { round: number; stalled_since: string | null; stalled_reason: string | null; refund_at: string | null } | null;
  deliverable: string | null;
  messages: Array<{ role: string; body: string }>;
  error?: { code: string; message: string };
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 900_000_000n, monthlyBudgetIdr: 900_000_000n });
  // Every NDA order in this file can be offered to someone.
  await createTestPractitioner(database.prisma, ["kontrak"]);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function call(method: "GET" | "POST", path: string, json?: unknown, token = org.token) {
  const res = await api.call(path, { method, token, json });
  return { status: res.status, body: (await res.json()) as OrderBody };
}
const post = (path: string, json: unknown = {}, token?: string) => call("POST", path, json, token);
const get = (path: string, token?: string) => call("GET", path, undefined, token);

async function newOrder(token = org.token, body: Record<string, unknown> = {}): Promise<OrderBody> {
  const created = await post("/v1/orders", ndaOrder(body), token);
  expect(created.status).toBe(201);
  return created.body;
}

const deposit = (orgId = org.id) => balanceOf(database.prisma, accounts.orgDeposit(orgId, true));
const escrow = (orderId: string, orgId = org.id) =>
  balanceOf(database.prisma, accounts.orderEscrow({ id: orderId, organizationId: orgId, livemode: true }));
const eventTypes = async (orderId: string) =>
  (await database.prisma.webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" }, select: { type: true } })).map((e) => e.type);
const row = (orderId: string) => database.prisma.order.findUniqueOrThrow({ where: { id: orderId } });

/** Offering starts and someone eligible holds the live offer. */
async function offered(orderId: string) {
  await ensureOffering(deps(), {
    actor: SWEEPER,
    orderId,
  });
  return database.prisma.offer.findFirstOrThrow({ where: { orderId, status: "aktif" } });
}

/** A practitioner takes it, starts, and delivers; returns who holds it. */
async function delivered(orderId: string): Promise<string> {
  const offer = await offered(orderId);
  await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, offer.practitionerId), offerId: offer.id });
  await startWork(deps(), { actor: await practitionerActorOf(deps().db, offer.practitionerId), orderId });
  await deliverResult(deps(), {
    actor: await practitionerActorOf(deps().db, offer.practitionerId),
    orderId,
    deliverable: "https://berkas.contoh.id/nda-v1.pdf",
  });
  return offer.practitionerId;
}

/** An order nobody in this database may take: the service needs a Notaris, the practitioner is an Advokat. */
const unofferable = (name: string) => ({
  service: "pendirian_pt",
  intake: companyIntake({ usulan_nama_pt: name }),
});

async function moneyIsExact() {
  expect(await ledgerInvariants(database.prisma)).toEqual(LEDGER_SOUND);
  expect(await escrowMismatches(database.prisma)).toEqual([]);
}

describe("POST /v1/orders/{id}/cancel", () => {
  it("cancels an order waiting for approval: nothing was paid, nothing moves, the reason is a client message", async () => {
    const waitingOrg = await createTestOrg(database.prisma, { depositIdr: 5_000_000n, thresholdIdr: 1_000_000n });
    const order = await newOrder(waitingOrg.token);
    expect(order.status).toBe("menunggu_bayar");
    const { status, body } = await post(`/v1/orders/${order.id}/cancel`, { reason: "Klien berubah pikiran." }, waitingOrg.token);
    expect([status, body.status]).toEqual([200, "dibatalkan"]);
    expect(body.messages).toEqual([expect.objectContaining({ role: "client", body: "Klien berubah pikiran." })]);
    expect(await deposit(waitingOrg.id)).toBe(5_000_000n);
    expect(await eventTypes(order.id)).toEqual(["order.dibatalkan"]);
    await moneyIsExact();
  });

  it("cancels a paid order nobody took: the whole escrow back in the deposit, the month's spend lowered, order.dibatalkan", async () => {
    const key = await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${org.token}` });
    const depositBefore = await deposit();
    const spentBefore = await spentThisMonth(database.prisma, clock, key.id);
    const order = await newOrder();
    expect(await deposit()).toBe(depositBefore - BigInt(NDA_PRICE_IDR));
    expect(await spentThisMonth(database.prisma, clock, key.id)).toBe(spentBefore + BigInt(NDA_PRICE_IDR));
    const { status, body } = await post(`/v1/orders/${order.id}/cancel`);
    expect([status, body.status, body.messages]).toEqual([200, "dibatalkan", []]);
    expect(await deposit()).toBe(depositBefore);
    expect(await escrow(order.id)).toBe(0n);
    expect(await spentThisMonth(database.prisma, clock, key.id)).toBe(spentBefore);
    expect(await eventTypes(order.id)).toEqual(["order.dibayar", "order.dibatalkan"]);
    const refund = await database.prisma.ledgerTransfer.findFirstOrThrow({ where: { reference: order.id, kind: "order_refund" } });
    expect(refund).toBeDefined();
    await moneyIsExact();
  });

  it("withdraws a live offer from the practitioner's inbox at once, and tells them why", async () => {
    const order = await newOrder();
    const offer = await offered(order.id);
    expect(
      (
        await listMyOffers(deps(), {
          actor: await practitionerActorOf(deps().db, offer.practitionerId),
          request: pageRequestOf({}),
        })
      ).data.map((o) => o.order.id),
    ).toContain(order.id);
    expect((await post(`/v1/orders/${order.id}/cancel`)).body.status).toBe("dibatalkan");
    expect(
      (
        await listMyOffers(deps(), {
          actor: await practitionerActorOf(deps().db, offer.practitionerId),
          request: pageRequestOf({}),
        })
      ).data.map((o) => o.order.id),
    ).not.toContain(order.id);
    expect(await database.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({
      status: "dibatalkan",
      respondedAt: clock.now(),
    });
    expect(
      (
        await listMyWithdrawnOffers(deps(), {
          actor: await practitionerActorOf(deps().db, offer.practitionerId),
          request: pageRequestOf({}),
        })
      ).data,
    ).toContainEqual(expect.objectContaining({ offerId: offer.id, orderId: order.id, orderStatus: "dibatalkan" }));
    // The practitioner's late accept finds nothing to take.
    await expect(
      acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, offer.practitionerId), offerId: offer.id }),
    ).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    await moneyIsExact();
  });

  it("refuses once a practitioner has taken the order: 409 INVALID_STATE, nothing moves", async () => {
    const order = await newOrder();
    const offer = await offered(order.id);
    await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, offer.practitionerId), offerId: offer.id });
    const events = await eventTypes(order.id);
    const { status, body } = await post(`/v1/orders/${order.id}/cancel`, { reason: "Tidak jadi." });
    expect([status, body.error?.code]).toEqual([409, "INVALID_STATE"]);
    expect(body.error?.message).toContain("The order is diambil");
    expect((await row(order.id)).status).toBe("diambil");
    expect(await escrow(order.id)).toBe(BigInt(NDA_PRICE_IDR));
    expect(await eventTypes(order.id)).toEqual(events);
    expect(await database.prisma.orderMessage.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("answers another organisation's order, and the other mode's, with 404, and a key without order:buat with 403", async () => {
    const order = await newOrder();
    const stranger = await createTestOrg(database.prisma);
    expect((await post(`/v1/orders/${order.id}/cancel`, {}, stranger.token)).status).toBe(404);
    const testKey = await addTestKey(database.prisma, org.id, { mode: "test" });
    expect((await post(`/v1/orders/${order.id}/cancel`, {}, testKey.token)).status).toBe(404);
    const reader = await addTestKey(database.prisma, org.id, { scopes: ["status:baca"] });
    const refused = await post(`/v1/orders/${order.id}/cancel`, {}, reader.token);
    expect([refused.status, refused.body.error?.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    expect((await row(order.id)).status).toBe("dibayar");
  });

  it.each([
    ["an unknown field", { alasan: "x" }],
    ["a blank reason", { reason: "   " }],
    ["a reason over 10,000 characters", { reason: "a".repeat(10_001) }],
  ])("refuses %s with 400 VALIDATION and changes nothing", async (_what, body) => {
    const order = await newOrder();
    const answer = await post(`/v1/orders/${order.id}/cancel`, body);
    expect([answer.status, answer.body.error?.code]).toEqual([400, "VALIDATION"]);
    expect((await row(order.id)).status).toBe("dibayar");
  });
});

describe("POST /v1/orders/{id}/revision", () => {
  it("sends a delivered result back: dikerjakan, the reason as a client message, auto-acceptance stopped, order.dikerjakan", async () => {
    const order = await newOrder();
    const practitionerId = await delivered(order.id);
    const before = (await get(`/v1/orders/${order.id}`)).body;
    expect(before.auto_accept_at).toBe(new Date(Date.parse(START) + 7 * DAY).toISOString());
    const { status, body } = await post(`/v1/orders/${order.id}/revision`, { reason: "Tambahkan klausul jangka waktu 3 tahun." });
    expect([status, body.status, body.revision_count, body.auto_accept_at]).toEqual([200, "dikerjakan", 1, null]);
    expect(body.messages.at(-1)).toMatchObject({ role: "client", body: "Tambahkan klausul jangka waktu 3 tahun." });
    // The result sent back stays readable until the next delivery replaces it.
    expect(body.deliverable).toBe("https://berkas.contoh.id/nda-v1.pdf");
    expect((await eventTypes(order.id)).slice(-2)).toEqual(["order.diserahkan", "order.dikerjakan"]);
    await deliverResult(deps(), {
      actor: await practitionerActorOf(deps().db, practitionerId),
      orderId: order.id,
      deliverable: "https://berkas.contoh.id/nda-v2.pdf",
    });
    expect((await get(`/v1/orders/${order.id}`)).body).toMatchObject({
      status: "diserahkan",
      deliverable: "https://berkas.contoh.id/nda-v2.pdf",
      revision_count: 1,
    });
    await moneyIsExact();
  });

  it("allows two revisions, then answers 409 REVISION_LIMIT and leaves the result delivered", async () => {
    const order = await newOrder();
    const practitionerId = await delivered(order.id);
    for (const round of [1, 2]) {
      expect((await post(`/v1/orders/${order.id}/revision`, { reason: `Revisi ${round}` })).body.revision_count).toBe(round);
      await deliverResult(deps(), {
        actor: await practitionerActorOf(deps().db, practitionerId),
        orderId: order.id,
        deliverable: `https://berkas.contoh.id/nda-r${round}.pdf`,
      });
    }
    const third = await post(`/v1/orders/${order.id}/revision`, { reason: "Revisi 3" });
    expect([third.status, third.body.error?.code]).toEqual([409, "REVISION_LIMIT"]);
    expect(third.body.error?.message).toMatch(/accept the result or open a dispute/);
    expect(await row(order.id)).toMatchObject({ status: "diserahkan", revisionCount: 2 });
    // The operator is not bound by the client's limit.
    await operatorOrderAction(deps(), {
      actor: operatorActor("usr_op"),
      input: { orderId: order.id, action: "request_revision", note: "Perbaiki tanda tangan." },
    });
    expect(await row(order.id)).toMatchObject({ status: "dikerjakan", revisionCount: 3 });
  });

  it("takes the limit from the settings: with ORDER_MAX_REVISIONS=0 no revision is possible", async () => {
    const order = await newOrder();
    await delivered(order.id);
    const key = await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${org.token}` });
    await expect(
      requestRevision(
        { ...deps(), orderRules: { ...DEFAULT_ORDER_RULES, maxRevisions: 0 } },
        {
          actor: agentActor(key),
          orderId: order.id,
          reason: "Ubah.",
        },
      ),
    ).rejects.toMatchObject({ code: "REVISION_LIMIT" });
  });

  it("refuses an order that is not delivered (409) and a missing reason (400)", async () => {
    const order = await newOrder();
    const notYet = await post(`/v1/orders/${order.id}/revision`, { reason: "Ubah." });
    expect([notYet.status, notYet.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    const missing = await post(`/v1/orders/${order.id}/revision`, {});
    expect([missing.status, missing.body.error?.code]).toEqual([400, "VALIDATION"]);
  });
});

describe("POST /v1/orders/{id}/dispute", () => {
  it("puts a taken order in the operator's dispute queue with the reason; the escrow stays", async () => {
    const order = await newOrder();
    const offer = await offered(order.id);
    await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, offer.practitionerId), offerId: offer.id });
    await startWork(deps(), { actor: await practitionerActorOf(deps().db, offer.practitionerId), orderId: order.id });
    const { status, body } = await post(`/v1/orders/${order.id}/dispute`, { reason: "Praktisi tidak membalas selama seminggu." });
    expect([status, body.status]).toEqual([200, "sengketa"]);
    expect(await escrow(order.id)).toBe(BigInt(NDA_PRICE_IDR));
    expect((await eventTypes(order.id)).at(-1)).toBe("order.sengketa");
    expect(
      (
        await listDisputes(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).find((d) => d.id === order.id),
    ).toMatchObject({
      organization: { id: org.id },
      practitioner: { id: offer.practitionerId },
      priceIdr: NDA_PRICE_IDR,
      reason: "Praktisi tidak membalas selama seminggu.",
      openedAt: clock.now(),
    });
  });

  it("refuses before anyone took the order: the agent cancels instead", async () => {
    const order = await newOrder();
    const answer = await post(`/v1/orders/${order.id}/dispute`, { reason: "Terlalu lama." });
    expect([answer.status, answer.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    expect(answer.body.error?.message).toContain("possible only when it is diambil or dikerjakan or butuh_input_klien or diserahkan");
  });

  it.each([
    ["refund", "direfund"],
    ["settle_for_practitioner", "selesai"],
    ["resume_work", "dikerjakan"],
  ] as const)("the operator ends a dispute with %s (→ %s), the money exact", async (action, outcome) => {
    const order = await newOrder();
    const practitionerId = await delivered(order.id);
    await post(`/v1/orders/${order.id}/dispute`, { reason: "Hasil tidak sesuai." });
    const depositBefore = await deposit();
    const payable = () => balanceOf(database.prisma, accounts.practitionerPayable(practitionerId));
    const payableBefore = await payable();
    const done = await operatorOrderAction(deps(), {
      actor: operatorActor("usr_op"),
      input: { orderId: order.id, action, note: "Diputuskan setelah memeriksa percakapan." },
    });
    expect(done.status).toBe(outcome);
    expect(await deposit()).toBe(depositBefore + (action === "refund" ? BigInt(NDA_PRICE_IDR) : 0n));
    expect(await payable()).toBe(payableBefore + (action === "settle_for_practitioner" ? BigInt(NDA_CLIENT_PRICE_IDR) : 0n));
    expect(
      (
        await listDisputes(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).map((d) => d.id),
    ).not.toContain(order.id);
    await moneyIsExact();
  });
});

describe("auto-acceptance", () => {
  it("accepts a result left diserahkan for ORDER_AUTO_ACCEPT_DAYS, releases escrow and says why; not a moment earlier", async () => {
    const order = await newOrder();
    const practitionerId = await delivered(order.id);
    const due = Date.parse(START) + 7 * DAY;
    await autoAcceptOrder(
      { db: database.prisma, clock: fixedClock(due - 1) },
      {
        actor: SWEEPER,
        orderId: order.id,
      },
    );
    expect((await row(order.id)).status).toBe("diserahkan");
    await autoAcceptOrder(
      { db: database.prisma, clock: fixedClock(due) },
      {
        actor: SWEEPER,
        orderId: order.id,
      },
    );
    const done = (await get(`/v1/orders/${order.id}`)).body;
    expect(done).toMatchObject({ status: "selesai", auto_accept_at: null });
    expect(done.messages.at(-1)).toEqual(expect.objectContaining({ role: "system", body: autoAcceptMessage(7) }));
    expect(await balanceOf(database.prisma, accounts.practitionerPayable(practitionerId))).toBeGreaterThanOrEqual(
      BigInt(NDA_CLIENT_PRICE_IDR),
    );
    expect((await eventTypes(order.id)).at(-1)).toBe("order.selesai");
    expect(await database.prisma.auditLog.count({ where: { subjectId: order.id, action: "order.auto_accept", actorType: "system" } })).toBe(
      1,
    );
    await moneyIsExact();
  });

  it("does nothing once the client accepted, asked for a revision or disputed first", async () => {
    const accepted = await newOrder();
    await delivered(accepted.id);
    await post(`/v1/orders/${accepted.id}/accept`);
    const revised = await newOrder();
    await delivered(revised.id);
    await post(`/v1/orders/${revised.id}/revision`, { reason: "Ubah judul." });
    const later = { db: database.prisma, clock: fixedClock(Date.parse(START) + 30 * DAY) };
    await autoAcceptOrder(later, {
      actor: SWEEPER,
      orderId: accepted.id,
    });
    await autoAcceptOrder(later, {
      actor: SWEEPER,
      orderId: revised.id,
    });
    expect((await row(accepted.id)).status).toBe("selesai");
    expect(await database.prisma.ledgerTransfer.count({ where: { reference: accepted.id, kind: "escrow_release" } })).toBe(1);
    expect((await row(revised.id)).status).toBe("dikerjakan");
    await moneyIsExact();
  });
});

describe("offering that stalls", () => {
  it("shows the stall on the order, refunds it OFFER_STALL_HOURS later with a message; re-offering first moves the time", async () => {
    const create = await post("/v1/orders", unofferable("PT Maju Jaya"));
    expect(create.status, JSON.stringify(create.body)).toBe(201);
    const order = create.body as OrderBody & { price_idr: number };
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: order.id,
    });
    const stalled = (await get(`/v1/orders/${order.id}`)).body;
    const refundAt = new Date(Date.parse(START) + 24 * HOUR).toISOString();
    expect(stalled).toMatchObject({
      status: "ditawarkan",
      offering: { round: 1, stalled_since: START, refund_at: refundAt, stalled_reason: expect.stringContaining("Tidak ada praktisi") },
    });
    expect(
      (
        await listStalledOrders(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).find((o) => o.id === order.id),
    ).toMatchObject({
      refundAt: new Date(refundAt),
    });

    // The operator offers it again an hour later; still nobody, so it stalls again from then.
    await restartOffering(
      { db: database.prisma, clock: fixedClock(Date.parse(START) + HOUR) },
      { actor: operatorActor("usr_op"), orderId: order.id },
    );
    const secondRefundAt = new Date(Date.parse(START) + 25 * HOUR);
    expect(await row(order.id)).toMatchObject({ offerRound: 2, offeringRefundAt: secondRefundAt });
    await refundStalledOrder(
      { db: database.prisma, clock: fixedClock(refundAt) },
      {
        actor: SWEEPER,
        orderId: order.id,
      },
    );
    expect((await row(order.id)).status).toBe("ditawarkan");

    const depositBefore = await deposit();
    await refundStalledOrder(
      { db: database.prisma, clock: fixedClock(secondRefundAt) },
      {
        actor: SWEEPER,
        orderId: order.id,
      },
    );
    const refunded = (await get(`/v1/orders/${order.id}`)).body;
    expect(refunded).toMatchObject({ status: "direfund", offering: null });
    expect(refunded.messages.at(-1)).toEqual(expect.objectContaining({ role: "system", body: STALL_REFUND_MESSAGE }));
    expect(await deposit()).toBe(depositBefore + BigInt(order.price_idr));
    expect((await eventTypes(order.id)).at(-1)).toBe("order.direfund");
    expect(
      (
        await listStalledOrders(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).map((o) => o.id),
    ).not.toContain(order.id);
    await moneyIsExact();
  });
});

describe("SLA breaches", () => {
  it("exposes sla_breached_at and lists the order for the operator once its SLA passed before delivery", async () => {
    const order = await newOrder();
    await offered(order.id);
    const slaDue = (await row(order.id)).slaDueAt!.getTime();
    expect((await get(`/v1/orders/${order.id}`)).body.sla_breached_at).toBeNull();
    const sweeper = createSweeper({
      deps: { db: database.prisma, clock: fixedClock(slaDue + 1), webhooks: testWebhookSettings },
      kinds: JOB_KINDS.filter((k) => k.name === "sla-breach"),
      intervalMs: 1000,
      concurrency: 50,
    });
    await sweeper.runOnce();
    await sweeper.stop();
    expect((await get(`/v1/orders/${order.id}`)).body.sla_breached_at).toBe(new Date(slaDue + 1).toISOString());
    expect(
      (
        await listSlaBreaches(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).map((o) => o.id),
    ).toContain(order.id);
  });
});

describe("the timers after a restart", () => {
  it("a fresh engine on a fresh connection finds every deadline that fell due while nothing ran, and acts on each once", async () => {
    const expiring = await newOrder();
    const offer = await offered(expiring.id);
    const deliveredOrder = await newOrder();
    await delivered(deliveredOrder.id);
    const stalling = await post("/v1/orders", unofferable("PT Dua"));
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: stalling.body.id,
    });

    // The process "restarts" eight days later: a new connection (on PostgreSQL) and a new engine
    // with no memory of the old one; everything it knows comes from the rows.
    const reopened = testDatabaseKind === "postgres" ? await openDatabase({ databaseUrl: database.url! }) : null;
    const db = reopened?.prisma ?? database.prisma;
    const later = fixedClock(Date.parse(START) + 8 * DAY);
    const sweeper = createSweeper({
      deps: { db, clock: later, webhooks: testWebhookSettings },
      kinds: JOB_KINDS.filter((k) => k.name !== "webhook-delivery"),
      intervalMs: 1000,
      concurrency: 200,
    });
    try {
      for (let scan = 0; scan < 5; scan++) await sweeper.runOnce();
    } finally {
      await sweeper.stop();
      await reopened?.close();
    }
    expect((await database.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("kedaluwarsa");
    expect((await row(deliveredOrder.id)).status).toBe("selesai");
    expect((await row(stalling.body.id)).status).toBe("direfund");
    expect(await database.prisma.ledgerTransfer.count({ where: { reference: deliveredOrder.id, kind: "escrow_release" } })).toBe(1);
    expect(await database.prisma.ledgerTransfer.count({ where: { reference: stalling.body.id, kind: "order_refund" } })).toBe(1);
    await moneyIsExact();
  });
});

describe.runIf(testDatabaseKind === "postgres")("races, forced to overlap", () => {
  const race = <A, B>(orderId: string, first: () => Promise<A>, second: () => Promise<B>) =>
    raceOnOrderRow(database.url!, orderId, first, second);

  const outcomeCodes = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) => (r.status === "fulfilled" ? "ok" : (r.reason as { code?: string }).code));

  it("accept versus cancel: exactly one wins, and the money follows the winner", async () => {
    const key = await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${org.token}` });
    for (let round = 0; round < 10; round++) {
      const order = await newOrder();
      const offer = await offered(order.id);
      const depositBefore = await deposit();
      const offeredTo = await practitionerActorOf(database.prisma, offer.practitionerId);
      const results = await race(
        order.id,
        () => acceptOffer(deps(), { noConflict: true, actor: offeredTo, offerId: offer.id }),
        () =>
          cancelOrder(deps(), {
            actor: agentActor(key),
            orderId: order.id,
          }),
      );
      const codes = outcomeCodes(results);
      expect(
        codes.filter((c) => c === "ok"),
        codes.join(),
      ).toHaveLength(1);
      expect(codes.filter((c) => c !== "ok")).toEqual(["INVALID_STATE"]);
      const after = await row(order.id);
      if (codes[0] === "ok") {
        expect(after.status).toBe("diambil");
        expect(await escrow(order.id)).toBe(BigInt(NDA_PRICE_IDR));
        expect(await deposit()).toBe(depositBefore);
      } else {
        expect(after.status).toBe("dibatalkan");
        expect((await database.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("dibatalkan");
        expect(await deposit()).toBe(depositBefore + BigInt(NDA_PRICE_IDR));
      }
    }
    await moneyIsExact();
  });

  it("expiry versus take at the offer's last moment: exactly one of them happens", async () => {
    for (let round = 0; round < 10; round++) {
      const order = await newOrder();
      const offer = await offered(order.id);
      const atExpiry = { db: database.prisma, clock: fixedClock(offer.expiresAt) };
      const justBefore = { db: database.prisma, clock: fixedClock(offer.expiresAt.getTime() - 1) };
      const offeredTo = await practitionerActorOf(database.prisma, offer.practitionerId);
      const results = await race(
        order.id,
        () => acceptOffer(justBefore, { noConflict: true, actor: offeredTo, offerId: offer.id }),
        () =>
          expireOffer(atExpiry, {
            actor: SWEEPER,
            offerId: offer.id,
          }),
      );
      const final = await database.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } });
      const after = await row(order.id);
      if (results[0].status === "fulfilled") {
        expect([final.status, after.status, after.practitionerId]).toEqual(["diterima", "diambil", offer.practitionerId]);
      } else {
        expect((results[0].reason as { code: string }).code).toBe("INVALID_STATE");
        expect(final.status).toBe("kedaluwarsa");
        expect(after.status).toBe("ditawarkan");
        expect(after.practitionerId).toBeNull();
      }
      expect(results[1].status).toBe("fulfilled");
    }
    await moneyIsExact();
  });

  /** Six rounds, each on a freshly delivered order, with the client's key and the auto-acceptance timer due; then the ledger checked. */
  async function roundsOnDeliveredOrders(round: (orderId: string, key: AuthenticatedKey, due: ServiceDeps) => Promise<void>) {
    const key = await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${org.token}` });
    const due = { db: database.prisma, clock: fixedClock(Date.parse(START) + 7 * DAY) };
    for (let i = 0; i < 6; i++) {
      const order = await newOrder();
      await delivered(order.id);
      await round(order.id, key, due);
    }
    await moneyIsExact();
  }
  const escrowReleases = (orderId: string) =>
    database.prisma.ledgerTransfer.count({ where: { reference: orderId, kind: "escrow_release" } });

  it("accept versus dispute: exactly one wins; escrow released once, or kept for the operator", async () => {
    await roundsOnDeliveredOrders(async (orderId, key) => {
      const results = await race(
        orderId,
        () =>
          acceptOrderResult(deps(), {
            actor: agentActor(key),
            orderId,
          }),
        () =>
          openDispute(deps(), {
            actor: agentActor(key),
            orderId,
            reason: "Hasil tidak sesuai.",
          }),
      );
      const codes = outcomeCodes(results);
      expect(
        codes.filter((c) => c !== "ok"),
        codes.join(),
      ).toEqual(["INVALID_STATE"]);
      const releases = await escrowReleases(orderId);
      if (codes[0] === "ok") expect([(await row(orderId)).status, releases]).toEqual(["selesai", 1]);
      else expect([(await row(orderId)).status, releases, await escrow(orderId)]).toEqual(["sengketa", 0, BigInt(NDA_PRICE_IDR)]);
    });
  });

  it("accept versus auto-acceptance: the result accepted once, escrow released once", async () => {
    await roundsOnDeliveredOrders(async (orderId, key, due) => {
      const results = await race(
        orderId,
        () =>
          acceptOrderResult(deps(), {
            actor: agentActor(key),
            orderId,
          }),
        () =>
          autoAcceptOrder(due, {
            actor: SWEEPER,
            orderId,
          }),
      );
      // The timer never fails on losing; the client's accept does, with 409.
      expect(results[1].status).toBe("fulfilled");
      expect(["ok", "INVALID_STATE"]).toContain(outcomeCodes(results)[0]);
      expect((await row(orderId)).status).toBe("selesai");
      expect(await escrowReleases(orderId)).toBe(1);
      expect(await database.prisma.webhookEvent.count({ where: { orderId, type: "order.selesai" } })).toBe(1);
    });
  });

  it("auto-acceptance versus a revision: one of them, never both, and escrow released at most once", async () => {
    await roundsOnDeliveredOrders(async (orderId, key, due) => {
      const results = await race(
        orderId,
        () =>
          autoAcceptOrder(due, {
            actor: SWEEPER,
            orderId,
          }),
        () =>
          requestRevision(deps(), {
            actor: agentActor(key),
            orderId,
            reason: "Ubah pasal 3.",
          }),
      );
      // The timer never fails on losing: it re-reads the locked row and finds nothing to do.
      expect(results[0].status).toBe("fulfilled");
      const after = await row(orderId);
      const releases = await escrowReleases(orderId);
      if (results[1].status === "fulfilled") expect([after.status, releases]).toEqual(["dikerjakan", 0]);
      else expect([(results[1].reason as { code: string }).code, after.status, releases]).toEqual(["INVALID_STATE", "selesai", 1]);
    });
  });
});

describe("the ledger after everything above", () => {
  it("balances, and every open order's escrow equals its price", async () => {
    await moneyIsExact();
  });
});
