import { InngestTestEngine } from "@inngest/test";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { WEBHOOK_DELIVERY_JOB } from "@/server/services/webhooks";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { seededCatalog } from "@/test/fixtures";
import { createOrderEvent, startReceiver, testWebhookSettings, type Receiver } from "@/test/webhooks";
import { createInngestClient, createInngestEngine, createInngestFunctions, jobEventName, SWEEP_FUNCTION_ID, SWEEP_GRACE_MS, WAKE_EVENT, WAKE_FUNCTION_ID } from "./inngest";
import { JOB_KINDS } from "./registry";
import type { JobKind } from "./types";
import { webhookDeliveryJob } from "./webhook-delivery";

let database: TestDatabase;
const receivers: Receiver[] = [];
const START = "2026-11-22T10:00:00.000Z";

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
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

// The SDK logs every thrown RetryAfterError; these tests throw them on purpose.
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

// The test orders are paid; with every kind the offer rotation would also act on them.
function functions(clock = fixedClock(START), kinds: readonly JobKind[] = [webhookDeliveryJob]) {
  const all = createInngestFunctions(createInngestClient(quiet), { db: database.prisma, clock, webhooks: testWebhookSettings }, kinds);
  const byId = (id: string) => all.find((fn) => fn.id() === id)!;
  return { deliver: byId(WEBHOOK_DELIVERY_JOB), sweep: byId(SWEEP_FUNCTION_ID), wake: byId(WAKE_FUNCTION_ID), all };
}

const wake = (id: string) => ({ events: [{ name: jobEventName(WEBHOOK_DELIVERY_JOB), data: { id } }] as [{ name: string; data: { id: string } }] });

describe("Inngest functions", () => {
  it("serves one function per job kind plus the cron sweep and the wake-up after commits", () => {
    expect(functions(fixedClock(START), JOB_KINDS).all.map((fn) => fn.id())).toEqual([...JOB_KINDS.map((k) => k.name), SWEEP_FUNCTION_ID, WAKE_FUNCTION_ID]);
  });

  it("delivers through the same handler as the sweeper", async () => {
    const r = await receiver();
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: new Date(START) });
    const { result, error } = await new InngestTestEngine({ function: functions().deliver }).execute(wake(event.deliveryId!));
    expect(error).toBeUndefined();
    expect(result).toEqual({ id: event.deliveryId });
    expect(r.requests).toHaveLength(1);
    expect((await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: event.deliveryId! } })).status).toBe("terkirim");
  });

  it("asks Inngest to retry exactly when the row says: 10 s after a first failure", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: new Date(START) });
    const { error } = await new InngestTestEngine({ function: functions().deliver }).execute(wake(event.deliveryId!));
    expect(error).toMatchObject({ name: "RetryAfterError", message: `${WEBHOOK_DELIVERY_JOB} ${event.deliveryId}: look again at 2026-11-22T10:00:10.000Z` });
    expect(await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: event.deliveryId! } })).toMatchObject({
      status: "menunggu",
      attempts: 1,
      nextAttemptAt: new Date("2026-11-22T10:00:10.000Z"),
    });
  });

  it.each([
    [2, "2026-11-22T10:00:20.000Z"],
    [3, "2026-11-22T10:00:40.000Z"],
    [4, "2026-11-22T10:01:20.000Z"],
  ])("after failed attempt %i retries at %s", async (attempt, retryAt) => {
    const r = await receiver(() => ({ status: 500 }));
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: new Date(START) });
    await database.prisma.webhookDelivery.update({ where: { id: event.deliveryId! }, data: { attempts: attempt - 1 } });
    const { error } = await new InngestTestEngine({ function: functions().deliver }).execute(wake(event.deliveryId!));
    expect(error).toMatchObject({ name: "RetryAfterError", message: expect.stringContaining(`look again at ${retryAt}`) });
  });

  it("finishes without a retry when the 5th attempt fails: the row is gagal", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: new Date(START) });
    await database.prisma.webhookDelivery.update({ where: { id: event.deliveryId! }, data: { attempts: 4 } });
    const { result, error } = await new InngestTestEngine({ function: functions().deliver }).execute(wake(event.deliveryId!));
    expect(error).toBeUndefined();
    expect(result).toEqual({ id: event.deliveryId });
    expect(await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: event.deliveryId! } })).toMatchObject({ status: "gagal", attempts: 5 });
  });

  it("waits for a row that is not due yet without sending", async () => {
    const r = await receiver();
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: new Date("2026-11-22T10:05:00.000Z") });
    const { error } = await new InngestTestEngine({ function: functions().deliver }).execute(wake(event.deliveryId!));
    expect(error).toMatchObject({ name: "RetryAfterError", message: expect.stringContaining("look again at 2026-11-22T10:05:00.000Z") });
    expect(r.requests).toHaveLength(0);
  });

  it("rejects an event without an id for good", async () => {
    const { error } = await new InngestTestEngine({ function: functions().deliver }).execute({ events: [{ name: jobEventName(WEBHOOK_DELIVERY_JOB), data: {} }] });
    expect(error).toMatchObject({ name: "NonRetriableError" });
  });

  it("sweeps rows overdue by more than the grace period and wakes them", async () => {
    const clock = fixedClock(START);
    const missed = await createOrderEvent(database.prisma, { callbackUrl: "https://agen.contoh.id/a", at: new Date(Date.parse(START) - SWEEP_GRACE_MS - 1) });
    await createOrderEvent(database.prisma, { callbackUrl: "https://agen.contoh.id/b", at: new Date(Date.parse(START) - 1_000) });
    await createOrderEvent(database.prisma, { callbackUrl: "https://agen.contoh.id/c", at: new Date(Date.parse(START) + 60_000) });
    const sent: unknown[] = [];
    const { result, ctx } = await new InngestTestEngine({ function: functions(clock).sweep }).execute({
      steps: [{ id: "wake-due", handler: () => sent.push("sent") }],
    });
    expect(result).toEqual({ woken: 1 });
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("wake-due", [{ name: jobEventName(WEBHOOK_DELIVERY_JOB), data: { id: missed.deliveryId } }]);
    expect(sent).toEqual(["sent"]);
  });

  it("after a commit, wakes the rows due now, not only those the cron sweep counts as missed", async () => {
    const clock = fixedClock(START);
    const justDue = await createOrderEvent(database.prisma, { callbackUrl: "https://agen.contoh.id/d", at: new Date(Date.parse(START) - 1_000) });
    const later = await createOrderEvent(database.prisma, { callbackUrl: "https://agen.contoh.id/e", at: new Date(Date.parse(START) + 60_000) });
    const { ctx } = await new InngestTestEngine({ function: functions(clock).wake }).execute({
      events: [{ name: WAKE_EVENT, data: {} }],
      steps: [{ id: "wake-due", handler: () => undefined }],
    });
    const sendEvent = ctx.step.sendEvent as unknown as { mock: { calls: Array<[string, Array<{ data: { id: string } }>]> } };
    const woken = sendEvent.mock.calls.flatMap(([, events]) => events.map((e) => e.data.id));
    expect(woken).toContain(justDue.deliveryId);
    expect(woken).not.toContain(later.deliveryId);
  });
});

describe("Inngest engine", () => {
  it("never throws from notify when Inngest is unreachable; it logs and stop() waits for the send", async () => {
    const closed = await receiver();
    const url = closed.url;
    await closed.close();
    vi.stubEnv("INNGEST_DEV", "1");
    vi.stubEnv("INNGEST_BASE_URL", url);
    const logger = { ...quiet, error: vi.fn() };
    const engine = createInngestEngine({ db: database.prisma, clock: fixedClock(START), webhooks: testWebhookSettings }, [webhookDeliveryJob], logger);
    expect(() => engine.notify(WEBHOOK_DELIVERY_JOB, "dlv_1")).not.toThrow();
    engine.notify("no-such-kind", "x");
    expect(logger.error).toHaveBeenCalledWith("[jobs] notify: unknown job kind no-such-kind");
    await engine.stop();
    expect(logger.error).toHaveBeenCalledWith(expect.stringMatching(/^\[jobs\] could not wake webhook-delivery dlv_1 through Inngest \(the cron sweep will\): /));
  }, 20_000);
});
