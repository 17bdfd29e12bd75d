import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { verifyWebhookSignature } from "@/server/domain/signature";
import { AppError } from "@/server/domain/errors";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "@/test/db";
import { seededCatalog } from "@/test/fixtures";
import { createOrderEvent, startReceiver, testWebhookSettings, type Receiver } from "@/test/webhooks";
import { attemptDelivery, listWebhookDeliveries, redeliver, type WebhookSettings } from "./webhooks";
import { RESPONSE_READ_LIMIT } from "./webhooks-transport";

let database: TestDatabase;
const receivers: Receiver[] = [];
const START = "2026-11-22T10:00:00.000Z";

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

afterAll(async () => {
  await database?.destroy();
});

async function receiver(reply?: Receiver["reply"]): Promise<Receiver> {
  const r = await startReceiver(reply);
  receivers.push(r);
  return r;
}

/** Without a clock: now, so rows created at the current time are due. */
function deps(clock = fixedClock(new Date()), webhooks: Partial<WebhookSettings> = {}) {
  return { db: database.prisma, clock, webhooks: { ...testWebhookSettings, ...webhooks } };
}

async function deliveryRow(id: string) {
  return database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attemptsLog: { orderBy: { attempt: "asc" } } } });
}

describe("attemptDelivery", () => {
  it("posts the signed payload; a 2xx marks the delivery terkirim", async () => {
    const r = await receiver(() => ({ status: 200, body: "ok" }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/hooks/kuasa`, at: clock.now() });

    const outcome = await attemptDelivery(deps(clock), event.deliveryId!);

    expect(outcome).toEqual({ result: "delivered", attempt: 1, statusCode: 200 });
    expect(r.requests).toHaveLength(1);
    const [request] = r.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/hooks/kuasa");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["user-agent"]).toBe("Kuasa-Webhook/1");
    expect(request!.headers["x-kuasa-event-id"]).toBe(event.eventId);
    expect(request!.headers["x-kuasa-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(request!.headers["content-length"]).toBe(String(Buffer.byteLength(request!.body)));

    // The bytes received are the bytes signed.
    const verified = verifyWebhookSignature(event.webhookSecret, request!.headers["x-kuasa-signature"] as string, request!.body, { now: clock.now().getTime() });
    expect(verified).toEqual({ ok: true, timestamp: Date.parse(START) / 1000 });
    expect(verifyWebhookSignature("whsec_wrong", request!.headers["x-kuasa-signature"] as string, request!.body, { now: clock.now().getTime() }).ok).toBe(false);

    const body = JSON.parse(request!.body) as Record<string, unknown> & { order: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(["id", "event", "sent_at", "order"]);
    expect(Object.keys(body.order)).toEqual(["id", "status", "service", "price_idr", "sla_due_at", "deliverable", "updated_at"]);
    expect(body).toEqual({
      id: event.eventId,
      event: "order.dibayar",
      sent_at: START,
      order: {
        id: event.orderId,
        status: "dibayar",
        service: "perjanjian_kerahasiaan",
        price_idr: 1_700_000,
        sla_due_at: "2026-11-25T10:00:00.000Z",
        deliverable: null,
        updated_at: START,
      },
    });

    const row = await deliveryRow(event.deliveryId!);
    expect(row).toMatchObject({ status: "terkirim", attempts: 1, nextAttemptAt: null, lockedUntil: null });
    expect(row.attemptsLog).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, error: null, startedAt: new Date(START) })]);
    expect(row.attemptsLog[0]!.durationMs).toBeGreaterThanOrEqual(0);

    // Finished deliveries are never sent again.
    expect(await attemptDelivery(deps(clock), event.deliveryId!)).toEqual({ result: "skipped", reason: "finished", retryAt: null });
    expect(r.requests).toHaveLength(1);
  });

  it("retries a 500 after exactly 10, 20, 40 and 80 s, then gives up as gagal after the 5th attempt", async () => {
    const r = await receiver(() => ({ status: 500, body: "database down" }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { keyWebhookUrl: `${r.url}/hook`, at: clock.now() });
    const id = event.deliveryId!;

    for (const [attempt, delaySeconds] of [[1, 10], [2, 20], [3, 40], [4, 80]] as const) {
      const outcome = await attemptDelivery(deps(clock), id);
      const retryAt = new Date(clock.now().getTime() + delaySeconds * 1000);
      expect(outcome).toEqual({ result: "failed", attempt, error: "HTTP 500: database down", retryAt });
      expect(await deliveryRow(id)).toMatchObject({ status: "menunggu", attempts: attempt, nextAttemptAt: retryAt, lockedUntil: null });

      // One millisecond early is not due: nothing is sent.
      clock.advance(delaySeconds * 1000 - 1);
      expect(await attemptDelivery(deps(clock), id)).toEqual({ result: "skipped", reason: "not_due", retryAt });
      expect(r.requests).toHaveLength(attempt);
      clock.advance(1);
    }

    expect(await attemptDelivery(deps(clock), id)).toEqual({ result: "failed", attempt: 5, error: "HTTP 500: database down", retryAt: null });
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ status: "gagal", attempts: 5, nextAttemptAt: null, lockedUntil: null });
    expect(row.attemptsLog.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 500, "HTTP 500: database down"]));
    expect(row.attemptsLog.map((a) => (a.startedAt.getTime() - Date.parse(START)) / 1000)).toEqual([0, 10, 30, 70, 150]);

    // Never resent automatically.
    clock.advance(3_600_000);
    expect(await attemptDelivery(deps(clock), id)).toEqual({ result: "skipped", reason: "finished", retryAt: null });
    expect(r.requests).toHaveLength(5);
  });

  it("signs every attempt afresh with its own sent_at", async () => {
    const r = await receiver((_req, index) => ({ status: index === 0 ? 503 : 204 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    await attemptDelivery(deps(clock), event.deliveryId!);
    clock.advance(10_000);
    expect(await attemptDelivery(deps(clock), event.deliveryId!)).toMatchObject({ result: "delivered", attempt: 2 });
    const [first, second] = r.requests.map((req) => JSON.parse(req.body) as { sent_at: string });
    expect(first!.sent_at).toBe(START);
    expect(second!.sent_at).toBe("2026-11-22T10:00:10.000Z");
    for (const req of r.requests) {
      expect(verifyWebhookSignature(event.webhookSecret, req.headers["x-kuasa-signature"] as string, req.body, { now: clock.now().getTime() }).ok).toBe(true);
      expect(req.headers["x-kuasa-event-id"]).toBe(event.eventId);
    }
  });

  it("counts no answer within the timeout as a failure", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 2_000 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const started = Date.now();
    const outcome = await attemptDelivery(deps(clock, { timeoutMs: 200 }), event.deliveryId!);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(outcome).toMatchObject({ result: "failed", attempt: 1, error: "no answer within 200 ms" });
    const row = await deliveryRow(event.deliveryId!);
    expect(row.attemptsLog[0]).toMatchObject({ statusCode: null, error: "no answer within 200 ms" });
    expect(row.attemptsLog[0]!.durationMs).toBeGreaterThanOrEqual(150);
  });

  it("treats a redirect as a failure and never follows it", async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { Location: `${target.url}/elsewhere` } }));
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url });
    const outcome = await attemptDelivery(deps(), event.deliveryId!);
    expect(outcome).toMatchObject({ result: "failed", attempt: 1, error: "HTTP 302, redirect not followed" });
    expect(target.requests).toHaveLength(0);
    expect((await deliveryRow(event.deliveryId!)).attemptsLog[0]).toMatchObject({ statusCode: 302 });
  });

  it("records a refused connection", async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    const event = await createOrderEvent(database.prisma, { callbackUrl: url });
    expect(await attemptDelivery(deps(), event.deliveryId!)).toMatchObject({ result: "failed", error: "connection refused" });
  });

  it("reads only a bounded part of a large answer", async () => {
    const r = await receiver(() => ({ status: 500, body: "x".repeat(2_000_000) }));
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url });
    const outcome = await attemptDelivery(deps(), event.deliveryId!);
    expect(outcome.result).toBe("failed");
    const error = (await deliveryRow(event.deliveryId!)).attemptsLog[0]!.error!;
    expect(error.startsWith("HTTP 500: xxx")).toBe(true);
    expect(error.length).toBeLessThan(RESPONSE_READ_LIMIT);
  });

  it.runIf(testDatabaseKind === "postgres")("sends once when two workers attempt the same delivery at the same time", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 200 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const outcomes = await Promise.all([attemptDelivery(deps(clock), event.deliveryId!), attemptDelivery(deps(clock), event.deliveryId!)]);
    expect(r.requests).toHaveLength(1);
    expect(outcomes.map((o) => o.result).sort()).toEqual(["delivered", "skipped"]);
    expect(await deliveryRow(event.deliveryId!)).toMatchObject({ status: "terkirim", attempts: 1 });
  });

  it("sends once across many concurrent attempts on different deliveries and the same one", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 50 }));
    const clock = fixedClock(START);
    const a = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/a`, at: clock.now() });
    const b = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/b`, at: clock.now() });
    await Promise.all([a, b, a, b, a, b].map((e) => attemptDelivery(deps(clock), e.deliveryId!)));
    expect(r.requests.map((req) => req.path).sort()).toEqual(["/a", "/b"]);
  });
});

describe("private addresses (SSRF)", () => {
  it.each(["127.0.0.1", "localhost"])("refuses %s at connection time when private addresses are not allowed; nothing is sent", async (host) => {
    const r = await receiver();
    const port = new URL(r.url).port;
    const event = await createOrderEvent(database.prisma, { callbackUrl: `http://${host}:${port}/hook` });
    const outcome = await attemptDelivery(deps(undefined, { allowPrivate: false }), event.deliveryId!);
    expect(outcome).toMatchObject({ result: "failed", attempt: 1, retryAt: expect.any(Date) });
    expect(outcome.result === "failed" && outcome.error).toBe(
      "blocked: 127.0.0.1 is not a public address; webhooks go only to public addresses (WEBHOOK_ALLOW_PRIVATE)",
    );
    expect(r.requests).toHaveLength(0);
  });

  it("refuses link-local metadata and unspecified addresses", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data", "http://0.0.0.0:1/", "http://[::1]:1/"]) {
      const event = await createOrderEvent(database.prisma, { callbackUrl: url });
      const outcome = await attemptDelivery(deps(undefined, { allowPrivate: false, timeoutMs: 2_000 }), event.deliveryId!);
      expect(outcome.result === "failed" && outcome.error, url).toMatch(/^blocked: \S+ is not a public address/);
    }
  });
});

describe("delivery log and redelivery", () => {
  it("lists only the organisation's events, newest first, with deliveries and attempts", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const clock = fixedClock(START);
    const first = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    await attemptDelivery(deps(clock), first.deliveryId!);
    clock.advance(1_000);
    const second = await createOrderEvent(database.prisma, {
      callbackUrl: null,
      status: "ditawarkan",
      at: clock.now(),
      organizationId: first.organizationId,
      apiKeyId: first.apiKeyId,
    });
    const stranger = await createOrderEvent(database.prisma, { callbackUrl: r.url });

    const log = await listWebhookDeliveries(database.prisma, first.organizationId, { limit: 10 });
    expect(log.map((e) => e.id)).toEqual([second.eventId, first.eventId]);
    expect(log[0]).toMatchObject({ orderId: second.orderId, type: "order.ditawarkan", deliveries: [] });
    expect(log[1]).toMatchObject({
      type: "order.dibayar",
      payload: { event: "order.dibayar", order: { id: first.orderId } },
      deliveries: [{ id: first.deliveryId, url: r.url, status: "menunggu", attempts: 1, attemptsLog: [{ attempt: 1, statusCode: 500, error: "HTTP 500" }] }],
    });

    expect((await listWebhookDeliveries(database.prisma, first.organizationId, { orderId: first.orderId })).map((e) => e.id)).toEqual([first.eventId]);
    expect(await listWebhookDeliveries(database.prisma, first.organizationId, { orderId: stranger.orderId })).toEqual([]);
    expect(await listWebhookDeliveries(database.prisma, first.organizationId, { limit: 1 })).toHaveLength(1);
  });

  it("queues a fresh delivery to the order's current URL, and only for the organisation's own events", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { keyWebhookUrl: `${r.url}/old`, at: clock.now() });
    // The key's URL changed since; a callback_url would win over it.
    await database.prisma.apiKey.update({ where: { id: event.apiKeyId }, data: { webhookUrl: `${r.url}/new` } });
    clock.advance(60_000);

    const queued = await redeliver(database.prisma, clock, event.organizationId, event.eventId);
    expect(queued.url).toBe(`${r.url}/new`);
    expect(await deliveryRow(queued.deliveryId)).toMatchObject({ eventId: event.eventId, status: "menunggu", attempts: 0, nextAttemptAt: clock.now() });

    await database.prisma.order.update({ where: { id: event.orderId }, data: { callbackUrl: `${r.url}/callback` } });
    expect((await redeliver(database.prisma, clock, event.organizationId, event.eventId)).url).toBe(`${r.url}/callback`);

    const other = await createOrderEvent(database.prisma, { callbackUrl: r.url });
    await expect(redeliver(database.prisma, clock, other.organizationId, event.eventId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(redeliver(database.prisma, clock, event.organizationId, "evt_missing")).rejects.toBeInstanceOf(AppError);
  });

  it("refuses to redeliver when the order has no URL at all", async () => {
    const event = await createOrderEvent(database.prisma, { callbackUrl: null, keyWebhookUrl: null });
    expect(event.deliveryId).toBeNull();
    await expect(redeliver(database.prisma, fixedClock(START), event.organizationId, event.eventId)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
