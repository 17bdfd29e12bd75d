import { InngestTestEngine } from "@inngest/test";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { WEBHOOK_DELIVERY_JOB } from "@/server/services/events";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { seededCatalog } from "@/test/fixtures";
import { createOrderEvent, type Receiver, startReceiver, testWebhookSettings } from "@/test/webhooks";
import {
  createInngestClient,
  createInngestEngine,
  createInngestFunctions,
  jobEventName,
  OVERDUE_TAKEOVER_MS,
  SCHEDULE_AHEAD_MS,
  SWEEP_FUNCTION_ID,
  SWEEP_GRACE_MS,
  timerEventName,
  timerFunctionId,
  WAKE_EVENT,
  WAKE_FUNCTION_ID,
} from "./inngest";
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

const wake = (id: string) => ({
  events: [{ name: jobEventName(WEBHOOK_DELIVERY_JOB), data: { id } }] as [{ name: string; data: { id: string } }],
});

describe("Inngest functions", () => {
  it("serves one function per job kind, a timer per deadline kind, the cron sweep and the wake-up after commits", () => {
    const deadlines = JOB_KINDS.filter((k) => k.deadline).map((k) => k.name);
    expect(deadlines.sort()).toEqual(["offer-expiry", "offering-stall-refund", "order-auto-accept", "sla-breach"]);
    expect(functions(fixedClock(START), JOB_KINDS).all.map((fn) => fn.id())).toEqual([
      ...JOB_KINDS.map((k) => k.name),
      ...JOB_KINDS.filter((k) => k.deadline).map((k) => timerFunctionId(k.name)),
      SWEEP_FUNCTION_ID,
      WAKE_FUNCTION_ID,
    ]);
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
    expect(error).toMatchObject({
      name: "RetryAfterError",
      message: `${WEBHOOK_DELIVERY_JOB} ${event.deliveryId}: look again at 2026-11-22T10:00:10.000Z`,
    });
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
    expect(await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: event.deliveryId! } })).toMatchObject({
      status: "gagal",
      attempts: 5,
    });
  });

  it("waits for a row that is not due yet without sending", async () => {
    const r = await receiver();
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: new Date("2026-11-22T10:05:00.000Z") });
    const { error } = await new InngestTestEngine({ function: functions().deliver }).execute(wake(event.deliveryId!));
    expect(error).toMatchObject({ name: "RetryAfterError", message: expect.stringContaining("look again at 2026-11-22T10:05:00.000Z") });
    expect(r.requests).toHaveLength(0);
  });

  it("rejects an event without an id for good", async () => {
    const { error } = await new InngestTestEngine({ function: functions().deliver }).execute({
      events: [{ name: jobEventName(WEBHOOK_DELIVERY_JOB), data: {} }],
    });
    expect(error).toMatchObject({ name: "NonRetriableError" });
  });

  it("sweeps rows overdue by more than the grace period and wakes them", async () => {
    const clock = fixedClock(START);
    const missed = await createOrderEvent(database.prisma, {
      callbackUrl: "https://agen.contoh.id/a",
      at: new Date(Date.parse(START) - SWEEP_GRACE_MS - 1),
    });
    await createOrderEvent(database.prisma, { callbackUrl: "https://agen.contoh.id/b", at: new Date(Date.parse(START) - 1_000) });
    await createOrderEvent(database.prisma, { callbackUrl: "https://agen.contoh.id/c", at: new Date(Date.parse(START) + 60_000) });
    const sent: unknown[] = [];
    const { result, ctx } = await new InngestTestEngine({ function: functions(clock).sweep }).execute({
      steps: [{ id: "wake-due", handler: () => sent.push("sent") }],
    });
    expect(result).toEqual({ woken: 1, scheduled: 0 });
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("wake-due", [
      { name: jobEventName(WEBHOOK_DELIVERY_JOB), data: { id: missed.deliveryId } },
    ]);
    expect(sent).toEqual(["sent"]);
  });

  it("after a commit, wakes the rows due now, not only those the cron sweep counts as missed", async () => {
    const clock = fixedClock(START);
    const justDue = await createOrderEvent(database.prisma, {
      callbackUrl: "https://agen.contoh.id/d",
      at: new Date(Date.parse(START) - 1_000),
    });
    const later = await createOrderEvent(database.prisma, {
      callbackUrl: "https://agen.contoh.id/e",
      at: new Date(Date.parse(START) + 60_000),
    });
    const { ctx } = await new InngestTestEngine({ function: functions(clock).wake }).execute({
      events: [{ name: WAKE_EVENT, data: {} }],
      steps: [{ id: "wake-due", handler: () => undefined }],
    });
    expect(sentEvents(ctx).map((e) => e.data.id)).toContain(justDue.deliveryId);
    expect(sentEvents(ctx).map((e) => e.data.id)).not.toContain(later.deliveryId);
  });
});

type SentEvent = { name: string; id?: string; data: { id: string; dueAt?: string } };
function sentEvents(ctx: { step: { sendEvent: unknown } }): SentEvent[] {
  const calls = (ctx.step.sendEvent as { mock: { calls: Array<[string, SentEvent[] | SentEvent]> } }).mock.calls;
  return calls.flatMap(([, events]) => (Array.isArray(events) ? events : [events]));
}

/** A deadline kind whose rows are `rows`; findDue answers what falls due by the cutoff. */
function deadlineKind(rows: Array<{ id: string; dueAt: string }>): JobKind {
  return {
    name: "test-deadline",
    deadline: true,
    findDue: async (_db, { cutoff, limit }) =>
      rows
        .map((r) => ({ id: r.id, dueAt: new Date(r.dueAt) }))
        .filter((r) => r.dueAt <= cutoff)
        .slice(0, limit),
    handle: async () => undefined,
  };
}

describe("Inngest deadlines", () => {
  const at = (offsetMs: number) => new Date(Date.parse(START) + offsetMs).toISOString();

  it("after a commit, runs what is due now and schedules each deadline of the next minutes for its own time, with an id Inngest deduplicates", async () => {
    const kind = deadlineKind([
      { id: "due", dueAt: at(-1_000) },
      { id: "soon", dueAt: at(90_000) },
      { id: "later", dueAt: at(SCHEDULE_AHEAD_MS + 60_000) },
    ]);
    const wakeFn = functions(fixedClock(START), [kind]).wake;
    const { result, ctx } = await new InngestTestEngine({ function: wakeFn }).execute({
      events: [{ name: WAKE_EVENT, data: {} }],
      steps: [{ id: "wake-due", handler: () => undefined }],
    });
    expect(result).toEqual({ woken: 1, scheduled: 1 });
    expect(sentEvents(ctx)).toEqual([
      { name: jobEventName("test-deadline"), data: { id: "due" } },
      {
        name: timerEventName("test-deadline"),
        id: `test-deadline:soon:${Date.parse(at(90_000))}`,
        data: { id: "soon", dueAt: at(90_000) },
      },
    ]);
  });

  it("the cron sweep schedules the deadlines coming up and wakes only rows missed by more than the grace", async () => {
    const kind = deadlineKind([
      { id: "missed", dueAt: at(-SWEEP_GRACE_MS - 1) },
      { id: "just-due", dueAt: at(-1_000) },
      { id: "soon", dueAt: at(SCHEDULE_AHEAD_MS - 1_000) },
    ]);
    const { ctx } = await new InngestTestEngine({ function: functions(fixedClock(START), [kind]).sweep }).execute({
      steps: [{ id: "wake-due", handler: () => undefined }],
    });
    expect(sentEvents(ctx).map((e) => [e.name, e.data.id])).toEqual([
      [jobEventName("test-deadline"), "missed"],
      [timerEventName("test-deadline"), "soon"],
    ]);
  });

  it("a timer sleeps until the due time, then wakes the kind's job", async () => {
    const kind = deadlineKind([]);
    const timer = functions(fixedClock(START), [kind]).all.find((fn) => fn.id() === timerFunctionId("test-deadline"))!;
    const slept: unknown[] = [];
    const { result, ctx } = await new InngestTestEngine({ function: timer }).execute({
      events: [{ name: timerEventName("test-deadline"), data: { id: "ofr_1", dueAt: at(90_000) } }],
      steps: [
        { id: "until-due", handler: () => slept.push("slept") },
        { id: "due", handler: () => undefined },
      ],
    });
    expect(result).toEqual({ id: "ofr_1", dueAt: at(90_000) });
    expect(slept).toEqual(["slept"]);
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("until-due", new Date(at(90_000)));
    expect(sentEvents(ctx)).toEqual([{ name: jobEventName("test-deadline"), data: { id: "ofr_1" } }]);
  });
});

describe("Inngest engine", () => {
  it("never throws from a wake-up when Inngest is unreachable; it logs and stop() waits for the send", async () => {
    const closed = await receiver();
    const url = closed.url;
    await closed.close();
    vi.stubEnv("INNGEST_DEV", "1");
    vi.stubEnv("INNGEST_BASE_URL", url);
    const logger = { ...quiet, error: vi.fn() };
    const engine = createInngestEngine(
      { db: database.prisma, clock: fixedClock(START), webhooks: testWebhookSettings },
      [webhookDeliveryJob],
      { logger },
    );
    expect(() => engine.wakeDue()).not.toThrow();
    await engine.stop();
    expect(logger.error).toHaveBeenCalledWith(expect.stringMatching(/^\[jobs\] could not wake due work through Inngest: /));
  }, 20_000);

  /** Inngest's event API as the SDK calls it: `up` decides whether it accepts events. */
  async function fakeInngest() {
    const state = { up: false };
    const server = await receiver(() =>
      state.up
        ? { status: 200, body: JSON.stringify({ ids: ["evt"], status: 200 }), headers: { "Content-Type": "application/json" } }
        : { status: 503, body: "{}" },
    );
    vi.stubEnv("INNGEST_DEV", "1");
    vi.stubEnv("INNGEST_BASE_URL", server.url);
    return { state, server };
  }

  async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("timed out waiting");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function deliveryStatus(id: string): Promise<string> {
    return (await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } })).status;
  }

  it("when Inngest cannot be reached, says so loudly, lets the local sweeper deliver what is due, and hands back once Inngest answers", async () => {
    const inngest = await fakeInngest();
    const target = await receiver();
    const event = await createOrderEvent(database.prisma, { callbackUrl: target.url, at: new Date(START) });
    const logger = { ...quiet, error: vi.fn() };
    const engine = createInngestEngine(
      { db: database.prisma, clock: fixedClock(START), webhooks: testWebhookSettings },
      [webhookDeliveryJob],
      {
        logger,
        fallback: { intervalMs: 50, concurrency: 2 },
      },
    );
    try {
      expect(engine.status()).toEqual({ engine: "inngest", healthy: true });
      engine.wakeDue();
      // The receiver's answer is recorded after it arrives: wait for the record, not the request.
      await until(async () => (await deliveryStatus(event.deliveryId!)) === "terkirim");
      expect(target.requests).toHaveLength(1);
      expect(engine.status()).toMatchObject({
        engine: "inngest",
        healthy: false,
        fallback: "sweeper",
        reason: expect.stringContaining("events cannot be sent"),
      });
      expect(logger.error).toHaveBeenCalledWith(expect.stringMatching(/^\[jobs\] INNGEST UNREACHABLE: events cannot be sent/));

      inngest.state.up = true;
      expect(await engine.checkHealth()).toEqual({ engine: "inngest", healthy: true });
      expect(logger.error).toHaveBeenCalledWith(
        expect.stringMatching(/^\[jobs\] Inngest answers again; the local sweeper of this process stops/),
      );
    } finally {
      await engine.stop();
    }
  }, 30_000);

  it("takes over when Inngest accepts events but runs nothing: a row overdue by more than two minutes", async () => {
    const inngest = await fakeInngest();
    inngest.state.up = true;
    const target = await receiver();
    const overdue = await createOrderEvent(database.prisma, {
      callbackUrl: target.url,
      at: new Date(Date.parse(START) - OVERDUE_TAKEOVER_MS - 1_000),
    });
    const logger = { ...quiet, error: vi.fn() };
    const engine = createInngestEngine(
      { db: database.prisma, clock: fixedClock(START), webhooks: testWebhookSettings },
      [webhookDeliveryJob],
      {
        logger,
        fallback: { intervalMs: 50, concurrency: 2 },
      },
    );
    try {
      expect(await engine.checkHealth()).toMatchObject({
        healthy: false,
        reason: expect.stringMatching(/overdue by more than 120 s \(webhook-delivery\)/),
      });
      await until(async () => (await deliveryStatus(overdue.deliveryId!)) === "terkirim");
      expect(target.requests).toHaveLength(1);
      // Events are accepted again, but nothing proves Inngest runs Kuasa's functions: the sweeper stays.
      expect(await engine.checkHealth()).toMatchObject({ healthy: false });
    } finally {
      await engine.stop();
    }
  }, 30_000);
});
