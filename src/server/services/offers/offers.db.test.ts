import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { OFFERING_LOCK } from "@/server/db/row-lock";
import { operatorActor, SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { DEFAULT_ORDER_RULES, stalledRefundAt } from "@/server/domain/orders/order-rules";
import { pageRequestOf } from "@/server/domain/paging";
import { offerExpiryJob, orderOfferingJob } from "@/server/jobs/order-timers";
import { createSweeper } from "@/server/jobs/sweeper";
import { practitionerActorOf } from "@/server/services/access";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { companyIntake, createPaidOrder, createTestPractitioner, FULL_JOURNEY_EVENTS, ndaOrder } from "@/test/orders";
import { raceBehindLock } from "@/test/races";
import { testWebhookSettings } from "@/test/webhooks";
import { askClient, deliverResult, getMyOrder, listMyOffers, listStalledOrders, releaseOrder, startWork } from "../orders";
import { acceptOffer } from "./accept";
import { declineOffer } from "./decline";
import { ensureOffering, ensureOfferings, ordersNeedingOffer } from "./ensure-offering";
import { expireOffer, expireOffers, offersDueToExpire } from "./expire";
import { OFFER_DURATION_MS, STALL_REASONS } from "./offer-next";
import { offerToPractitioner, practitionersForOrder } from "./offer-to";
import { restartOffering } from "./restart";
import { SIMULATED_ORDER_PRACTITIONER_ID } from "./simulated-practitioners";

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
  practitioners = {
    a: await createTestPractitioner(database.prisma),
    b: await createTestPractitioner(database.prisma),
    c: await createTestPractitioner(database.prisma),
  };
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
  for (const { id } of await ordersNeedingOffer(
    { db: database.prisma },
    {
      actor: SWEEPER,
      limit: 100,
    },
  ))
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: id,
    });
  for (const { id } of await offersDueToExpire(
    { db: database.prisma },
    {
      actor: SWEEPER,
      cutoff: clock.now(),
      limit: 100,
    },
  ))
    await expireOffer(deps(), {
      actor: SWEEPER,
      offerId: id,
    });
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

  it("starts a batch of paid orders together: each its own order.ditawarkan, delivered to its own callback_url or to none", async () => {
    const urls = ["https://agen-satu.contoh.id/kuasa", "https://agen-dua.contoh.id/kuasa", null];
    const orders: string[] = [];
    for (const url of urls) {
      const res = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder({ callback_url: url }) });
      orders.push(((await res.json()) as { id: string }).id);
    }
    await ensureOfferings(deps(), {
      actor: SWEEPER,
      orderIds: orders,
    });
    for (const [i, orderId] of orders.entries()) {
      expect(await statusOf(orderId)).toBe("ditawarkan");
      const started = await database.prisma.webhookEvent.findMany({
        where: { orderId, type: "order.ditawarkan" },
        include: { deliveries: { select: { url: true } } },
      });
      expect(started).toHaveLength(1);
      expect((started[0]!.payload as { order: { id: string; status: string } }).order).toMatchObject({ id: orderId, status: "ditawarkan" });
      expect(started[0]!.deliveries.map((d) => d.url)).toEqual(urls[i] ? [urls[i]] : []);
    }
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
    const stalled = await listStalledOrders(
      { db: database.prisma },
      {
        actor: TEST_OPERATOR,
      },
    );
    expect(stalled.find((o) => o.id === orderId)?.reason).toBe(STALL_REASONS.allPassed);
    expect(await database.prisma.offer.count({ where: { orderId, status: "kedaluwarsa" } })).toBe(3);
  });

  it("rotates by decline at once, never offering the same practitioner twice in a round", async () => {
    const orderId = await paidOrder();
    await sweep();
    for (const expected of [practitioners.a, practitioners.b, practitioners.c]) {
      const offer = await liveOffer(orderId);
      expect(offer?.practitionerId).toBe(expected);
      await declineOffer(deps(), {
        actor: await practitionerActorOf(deps().db, expected),
        offerId: offer!.id,
      });
    }
    expect(await liveOffer(orderId)).toBeNull();
    const offered = await database.prisma.offer.findMany({ where: { orderId }, select: { practitionerId: true } });
    expect(new Set(offered.map((o) => o.practitionerId)).size).toBe(3);
  });

  it("lets the operator restart a stalled order in a new round, or refuses when it is not stalled", async () => {
    const orderId = await paidOrder();
    await sweep();
    await expect(restartOffering(deps(), { actor: operatorActor("usr_op"), orderId })).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    for (let i = 0; i < 3; i++)
      await declineOffer(deps(), {
        actor: await practitionerActorOf(deps().db, (await liveOffer(orderId))!.practitionerId),
        offerId: (await liveOffer(orderId))!.id,
      });
    const offerId = await restartOffering(deps(), { actor: operatorActor("usr_op"), orderId });
    expect(offerId).not.toBeNull();
    expect((await liveOffer(orderId))?.round).toBe(2);
  });

  it("stalls at once when nobody is eligible: label and category both matter", async () => {
    // pendirian_pt needs category korporasi and a notary of the signing province; our practitioners do contracts.
    const res = await api.call("/v1/orders", {
      method: "POST",
      token: org.token,
      json: {
        service: "pendirian_pt",
        intake: companyIntake(),
      },
    });
    const { id } = (await res.json()) as { id: string };
    const advokatNotKorporasi = await createTestPractitioner(database.prisma, ["korporasi"]);
    await sweep();
    expect(await liveOffer(id)).toBeNull();
    expect(
      (
        await listStalledOrders(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).find((o) => o.id === id)?.reason,
    ).toBe(STALL_REASONS.noneEligible({ category: "korporasi", requires: ["notaris"], province: "31" }));
    // The reason names what is missing, so the operator knows whom to look for.
    expect(
      (
        await listStalledOrders(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).find((o) => o.id === id)?.reason,
    ).toContain("kredensial Notaris wilayah DKI Jakarta yang terverifikasi dan berlaku di bidang korporasi");
    expect(await database.prisma.practitioner.findUniqueOrThrow({ where: { id: advokatNotKorporasi } })).toMatchObject({
      label: "Advokat (PERADI)",
    });
  });
});

/** An order of the practitioners' past, out of the offering (cancelled), to hang history on. */
async function pastOrder(): Promise<string> {
  const { id } = await createPaidOrder(database.prisma, clock, org);
  await database.prisma.order.update({ where: { id }, data: { status: "dibatalkan" } });
  return id;
}

/** `count` reviews of `stars` for the practitioner, each on a past order of its own. */
async function giveReviews(practitionerId: string, stars: number, count: number) {
  for (let i = 0; i < count; i++) {
    await database.prisma.orderReview.create({
      data: { id: `rev_${practitionerId}_${stars}_${i}_${Date.now()}`, orderId: await pastOrder(), practitionerId, rating: stars },
    });
  }
}

/** Past offers to the practitioner: `answered` accepted or declined, `expired` let run out, offered a day ago and before. */
async function giveOfferHistory(practitionerId: string, answered: number, expired: number) {
  const orderId = await pastOrder();
  const statuses = [...Array(answered).fill("ditolak"), ...Array(expired).fill("kedaluwarsa")] as Array<"ditolak" | "kedaluwarsa">;
  await database.prisma.offer.createMany({
    data: statuses.map((status, i) => {
      const offeredAt = new Date(clock.now().getTime() - (i + 1) * 24 * 60 * 60 * 1000);
      return {
        id: `off_h_${practitionerId}_${i}_${Date.now()}`,
        orderId,
        practitionerId,
        round: i + 1,
        status,
        offeredAt,
        expiresAt: offeredAt,
      };
    }),
  });
}

const offeredTo = async (orderId: string) => (await liveOffer(orderId))?.practitionerId;

describe("the offering order (busy, rating and response rate, a newcomer's turn)", () => {
  it("offers a service that requires nothing to any practitioner whose credential counts, whatever its kind, never to one without", async () => {
    // a was offered longest ago but their only credential was revoked; b (a notary) comes before c (an advocate) by the rotation alone.
    await database.prisma.practitionerCredential.updateMany({ where: { practitionerId: practitioners.a }, data: { status: "ditolak" } });
    await database.prisma.practitionerCredential.updateMany({
      where: { practitionerId: practitioners.b },
      data: { kind: "notaris", issuer: "Kementerian Hukum", province: "33" },
    });
    const [first, second, third] = [await paidOrder(), await paidOrder(), await paidOrder()];
    await ensureOfferings(deps(), {
      actor: SWEEPER,
      orderIds: [first, second, third],
    });
    expect([await offeredTo(first), await offeredTo(second)]).toEqual([practitioners.b, practitioners.c]);
    expect([practitioners.b, practitioners.c]).toContain(await offeredTo(third));
  });

  it("passes over a practitioner busy with another order's live offer, even one offered longest ago", async () => {
    const first = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: first,
    });
    expect(await offeredTo(first)).toBe(practitioners.a);
    // a still holds first's offer; the rotation alone would pick a again.
    await database.prisma.practitioner.update({
      where: { id: practitioners.a },
      data: { lastOfferedAt: new Date("2025-01-01T00:00:00Z") },
    });
    const second = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: second,
    });
    expect(await offeredTo(second)).toBe(practitioners.b);
    // Once a answers, a is free again and first in the rotation.
    await declineOffer(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.a),
      offerId: (await liveOffer(first))!.id,
    });
    await database.prisma.practitioner.update({
      where: { id: practitioners.a },
      data: { lastOfferedAt: new Date("2025-01-01T00:00:00Z") },
    });
    const third = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: third,
    });
    expect(await offeredTo(third)).toBe(practitioners.a);
  });

  it("offers the better rated practitioner first, though offered most recently", async () => {
    await giveReviews(practitioners.a, 2, 5);
    await giveReviews(practitioners.b, 3, 5);
    await giveReviews(practitioners.c, 5, 5);
    const orderId = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId,
    });
    expect(await offeredTo(orderId)).toBe(practitioners.c);
  });

  it("offers the practitioner who answers offers before one who lets them expire, rated alike", async () => {
    await giveOfferHistory(practitioners.a, 0, 10);
    await giveOfferHistory(practitioners.b, 2, 8);
    await giveOfferHistory(practitioners.c, 10, 0);
    const orderId = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId,
    });
    expect(await offeredTo(orderId)).toBe(practitioners.c);
    // c declines; b, answering some, comes before a, answering none.
    await declineOffer(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.c),
      offerId: (await liveOffer(orderId))!.id,
    });
    expect(await offeredTo(orderId)).toBe(practitioners.b);
  });

  it("reads only each practitioner's latest 20 answered or expired offers: an old habit is forgiven", async () => {
    await giveOfferHistory(practitioners.a, 20, 30);
    await giveOfferHistory(practitioners.b, 10, 10);
    await giveOfferHistory(practitioners.c, 0, 20);
    // a's latest 20 are all answered (the 30 expired are older); b answered half of its 20.
    const orderId = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId,
    });
    expect(await offeredTo(orderId)).toBe(practitioners.a);
  });

  it("gives a newcomer the field's average: after the well rated, before the poorly rated", async () => {
    await database.prisma.practitioner.update({ where: { id: practitioners.c }, data: { active: false } });
    await giveReviews(practitioners.a, 2, 10);
    await giveReviews(practitioners.b, 5, 10);
    const newcomer = await createTestPractitioner(database.prisma);
    const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
    await ensureOfferings(deps(), {
      actor: SWEEPER,
      orderIds: orders,
    });
    // b first; with b busy, the newcomer (ranked at the pool's 3.5 stars) before a (2.5 after smoothing).
    expect(await Promise.all(orders.map(offeredTo))).toEqual([practitioners.b, newcomer, practitioners.a]);
  });
});

describe("the practitioner's work", () => {
  it("sees the offer masked with the time left, then the real data after accepting", async () => {
    const orderId = await paidOrder();
    await sweep();
    clock.advance(60_000);
    const [offer] = (
      await listMyOffers(deps(), {
        actor: await practitionerActorOf(deps().db, practitioners.a),
        request: pageRequestOf({}),
      })
    ).data;
    expect(offer?.secondsLeft).toBe(29 * 60);
    expect(offer?.order.masked).toBe(true);
    expect(offer?.order.intake.email_kontak).not.toContain("legal@satu.co.id");
    await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, practitioners.a), offerId: offer!.offerId });
    const mine = await getMyOrder(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.a),
      orderId,
    });
    expect(mine.masked).toBe(false);
    expect(mine.intake.email_kontak).toBe("legal@satu.co.id");
    await expect(
      getMyOrder(deps(), {
        actor: await practitionerActorOf(deps().db, practitioners.b),
        orderId,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("runs the happy path to diserahkan, and the agent's REST accept completes it", async () => {
    const orderId = await paidOrder();
    await sweep();
    await acceptOffer(deps(), {
      noConflict: true,
      actor: await practitionerActorOf(deps().db, practitioners.a),
      offerId: (await liveOffer(orderId))!.id,
    });
    await startWork(deps(), { actor: await practitionerActorOf(deps().db, practitioners.a), orderId });
    await askClient(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.a),
      orderId,
      question: "Siapa penandatangan PT Dua?",
    });
    const reply = await api.call(`/v1/orders/${orderId}/messages`, { method: "POST", token: org.token, json: { body: "Direktur: Budi" } });
    expect(((await reply.json()) as { status: string }).status).toBe("dikerjakan");
    await deliverResult(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.a),
      orderId,
      deliverable: "https://berkas.contoh.id/nda.pdf",
    });
    const accepted = await api.call(`/v1/orders/${orderId}/accept`, { method: "POST", token: org.token });
    expect(((await accepted.json()) as { status: string }).status).toBe("selesai");
    const events = await database.prisma.webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual([...FULL_JOURNEY_EVENTS]);
  });

  it("refuses an empty deliverable and another practitioner's actions", async () => {
    const orderId = await paidOrder();
    await sweep();
    await acceptOffer(deps(), {
      noConflict: true,
      actor: await practitionerActorOf(deps().db, practitioners.a),
      offerId: (await liveOffer(orderId))!.id,
    });
    await startWork(deps(), { actor: await practitionerActorOf(deps().db, practitioners.a), orderId });
    await expect(
      deliverResult(deps(), {
        actor: await practitionerActorOf(deps().db, practitioners.a),
        orderId,
        deliverable: "   ",
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(startWork(deps(), { actor: await practitionerActorOf(deps().db, practitioners.b), orderId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("release puts the order on offer again (order.ditawarkan) to the next practitioner, not the one who released", async () => {
    const orderId = await paidOrder();
    await sweep();
    await acceptOffer(deps(), {
      noConflict: true,
      actor: await practitionerActorOf(deps().db, practitioners.a),
      offerId: (await liveOffer(orderId))!.id,
    });
    await releaseOrder(deps(), { actor: await practitionerActorOf(deps().db, practitioners.a), orderId });
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
    await expect(
      acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, practitioners.a), offerId: offer.id }),
    ).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
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
        acceptOffer(
          { db: database.prisma, clock: justBefore },
          {
            noConflict: true,
            actor: await practitionerActorOf(database.prisma, offer.practitionerId),
            offerId: offer.id,
          },
        ),
        expireOffer(
          { db: database.prisma, clock: justAfter },
          {
            actor: SWEEPER,
            offerId: offer.id,
          },
        ),
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
    const results = await Promise.allSettled([
      acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, offer.practitionerId), offerId: offer.id }),
      acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, offer.practitionerId), offerId: offer.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await database.prisma.webhookEvent.count({ where: { orderId, type: "order.diambil" } })).toBe(1);
  });

  it("concurrent sweeps of one paid order create one live offer", async () => {
    const orderId = await paidOrder();
    await Promise.all([
      ensureOffering(deps(), {
        actor: SWEEPER,
        orderId,
      }),
      ensureOffering(deps(), {
        actor: SWEEPER,
        orderId,
      }),
      ensureOffering(deps(), {
        actor: SWEEPER,
        orderId,
      }),
    ]);
    expect(await database.prisma.offer.count({ where: { orderId } })).toBe(1);
    expect(await database.prisma.webhookEvent.count({ where: { orderId, type: "order.ditawarkan" } })).toBe(1);
  });
});

/** A paid order nobody can be offered: pendirian_pt needs category korporasi and a notary of DKI Jakarta. */
async function paidCompanyOrder(): Promise<string> {
  const res = await api.call("/v1/orders", {
    method: "POST",
    token: org.token,
    json: {
      service: "pendirian_pt",
      intake: companyIntake(),
    },
  });
  const { id } = (await res.json()) as { id: string };
  return id;
}

const dueOfferIds = async () =>
  (
    await offersDueToExpire(
      { db: database.prisma },
      {
        actor: SWEEPER,
        cutoff: clock.now(),
        limit: 100,
      },
    )
  ).map((r) => r.id);
const stalledReason = async (orderId: string) =>
  (await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).offeringStalledReason;

describe("offering in batches", () => {
  it("expires a batch in the order its offers fell due, offering each order on exactly as one expiry at a time would", async () => {
    const d = await createTestPractitioner(database.prisma);
    await database.prisma.practitioner.update({ where: { id: d }, data: { lastOfferedAt: new Date("2026-01-04T00:00:00Z") } });
    // Offered a second apart: a, then b, then c; d, offered longest ago after them, waits.
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      orders.push(await paidOrder());
      await sweep();
      clock.advance(1000);
    }
    expect(await Promise.all(orders.map(async (id) => (await liveOffer(id))?.practitionerId))).toEqual([
      practitioners.a,
      practitioners.b,
      practitioners.c,
    ]);
    clock.advance(OFFER_DURATION_MS);

    const due = await dueOfferIds();
    expect(due).toHaveLength(3);
    await expireOffers(deps(), {
      actor: SWEEPER,
      offerIds: due,
    });

    // First order (passed a): d, offered longest ago. Second (passed b): a, now before c. Third (passed c): b.
    const next = await Promise.all(orders.map((id) => liveOffer(id)));
    expect(next.map((o) => o?.practitionerId)).toEqual([d, practitioners.a, practitioners.b]);
    for (const offer of next) {
      expect(offer).toMatchObject({ round: 1, offeredAt: clock.now(), expiresAt: new Date(clock.now().getTime() + OFFER_DURATION_MS) });
    }
    const offered = await database.prisma.practitioner.findMany({
      where: { id: { in: [d, practitioners.a, practitioners.b] } },
      select: { lastOfferedAt: true },
    });
    expect(offered.map((p) => p.lastOfferedAt)).toEqual([clock.now(), clock.now(), clock.now()]);
    for (const orderId of orders) expect(await database.prisma.offer.count({ where: { orderId, status: "kedaluwarsa" } })).toBe(1);
  });

  it("gives each order of a batch its own next practitioner, past the ones it passed and the ones busy with its other orders", async () => {
    const [d, e, f] = [
      await createTestPractitioner(database.prisma),
      await createTestPractitioner(database.prisma),
      await createTestPractitioner(database.prisma),
    ];
    for (const [id, day] of [
      [d, "04"],
      [e, "05"],
      [f, "06"],
    ] as const) {
      await database.prisma.practitioner.update({ where: { id }, data: { lastOfferedAt: new Date(`2026-01-${day}T00:00:00Z`) } });
    }
    const [x, y] = [await paidOrder(), await paidOrder()];
    await ensureOfferings(deps(), {
      actor: SWEEPER,
      orderIds: [x, y],
    });
    await declineOffer(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.a),
      offerId: (await liveOffer(x))!.id,
    });
    clock.advance(1000);
    await declineOffer(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.b),
      offerId: (await liveOffer(y))!.id,
    });
    // x passed a and c, y passed b and d; e and f, offered longest ago, are ahead of all the others.
    expect([(await liveOffer(x))?.practitionerId, (await liveOffer(y))?.practitionerId]).toEqual([practitioners.c, d]);
    clock.advance(OFFER_DURATION_MS);
    await expireOffers(deps(), {
      actor: SWEEPER,
      offerIds: await dueOfferIds(),
    });
    expect([(await liveOffer(x))?.practitionerId, (await liveOffer(y))?.practitionerId]).toEqual([e, f]);
  });

  it("starts offering paid orders in one batch and stalls the ones nobody is left for, each with its reason, refund time and audit entry", async () => {
    const [first, company, second] = [await paidOrder(), await paidCompanyOrder(), await paidOrder()];
    await ensureOfferings(deps(), {
      actor: SWEEPER,
      orderIds: [first, company, second],
    });
    for (const orderId of [first, company, second]) {
      expect(await statusOf(orderId)).toBe("ditawarkan");
      expect(await database.prisma.webhookEvent.count({ where: { orderId, type: "order.ditawarkan" } })).toBe(1);
    }
    expect((await liveOffer(first))?.practitionerId).toBe(practitioners.a);
    expect((await liveOffer(second))?.practitionerId).toBe(practitioners.b);
    expect(await liveOffer(company)).toBeNull();
    expect(await stalledReason(company)).toBe(STALL_REASONS.noneEligible({ category: "korporasi", requires: ["notaris"], province: "31" }));

    // The first order is declined by a and c; b's offer is the round's last.
    await declineOffer(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.a),
      offerId: (await liveOffer(first))!.id,
    });
    await declineOffer(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.c),
      offerId: (await liveOffer(first))!.id,
    });
    expect((await liveOffer(first))?.practitionerId).toBe(practitioners.b);
    clock.advance(OFFER_DURATION_MS);
    await expireOffers(deps(), {
      actor: SWEEPER,
      offerIds: await dueOfferIds(),
    });

    expect(await liveOffer(first)).toBeNull();
    expect(await stalledReason(first)).toBe(STALL_REASONS.allPassed);
    expect((await liveOffer(second))?.practitionerId).not.toBe(practitioners.b);
    const stalled = await database.prisma.order.findUniqueOrThrow({ where: { id: first } });
    expect(stalled.offeringRefundAt).toEqual(stalledRefundAt(clock.now(), DEFAULT_ORDER_RULES));
    for (const orderId of [first, company]) {
      expect(await database.prisma.auditLog.count({ where: { subjectId: orderId, action: "order.offering_stalled" } })).toBe(1);
    }
    expect(await database.prisma.auditLog.count({ where: { subjectId: second, action: "order.offering_stalled" } })).toBe(0);
  });

  it("offers a test order in a batch to the simulated practitioner only, in a new round after its timeout", async () => {
    const testKey = await addTestKey(database.prisma, org.id, { mode: "test" });
    await api.call("/v1/test_helpers/deposit/top_up", { method: "POST", token: testKey.token, json: { amount_idr: 10_000_000 } });
    const res = await api.call("/v1/orders", { method: "POST", token: testKey.token, json: ndaOrder() });
    const { id: sandboxOrder } = (await res.json()) as { id: string };
    const liveOrder = await paidOrder();
    await ensureOfferings(deps(), {
      actor: SWEEPER,
      orderIds: [sandboxOrder, liveOrder],
    });
    expect(await liveOffer(sandboxOrder)).toMatchObject({ practitionerId: SIMULATED_ORDER_PRACTITIONER_ID, round: 1 });
    expect((await liveOffer(liveOrder))?.practitionerId).toBe(practitioners.a);

    clock.advance(OFFER_DURATION_MS);
    await expireOffers(deps(), {
      actor: SWEEPER,
      offerIds: await dueOfferIds(),
    });
    expect(await liveOffer(sandboxOrder)).toMatchObject({ practitionerId: SIMULATED_ORDER_PRACTITIONER_ID, round: 2 });
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: sandboxOrder } })).offerRound).toBe(2);
    expect((await liveOffer(liveOrder))?.practitionerId).toBe(practitioners.b);
  });

  it("two sweepers handling the same paid orders and due offers at once create one offer per order each time", async () => {
    const orders = [await paidOrder(), await paidOrder(), await paidOrder(), await paidOrder()];
    const sweepers = (kind: typeof offerExpiryJob) =>
      [1, 2].map(() =>
        createSweeper({ deps: { ...deps(), webhooks: testWebhookSettings }, kinds: [kind], intervalMs: 60_000, concurrency: 2 }),
      );
    const offering = sweepers(orderOfferingJob);
    await Promise.all(offering.map((s) => s.runOnce()));
    for (const orderId of orders) {
      expect(await database.prisma.offer.count({ where: { orderId } })).toBe(1);
      expect(await database.prisma.webhookEvent.count({ where: { orderId, type: "order.ditawarkan" } })).toBe(1);
    }

    clock.advance(OFFER_DURATION_MS);
    const expiring = sweepers(offerExpiryJob);
    await Promise.all(expiring.map((s) => s.runOnce()));
    for (const orderId of orders) {
      expect(await database.prisma.offer.count({ where: { orderId, status: "kedaluwarsa" } })).toBe(1);
      expect(await database.prisma.offer.count({ where: { orderId, status: "aktif" } })).toBe(1);
    }
    await Promise.all([...offering, ...expiring].map((s) => s.stop()));
  });
});

describe.runIf(testDatabaseKind === "postgres")("a batch racing answers on PostgreSQL", () => {
  /** Takes an order's row lock in a transaction of its own: whoever comes next queues behind it, first come first served. */
  async function holdOrderLock(orderId: string) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("BEGIN");
    await client.query(`SELECT 1 FROM "Order" WHERE "id" = $1 FOR UPDATE`, [orderId]);
    return {
      /** Until `count` transactions of this database wait for a row lock. */
      waiters: (count: number) =>
        vi.waitFor(
          async () => {
            const { rows } = await client.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            );
            expect(rows[0]!.n).toBe(count);
          },
          { timeout: 10_000, interval: 10 },
        ),
      release: async () => {
        await client.query("COMMIT");
        await client.end();
      },
    };
  }

  /** Three orders on offer whose offers all end at the same moment; the middle one is raced. */
  async function threeOffers() {
    const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
    await sweep();
    const offers = await Promise.all(orders.map(async (id) => (await liveOffer(id))!));
    const raced = offers[1]!;
    return {
      orders,
      offers,
      raced,
      justBefore: fixedClock(new Date(raced.expiresAt.getTime() - 1)),
      justAfter: fixedClock(new Date(raced.expiresAt.getTime() + 1)),
    };
  }

  it("an acceptance holding the order first wins, and the batch expires only the unanswered offers", async () => {
    const { orders, offers, raced, justBefore, justAfter } = await threeOffers();
    const barrier = await holdOrderLock(raced.orderId);
    const accepting = acceptOffer(
      { db: database.prisma, clock: justBefore },
      {
        noConflict: true,
        actor: await practitionerActorOf(database.prisma, raced.practitionerId),
        offerId: raced.id,
      },
    );
    await barrier.waiters(1);
    const expiring = expireOffers(
      { db: database.prisma, clock: justAfter },
      {
        actor: SWEEPER,
        offerIds: offers.map((o) => o.id),
      },
    );
    await barrier.waiters(2);
    await barrier.release();
    await Promise.all([accepting, expiring]);

    expect((await database.prisma.offer.findUniqueOrThrow({ where: { id: raced.id } })).status).toBe("diterima");
    expect(await statusOf(raced.orderId)).toBe("diambil");
    expect(await liveOffer(raced.orderId)).toBeNull();
    for (const orderId of [orders[0]!, orders[2]!]) {
      expect(await database.prisma.offer.count({ where: { orderId, status: "kedaluwarsa" } })).toBe(1);
      expect(await liveOffer(orderId)).not.toBeNull();
    }
  });

  it("a batch holding the order first expires the offer, and the late acceptance is refused", async () => {
    const { orders, offers, raced, justBefore, justAfter } = await threeOffers();
    const barrier = await holdOrderLock(raced.orderId);
    const expiring = expireOffers(
      { db: database.prisma, clock: justAfter },
      {
        actor: SWEEPER,
        offerIds: offers.map((o) => o.id),
      },
    );
    await barrier.waiters(1);
    const accepting = acceptOffer(
      { db: database.prisma, clock: justBefore },
      {
        noConflict: true,
        actor: await practitionerActorOf(database.prisma, raced.practitionerId),
        offerId: raced.id,
      },
    );
    // Settled from now on: the refusal may come while the barrier is still being released.
    const settled = Promise.allSettled([expiring, accepting]);
    await barrier.waiters(2);
    await barrier.release();
    const [expired, accepted] = await settled;
    expect(expired.status).toBe("fulfilled");
    expect(accepted).toMatchObject({ status: "rejected", reason: { code: "INVALID_STATE" } });

    expect((await database.prisma.offer.findUniqueOrThrow({ where: { id: raced.id } })).status).toBe("kedaluwarsa");
    for (const orderId of orders) {
      expect(await statusOf(orderId)).toBe("ditawarkan");
      expect(await liveOffer(orderId)).not.toBeNull();
    }
  });
});

describe("the operator offers an order to a chosen practitioner", () => {
  const operator = operatorActor("usr_op");

  it("withdraws the live offer and offers the order to the chosen one for 30 minutes; the rotation goes on after a decline", async () => {
    const orderId = await paidOrder();
    await sweep();
    const first = await liveOffer(orderId);
    expect(first?.practitionerId).toBe(practitioners.a);
    const choosable = await practitionersForOrder(deps(), {
      actor: TEST_OPERATOR,
      orderId,
    });
    expect(
      choosable.filter((p) => [practitioners.a, practitioners.b, practitioners.c].includes(p.id)).map((p) => [p.id, p.holdsLiveOffer]),
    ).toEqual(
      expect.arrayContaining([
        [practitioners.a, true],
        [practitioners.c, false],
      ]),
    );
    const offerId = await offerToPractitioner(deps(), { actor: operator, orderId, practitionerId: practitioners.c });
    expect(await database.prisma.offer.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({ status: "dibatalkan" });
    const chosen = await liveOffer(orderId);
    expect([chosen?.id, chosen?.practitionerId, chosen?.expiresAt.getTime()]).toEqual([
      offerId,
      practitioners.c,
      clock.now().getTime() + OFFER_DURATION_MS,
    ]);
    expect(await database.prisma.auditLog.count({ where: { action: "order.offer_to_practitioner", subjectId: orderId } })).toBe(1);
    await declineOffer(deps(), {
      actor: await practitionerActorOf(deps().db, practitioners.c),
      offerId,
    });
    expect((await liveOffer(orderId))?.practitionerId).toBe(practitioners.b);
  });

  it("ends a stall, opening a new round for one who passed already", async () => {
    const orderId = await paidOrder();
    await sweep();
    for (const id of [practitioners.a, practitioners.b, practitioners.c])
      await declineOffer(deps(), {
        actor: await practitionerActorOf(deps().db, id),
        offerId: (await liveOffer(orderId))!.id,
      });
    expect(await stalledReason(orderId)).toBe(STALL_REASONS.allPassed);
    await offerToPractitioner(deps(), { actor: operator, orderId, practitionerId: practitioners.b });
    const order = await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect([order.offeringStalledAt, order.offeringRefundAt, order.offerRound]).toEqual([null, null, 2]);
    expect((await liveOffer(orderId))?.practitionerId).toBe(practitioners.b);
  });

  it("refuses a practitioner outside the service's field, one who paused offers, and an order not on offer, changing nothing", async () => {
    const orderId = await paidOrder();
    await sweep();
    const outsider = await createTestPractitioner(database.prisma, ["properti"]);
    await expect(offerToPractitioner(deps(), { actor: operator, orderId, practitionerId: outsider })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await database.prisma.practitioner.update({ where: { id: practitioners.c }, data: { available: false } });
    await expect(offerToPractitioner(deps(), { actor: operator, orderId, practitionerId: practitioners.c })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(offerToPractitioner(deps(), { actor: operator, orderId, practitionerId: practitioners.a })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await liveOffer(orderId))?.practitionerId).toBe(practitioners.a);
    await acceptOffer(deps(), {
      noConflict: true,
      actor: await practitionerActorOf(deps().db, practitioners.a),
      offerId: (await liveOffer(orderId))!.id,
    });
    await expect(offerToPractitioner(deps(), { actor: operator, orderId, practitionerId: practitioners.b })).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
  });
});

describe("the cap on a practitioner's live offers", () => {
  const capped = (offerCap: number) => ({ ...deps(), orderRules: { ...DEFAULT_ORDER_RULES, offerCap } });
  const liveOffersOf = (practitionerId: string) => database.prisma.offer.count({ where: { practitionerId, status: "aktif" } });

  it("never gives one practitioner more live offers than the cap; the other orders wait on offer, not stalled, until one is answered", async () => {
    await database.prisma.practitioner.updateMany({ where: { id: { in: [practitioners.b, practitioners.c] } }, data: { active: false } });
    const orders = [await paidOrder(), await paidOrder(), await paidOrder(), await paidOrder()];
    await ensureOfferings(capped(2), { actor: SWEEPER, orderIds: orders });
    expect(await liveOffersOf(practitioners.a)).toBe(2);
    const waiting: string[] = [];
    for (const orderId of orders) if (!(await liveOffer(orderId))) waiting.push(orderId);
    expect(waiting).toHaveLength(2);
    for (const orderId of waiting) {
      expect(await statusOf(orderId)).toBe("ditawarkan");
      expect((await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).offeringStalledAt).toBeNull();
    }
    // Still waiting: the sweep finds them, and offers nothing while the cap is reached.
    const due = (await ordersNeedingOffer({ db: database.prisma }, { actor: SWEEPER, limit: 100 })).map((r) => r.id);
    expect(due).toEqual(expect.arrayContaining(waiting));
    await ensureOfferings(capped(2), { actor: SWEEPER, orderIds: waiting });
    expect(await liveOffersOf(practitioners.a)).toBe(2);

    const answered = orders.find((orderId) => !waiting.includes(orderId))!;
    await declineOffer(capped(2), {
      actor: await practitionerActorOf(database.prisma, practitioners.a),
      offerId: (await liveOffer(answered))!.id,
    });
    await ensureOfferings(capped(2), { actor: SWEEPER, orderIds: waiting });
    expect(await liveOffersOf(practitioners.a)).toBe(2);
    expect((await Promise.all(waiting.map(liveOffer))).filter(Boolean)).toHaveLength(1);
  });

  it("refuses the operator's choice of a practitioner at the cap", async () => {
    const [first, second] = [await paidOrder(), await paidOrder()];
    await ensureOfferings(capped(1), { actor: SWEEPER, orderIds: [first] });
    const holder = (await liveOffer(first))!.practitionerId;
    await database.prisma.order.update({ where: { id: second }, data: { status: "ditawarkan" } });
    await expect(offerToPractitioner(capped(1), { actor: TEST_OPERATOR, orderId: second, practitionerId: holder })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await liveOffersOf(holder)).toBe(1);
  });
});

describe.runIf(testDatabaseKind === "postgres")("the cap under concurrent offering", () => {
  it("gives the one practitioner one offer of two orders offered at once with a cap of 1", async () => {
    await database.prisma.practitioner.updateMany({ where: { id: { in: [practitioners.b, practitioners.c] } }, data: { active: false } });
    for (let round = 0; round < 4; round++) {
      await database.prisma.offer.updateMany({ where: { status: "aktif" }, data: { status: "dibatalkan" } });
      const [first, second] = [await paidOrder(), await paidOrder()];
      const capOne = { ...deps(), orderRules: { ...DEFAULT_ORDER_RULES, offerCap: 1 } };
      // Both lock their order, then queue on the offering's lock held here.
      const results = await raceBehindLock<unknown>(
        database.url!,
        { sql: "SELECT pg_advisory_xact_lock($1::bigint)", params: [OFFERING_LOCK] },
        [
          () => ensureOffering(capOne, { actor: SWEEPER, orderId: first }),
          () => ensureOffering(capOne, { actor: SWEEPER, orderId: second }),
        ],
      );
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await database.prisma.offer.count({ where: { practitionerId: practitioners.a, status: "aktif" } })).toBe(1);
    }
  });
});
