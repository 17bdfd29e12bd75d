import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createTestPractitioner, FULL_JOURNEY_EVENTS, ndaOrder } from "@/test/orders";
import { acceptOffer, declineOffer, ensureOffering, expireOffer, OFFER_DURATION_MS, offersDueToExpire, ordersNeedingOffer, restartOffering, STALL_REASONS } from "./offers";
import { listStalledOrders } from "./operator-queues";
import { askClient, deliverResult, getMyOrder, listMyOffers, releaseOrder, startWork } from "./practitioner-work";
import { pageRequestOf } from "@/server/domain/paging";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
/** Three practitioners for "kontrak", created in this order so the fair order starts with a. */
let practitioners: { a: string; b: string; c: string };

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 500_000_000n, monthlyBudgetIdr: 500_000_000n });
});

beforeEach(async () => {
  // Earlier tests' orders leave the offering, and their practitioners the pool.
  await database.prisma.offer.updateMany({ where: { status: "aktif" }, data: { status: "dibatalkan" } });
  await database.prisma.order.updateMany({ where: { status: { in: ["dibayar", "ditawarkan"] } }, data: { status: "dibatalkan" } });
  await database.prisma.practitioner.updateMany({ data: { active: false } });
  practitioners = { a: await createTestPractitioner(database.prisma), b: await createTestPractitioner(database.prisma), c: await createTestPractitioner(database.prisma) };
  await database.prisma.practitioner.update({ where: { id: practitioners.a }, data: { lastOfferedAt: new Date("2026-01-01T00:00:00Z") } });
  await database.prisma.practitioner.update({ where: { id: practitioners.b }, data: { lastOfferedAt: new Date("2026-01-02T00:00:00Z") } });
  await database.prisma.practitioner.update({ where: { id: practitioners.c }, data: { lastOfferedAt: new Date("2026-01-03T00:00:00Z") } });
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function paidOrder(): Promise<string> {
  const res = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder() });
  const { id } = (await res.json()) as { id: string };
  return id;
}

async function liveOffer(orderId: string) {
  return database.prisma.offer.findFirst({ where: { orderId, status: "aktif" } });
}

async function statusOf(orderId: string) {
  return (await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status;
}

/** What a sweeper run does for offers: start pending offering, expire due offers. */
async function sweep() {
  for (const { id } of await ordersNeedingOffer(database.prisma, 100)) await ensureOffering(deps(), id);
  for (const { id } of await offersDueToExpire(database.prisma, clock.now(), 100)) await expireOffer(deps(), id);
}

describe("offer rotation", () => {
  it("starts offering a paid order (→ ditawarkan, order.ditawarkan) to the least recently offered practitioner for 30 minutes", async () => {
    const orderId = await paidOrder();
    await sweep();
    expect(await statusOf(orderId)).toBe("ditawarkan");
    const offer = await liveOffer(orderId);
    expect(offer?.practitionerId).toBe(practitioners.a);
    expect(offer!.expiresAt.getTime() - offer!.offeredAt.getTime()).toBe(OFFER_DURATION_MS);
    const events = await database.prisma.webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["order.dibayar", "order.ditawarkan"]);
  });

  it("rotates through three practitioners by timeout, then stalls with a reason in the operator queue", async () => {
    const orderId = await paidOrder();
    await sweep();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const offer = await liveOffer(orderId);
      seen.push(offer!.practitionerId);
      clock.advance(OFFER_DURATION_MS - 1000);
      await sweep();
      expect((await liveOffer(orderId))?.id).toBe(offer!.id);
      clock.advance(1000);
      await sweep();
    }
    expect(seen).toEqual([practitioners.a, practitioners.b, practitioners.c]);
    expect(await liveOffer(orderId)).toBeNull();
    expect(await statusOf(orderId)).toBe("ditawarkan");
    const stalled = await listStalledOrders(database.prisma);
    expect(stalled.find((o) => o.id === orderId)?.reason).toBe(STALL_REASONS.allPassed);
    expect(await database.prisma.offer.count({ where: { orderId, status: "kedaluwarsa" } })).toBe(3);
  });

  it("rotates by decline at once, never offering the same practitioner twice in a round", async () => {
    const orderId = await paidOrder();
    await sweep();
    for (const expected of [practitioners.a, practitioners.b, practitioners.c]) {
      const offer = await liveOffer(orderId);
      expect(offer?.practitionerId).toBe(expected);
      await declineOffer(deps(), expected, offer!.id);
    }
    expect(await liveOffer(orderId)).toBeNull();
    const offered = await database.prisma.offer.findMany({ where: { orderId }, select: { practitionerId: true } });
    expect(new Set(offered.map((o) => o.practitionerId)).size).toBe(3);
  });

  it("lets the operator restart a stalled order in a new round, or refuses when it is not stalled", async () => {
    const orderId = await paidOrder();
    await sweep();
    await expect(restartOffering(deps(), orderId, "usr_op")).rejects.toMatchObject({ code: "INVALID_STATE" });
    for (let i = 0; i < 3; i++) await declineOffer(deps(), (await liveOffer(orderId))!.practitionerId, (await liveOffer(orderId))!.id);
    const offerId = await restartOffering(deps(), orderId, "usr_op");
    expect(offerId).not.toBeNull();
    expect((await liveOffer(orderId))?.round).toBe(2);
  });

  it("stalls at once when nobody is eligible: label and category both matter", async () => {
    // pendirian_pt needs category korporasi and the label Notaris; our practitioners do contracts.
    const res = await api.call("/v1/orders", {
      method: "POST",
      token: org.token,
      json: {
        service: "pendirian_pt",
        intake: { usulan_nama_pt: "PT Maju", maksud_tujuan_usaha: "Perdagangan", modal_dasar: "100000000", susunan_pemegang_saham: "A 50%, B 50%", nik_direktur_utama: "3171234567890123", email_kontak: "a@b.id" },
      },
    });
    const { id } = (await res.json()) as { id: string };
    const advokatNotKorporasi = await createTestPractitioner(database.prisma, ["korporasi"]);
    await sweep();
    expect(await liveOffer(id)).toBeNull();
    expect((await listStalledOrders(database.prisma)).find((o) => o.id === id)?.reason).toBe(STALL_REASONS.noneEligible);
    expect(advokatNotKorporasi).toBeDefined();
  });
});

describe("the practitioner's work", () => {
  it("sees the offer masked with the time left, then the real data after accepting", async () => {
    const orderId = await paidOrder();
    await sweep();
    clock.advance(60_000);
    const [offer] = (await listMyOffers(deps(), practitioners.a, pageRequestOf({}))).data;
    expect(offer?.secondsLeft).toBe(29 * 60);
    expect(offer?.order.masked).toBe(true);
    expect(offer?.order.intake.email_kontak).not.toContain("legal@satu.co.id");
    await acceptOffer(deps(), practitioners.a, offer!.offerId);
    const mine = await getMyOrder(database.prisma, practitioners.a, orderId);
    expect(mine.masked).toBe(false);
    expect(mine.intake.email_kontak).toBe("legal@satu.co.id");
    await expect(getMyOrder(database.prisma, practitioners.b, orderId)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("runs the happy path to diserahkan, and the agent's REST accept completes it", async () => {
    const orderId = await paidOrder();
    await sweep();
    await acceptOffer(deps(), practitioners.a, (await liveOffer(orderId))!.id);
    await startWork(deps(), practitioners.a, orderId);
    await askClient(deps(), practitioners.a, orderId, "Siapa penandatangan PT Dua?");
    const reply = await api.call(`/v1/orders/${orderId}/messages`, { method: "POST", token: org.token, json: { body: "Direktur: Budi" } });
    expect(((await reply.json()) as { status: string }).status).toBe("dikerjakan");
    await deliverResult(deps(), practitioners.a, orderId, "https://berkas.contoh.id/nda.pdf");
    const accepted = await api.call(`/v1/orders/${orderId}/accept`, { method: "POST", token: org.token });
    expect(((await accepted.json()) as { status: string }).status).toBe("selesai");
    const events = await database.prisma.webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual([...FULL_JOURNEY_EVENTS]);
  });

  it("refuses an empty deliverable and another practitioner's actions", async () => {
    const orderId = await paidOrder();
    await sweep();
    await acceptOffer(deps(), practitioners.a, (await liveOffer(orderId))!.id);
    await startWork(deps(), practitioners.a, orderId);
    await expect(deliverResult(deps(), practitioners.a, orderId, "   ")).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(startWork(deps(), practitioners.b, orderId)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("release puts the order on offer again (order.ditawarkan) to the next practitioner, not the one who released", async () => {
    const orderId = await paidOrder();
    await sweep();
    await acceptOffer(deps(), practitioners.a, (await liveOffer(orderId))!.id);
    await releaseOrder(deps(), practitioners.a, orderId);
    expect(await statusOf(orderId)).toBe("ditawarkan");
    expect((await liveOffer(orderId))?.practitionerId).toBe(practitioners.b);
    const order = await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.practitionerId).toBeNull();
    const events = await database.prisma.webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type).slice(-2)).toEqual(["order.diambil", "order.ditawarkan"]);
  });

  it("refuses to accept an expired offer, and the expiry moves on", async () => {
    const orderId = await paidOrder();
    await sweep();
    const offer = (await liveOffer(orderId))!;
    clock.advance(OFFER_DURATION_MS);
    await expect(acceptOffer(deps(), practitioners.a, offer.id)).rejects.toMatchObject({ code: "INVALID_STATE" });
    await sweep();
    expect((await liveOffer(orderId))?.practitionerId).toBe(practitioners.b);
  });

  it("recovers after a restart: an offer that expired while the server was down is handled on the next sweep", async () => {
    const orderId = await paidOrder();
    await sweep();
    clock.advance(3 * OFFER_DURATION_MS);
    // A new process finds the state in the database: nothing in memory is needed.
    await sweep();
    expect((await liveOffer(orderId))?.practitionerId).toBe(practitioners.b);
    expect(await database.prisma.offer.count({ where: { orderId, status: "kedaluwarsa" } })).toBe(1);
  });
});

describe.runIf(testDatabaseKind === "postgres")("races on PostgreSQL", () => {
  it("an accept racing the expiry: exactly one wins", async () => {
    for (let round = 0; round < 5; round++) {
      const orderId = await paidOrder();
      await sweep();
      const offer = (await liveOffer(orderId))!;
      const justBefore = fixedClock(new Date(offer.expiresAt.getTime() - 1));
      const justAfter = fixedClock(new Date(offer.expiresAt.getTime() + 1));
      const [accepted, expired] = await Promise.allSettled([
        acceptOffer({ db: database.prisma, clock: justBefore }, offer.practitionerId, offer.id),
        expireOffer({ db: database.prisma, clock: justAfter }, offer.id),
      ]);
      const final = await database.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } });
      if (accepted.status === "fulfilled") {
        expect(final.status).toBe("diterima");
        expect(await statusOf(orderId)).toBe("diambil");
      } else {
        expect(final.status).toBe("kedaluwarsa");
        expect(await statusOf(orderId)).toBe("ditawarkan");
      }
      expect(expired.status).toBe("fulfilled");
      expect(await database.prisma.offer.count({ where: { orderId, status: "aktif" } })).toBeLessThanOrEqual(1);
      // Leave the pool fair for the next round.
      await database.prisma.practitioner.updateMany({ where: { id: { in: Object.values(practitioners) } }, data: { lastOfferedAt: null } });
    }
  });

  it("two racing accepts of one offer: exactly one wins", async () => {
    const orderId = await paidOrder();
    await sweep();
    const offer = (await liveOffer(orderId))!;
    const results = await Promise.allSettled([acceptOffer(deps(), offer.practitionerId, offer.id), acceptOffer(deps(), offer.practitionerId, offer.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await database.prisma.webhookEvent.count({ where: { orderId, type: "order.diambil" } })).toBe(1);
  });

  it("concurrent sweeps of one paid order create one live offer", async () => {
    const orderId = await paidOrder();
    await Promise.all([ensureOffering(deps(), orderId), ensureOffering(deps(), orderId), ensureOffering(deps(), orderId)]);
    expect(await database.prisma.offer.count({ where: { orderId } })).toBe(1);
    expect(await database.prisma.webhookEvent.count({ where: { orderId, type: "order.ditawarkan" } })).toBe(1);
  });
});
