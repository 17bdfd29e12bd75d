import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Clock, fixedClock, systemClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { seededCatalog } from "@/test/fixtures";
import { createOrderEvent, type Receiver, startReceiver, testWebhookSettings } from "@/test/webhooks";
import { createSweeper, type Sweeper } from "./sweeper";
import { webhookDeliveryJob } from "./webhook-delivery";

let database: TestDatabase;
const receivers: Receiver[] = [];
const sweepers: Sweeper[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterEach(async () => {
  await Promise.all(sweepers.splice(0).map((s) => s.stop()));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  // Each test sees only its own deliveries.
  await database.prisma.webhookDelivery.deleteMany();
});

afterAll(async () => {
  await database?.destroy();
});

async function receiver(reply?: Receiver["reply"]) {
  const r = await startReceiver(reply);
  receivers.push(r);
  return r;
}

function sweeper(clock: Clock, options: { intervalMs?: number; concurrency?: number; timeoutMs?: number; batchSize?: number } = {}) {
  const s = createSweeper({
    deps: {
      db: database.prisma,
      clock,
      webhooks: { ...testWebhookSettings, timeoutMs: options.timeoutMs ?? testWebhookSettings.timeoutMs },
    },
    // Only deliveries: the test orders are paid, and the offer rotation would add events of its own.
    kinds: [{ ...webhookDeliveryJob, batchSize: options.batchSize ?? webhookDeliveryJob.batchSize }],
    intervalMs: options.intervalMs ?? 1_000,
    concurrency: options.concurrency ?? 8,
  });
  sweepers.push(s);
  return s;
}

const status = async (id: string) => (await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } })).status;

describe("local sweeper with webhook deliveries", () => {
  it("picks up due deliveries and leaves not-yet-due ones alone", async () => {
    const r = await receiver();
    const clock = fixedClock("2026-11-22T10:00:00Z");
    const due = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/due`, at: clock.now() });
    const later = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/later`, at: new Date("2026-11-22T10:00:30Z") });

    expect(await sweeper(clock).runOnce()).toBe(1);
    expect(r.requests.map((q) => q.path)).toEqual(["/due"]);
    expect(await status(due.deliveryId!)).toBe("terkirim");
    expect(await status(later.deliveryId!)).toBe("menunggu");

    clock.advance(30_000);
    expect(await sweeper(clock).runOnce()).toBe(1);
    expect(r.requests.map((q) => q.path)).toEqual(["/due", "/later"]);
  });

  it("follows the retry schedule: a failed delivery is picked up again only when due", async () => {
    const r = await receiver((_req, index) => ({ status: index < 2 ? 500 : 200 }));
    const clock = fixedClock("2026-11-22T10:00:00Z");
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const s = sweeper(clock);
    expect(await s.runOnce()).toBe(1);
    clock.advance(9_999);
    expect(await s.runOnce()).toBe(0);
    clock.advance(1);
    expect(await s.runOnce()).toBe(1);
    clock.advance(20_000);
    expect(await s.runOnce()).toBe(1);
    expect(r.requests).toHaveLength(3);
    expect(await status(event.deliveryId!)).toBe("terkirim");
  });

  it("after a restart, sends what fell due while it was down, including a send cut off by a crash", async () => {
    const r = await receiver();
    const clock = fixedClock("2026-11-22T10:00:00Z");
    const before = sweeper(clock);
    await before.stop();

    // Queued while no process ran.
    const queued = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/queued`, at: clock.now() });
    // Claimed by a worker that died mid-send: its lease ran out at 10:00:30.
    const crashed = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/crashed`, at: clock.now() });
    await database.prisma.webhookDelivery.update({
      where: { id: crashed.deliveryId! },
      data: { lockedUntil: new Date("2026-11-22T10:00:30Z") },
    });

    clock.set("2026-11-22T10:00:10Z");
    const after = sweeper(clock);
    expect(await after.runOnce()).toBe(1);
    expect(r.requests.map((q) => q.path)).toEqual(["/queued"]);

    clock.set("2026-11-22T10:00:30Z");
    expect(await after.runOnce()).toBe(1);
    expect(r.requests.map((q) => q.path)).toEqual(["/queued", "/crashed"]);
    expect([await status(queued.deliveryId!), await status(crashed.deliveryId!)]).toEqual(["terkirim", "terkirim"]);
  });

  it("keeps delivering to others while one receiver is slow", async () => {
    const slow = await receiver(() => ({ status: 200, delayMs: 1_500 }));
    const fast = await receiver();
    const s = sweeper(systemClock, { intervalMs: 20, concurrency: 4 });
    const stuck = await createOrderEvent(database.prisma, { callbackUrl: slow.url });
    s.start();
    await vi.waitFor(() => expect(slow.requests).toHaveLength(1));

    const quick = await createOrderEvent(database.prisma, { callbackUrl: fast.url });
    await vi.waitFor(async () => expect(await status(quick.deliveryId!)).toBe("terkirim"), { timeout: 1_000, interval: 20 });
    expect(await status(stuck.deliveryId!)).toBe("menunggu");

    await s.stop();
    // stop() waited for the slow one to finish.
    expect(await status(stuck.deliveryId!)).toBe("terkirim");
  });

  it("bounds the deliveries in flight to concurrency batches of batchSize", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 100 }));
    const clock = fixedClock(new Date());
    for (let i = 0; i < 7; i++) await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const s = sweeper(clock, { concurrency: 2, batchSize: 2 });
    expect(await s.runOnce()).toBe(4);
    expect(await s.runOnce()).toBe(3);
    expect(await s.runOnce()).toBe(0);
    expect(r.requests).toHaveLength(7);
    expect(r.maxConcurrent).toBeLessThanOrEqual(4);
  });
});
