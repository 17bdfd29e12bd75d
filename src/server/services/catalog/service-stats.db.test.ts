import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorActor, practitionerActor, SWEEPER } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { serviceStatsJob } from "@/server/jobs/service-stats";
import { createSweeper } from "@/server/jobs/sweeper";
import { acceptOffer, declineOffer, ensureOffering } from "@/server/services/offers";
import { deliverResult, operatorOrderAction, startWork } from "@/server/services/orders";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { driveOrder, ndaOrder, sampleIntake } from "@/test/orders";
import { portalCaller, practitionerUser } from "@/test/portal";
import { testWebhookSettings } from "@/test/webhooks";
import { CATALOG_SEED } from "./catalog-seed";

/**
 * The catalog's delivery statistics end to end: live orders of known timings, offers and reviews,
 * beside test-mode orders and orders older than 90 days that must not count; the job run by the
 * local sweeper; the figures read from GET /v1/services; and each practitioner's own in the portal.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse("2026-11-23T03:00:00.000Z");
const clock = fixedClock(NOW);

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
let testKey: string;
/** Does the work of every live order. */
let rina: PortalUser;
/** Declines the offers she is made. */
let budi: PortalUser;

const deps = () => ({ db: database.prisma, clock });

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  // The catalog as it stood long before the test's clock: its figures are due from the first run.
  await database.prisma.service.updateMany({ data: { createdAt: new Date(NOW - 365 * DAY) } });
  api = await startTestApi(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 900_000_000n, monthlyBudgetIdr: 900_000_000n });
  testKey = (await addTestKey(database.prisma, org.id, { mode: "test" })).token;
  await post("/v1/test_helpers/deposit/top_up", { amount_idr: 10_000_000 }, testKey);
  rina = await practitionerUser(database.prisma, ["kontrak"]);
  budi = await practitionerUser(database.prisma, ["kontrak"]);
  await available(budi, false);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function post(path: string, json: unknown = {}, token = org.token) {
  const res = await api.call(path, { method: "POST", token, json });
  const body = (await res.json()) as { id: string };
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

const available = (who: PortalUser, yes: boolean) =>
  database.prisma.practitioner.update({ where: { id: who.practitionerId! }, data: { available: yes } });
const actorOf = (who: PortalUser) => practitionerActor(who.id, who.practitionerId!);
const liveOffer = (orderId: string) => database.prisma.offer.findFirstOrThrow({ where: { orderId, status: "aktif" } });

interface Journey {
  paidAt: number;
  service?: "review_kontrak";
  /** Budi is made the first offer and declines it; Rina takes it next. */
  declined?: boolean;
  /** Hours from payment to the delivery; none: never delivered. */
  deliveredAfterHours?: number;
  /** How it ends, an hour after the delivery (or after work started): accepted by the client, a dispute settled or refunded, or not yet. */
  end: "accepted" | "settled" | "refunded" | "open";
  rating?: number;
}

/** A live order paid at `paidAt`, offered, taken by Rina and carried through `journey`. */
async function liveJourney(journey: Journey): Promise<string> {
  clock.set(journey.paidAt);
  const order = journey.service
    ? await post("/v1/orders", {
        service: journey.service,
        intake: sampleIntake(CATALOG_SEED.find((s) => s.code === journey.service)!.intake),
      })
    : await post("/v1/orders", ndaOrder());
  if (journey.declined) {
    await available(rina, false);
    await available(budi, true);
  }
  await ensureOffering(deps(), { actor: SWEEPER, orderId: order.id });
  if (journey.declined) {
    const first = await liveOffer(order.id);
    expect(first.practitionerId).toBe(budi.practitionerId);
    await available(rina, true);
    clock.advance(10 * 60_000);
    await declineOffer(deps(), { actor: actorOf(budi), offerId: first.id });
    await available(budi, false);
  }
  const offer = await liveOffer(order.id);
  expect(offer.practitionerId).toBe(rina.practitionerId);
  clock.advance(10 * 60_000);
  await acceptOffer(deps(), { actor: actorOf(rina), offerId: offer.id, noConflict: true });
  await startWork(deps(), { actor: actorOf(rina), orderId: order.id });
  if (journey.deliveredAfterHours !== undefined) {
    clock.set(journey.paidAt + journey.deliveredAfterHours * HOUR);
    await deliverResult(deps(), { actor: actorOf(rina), orderId: order.id, deliverable: "https://berkas.contoh.id/hasil.pdf" });
  }
  clock.advance(HOUR);
  if (journey.end === "accepted") await post(`/v1/orders/${order.id}/accept`);
  if (journey.end === "settled" || journey.end === "refunded") {
    await post(`/v1/orders/${order.id}/dispute`, { reason: "Hasil belum sesuai permintaan." });
    clock.advance(HOUR);
    await operatorOrderAction(deps(), {
      actor: operatorActor("usr_op"),
      input: { orderId: order.id, action: journey.end === "settled" ? "settle_for_practitioner" : "refund", note: "Diputuskan operator." },
    });
  }
  if (journey.rating) await post(`/v1/orders/${order.id}/review`, { rating: journey.rating });
  return order.id;
}

/** A test-mode order Rina delivers within the hour and the client accepts and rates 1: it must never count. */
async function testModeJourney(paidAt: number) {
  clock.set(paidAt);
  const order = await post("/v1/orders", ndaOrder(), testKey);
  await driveOrder(database.prisma, order.id, rina.practitionerId!, "diserahkan", new Date(paidAt + HOUR));
  clock.set(paidAt + 2 * HOUR);
  await post(`/v1/orders/${order.id}/accept`, {}, testKey);
  await post(`/v1/orders/${order.id}/review`, { rating: 1 }, testKey);
}

/** Runs the job once through the local sweeper at `at`; the number of rows it handled (1: it ran). */
async function runJob(at: number): Promise<number> {
  const sweeper = createSweeper({
    deps: { db: database.prisma, clock: fixedClock(at), webhooks: testWebhookSettings },
    kinds: [serviceStatsJob],
    intervalMs: 1_000,
    concurrency: 1,
  });
  try {
    return await sweeper.runOnce();
  } finally {
    await sweeper.stop();
  }
}

async function catalogStats(code: string) {
  const res = await api.call("/v1/services", { token: org.token });
  const { data } = (await res.json()) as { data: Array<{ code: string; stats: unknown }> };
  return data.find((s) => s.code === code)!.stats;
}

const NDA = "perjanjian_kerahasiaan";
/** The tenth completed NDA order: delivered late, accepted only after the first run. */
let tenth: string;

describe("delivery statistics", () => {
  beforeAll(async () => {
    // Older than 90 days: fast, rated 1, one offer declined. Outside the window.
    await liveJourney({ paidAt: NOW - 120 * DAY, declined: true, deliveredAfterHours: 1, end: "accepted", rating: 1 });
    await liveJourney({ paidAt: NOW - 100 * DAY, deliveredAfterHours: 1, end: "accepted", rating: 1 });
    // Ten NDA orders in the window, delivered after these hours: sorted 2 5 8 10 12 15 18 20 200 300, median 13.5;
    // the 200 and 300 hours are past the 3 working days' SLA. Seven are rated: 31 stars.
    const hours = [5, 10, 15, 20, 12, 2, 8, 18, 200];
    const ratings = [5, 4, 5, 3, 4, 5, 5];
    for (const [i, deliveredAfterHours] of hours.entries()) {
      await liveJourney({
        paidAt: NOW - (80 - 5 * i) * DAY,
        declined: i < 3,
        deliveredAfterHours,
        // The fifth went to a dispute after delivery, settled for the practitioner.
        end: i === 4 ? "settled" : "accepted",
        rating: ratings[i],
      });
    }
    tenth = await liveJourney({ paidAt: NOW - 35 * DAY, deliveredAfterHours: 300, end: "open" });
    // Disputed before any delivery and refunded: ended, not completed.
    await liveJourney({ paidAt: NOW - 30 * DAY, end: "refunded" });
    // Another service of Rina's: hers, not the NDA's.
    await liveJourney({ paidAt: NOW - 20 * DAY, service: "review_kontrak", deliveredAfterHours: 50, end: "accepted", rating: 2 });
    await testModeJourney(NOW - 10 * DAY);
    await testModeJourney(NOW - 9 * DAY);
  }, 240_000);

  it("is null in the catalog while 9 orders of the service completed in the window, even with older and test-mode ones", async () => {
    expect(await runJob(NOW)).toBe(1);
    expect(await catalogStats(NDA)).toBeNull();
    expect(await database.prisma.serviceStats.findUniqueOrThrow({ where: { serviceCode: NDA } })).toMatchObject({
      ordersCompleted90d: 9,
      computedAt: new Date(NOW),
    });
  });

  it("shows the tenth completed order's figures only once the hour has passed, then exactly", async () => {
    clock.set(NOW + HOUR);
    await post(`/v1/orders/${tenth}/accept`);
    expect(await runJob(NOW + HOUR - 1)).toBe(0);
    expect(await catalogStats(NDA)).toBeNull();

    expect(await runJob(NOW + HOUR)).toBe(1);
    expect(await catalogStats(NDA)).toEqual({
      orders_completed_90d: 10,
      median_hours_to_delivery: 13.5,
      // 8 of 10 first delivered by the SLA's due time.
      on_time_rate: 0.8,
      // 11 offers in the window accepted, 3 declined.
      acceptance_rate: 0.79,
      // 2 of the 11 ended orders went to sengketa.
      dispute_rate: 0.18,
      rating_average: 4.43,
      rating_count: 7,
    });
    expect(await catalogStats("review_kontrak")).toBeNull();
    const service = await api.call(`/v1/services/${NDA}`, { token: org.token });
    expect(((await service.json()) as { stats: { orders_completed_90d: number } }).stats.orders_completed_90d).toBe(10);
  });

  it("shows each practitioner their own figures by the same definitions, across their services", async () => {
    clock.set(NOW + HOUR);
    expect(await portalCaller(deps(), rina).practitioner.deliveryStats()).toEqual({
      ordersCompleted90d: 11,
      // 2 5 8 10 12 15 18 20 50 200 300.
      medianHoursToDelivery: 15,
      onTimeRate: 0.82,
      acceptanceRate: 1,
      disputeRate: 0.17,
      // 31 + 2 stars from 8 reviews.
      ratingAverage: 4.13,
      ratingCount: 8,
    });
    expect(await portalCaller(deps(), budi).practitioner.deliveryStats()).toEqual({
      ordersCompleted90d: 0,
      medianHoursToDelivery: null,
      onTimeRate: null,
      acceptanceRate: 0,
      disputeRate: null,
      ratingAverage: null,
      ratingCount: 0,
    });
  });
});
