import { createServer as createHttpServer, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import { adminActor, SWEEPER } from "@/server/domain/access/actor";
import { API_VERSIONS } from "@/server/domain/api-version";
import { fixedClock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { signWebhook, verifyWebhookSignature } from "@/server/domain/events/signature";
import { adminOf } from "@/test/actors";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { seededCatalog } from "@/test/fixtures";
import { createOrderEvent, type Receiver, startReceiver, testWebhookSettings } from "@/test/webhooks";
import { listApiKeys, rotateWebhookSecret } from "../access";
import { attemptDelivery, deliverBatch, listWebhookDeliveries, redeliver, type WebhookSettings } from "./webhooks";
import { MAX_CONNECTIONS_PER_RECEIVER, postWebhook, RECEIVER_UNREACHABLE } from "./webhooks-transport";

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

    const outcome = await attemptDelivery(deps(clock), {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });

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
    const verified = verifyWebhookSignature(event.webhookSecret, request!.headers["x-kuasa-signature"] as string, request!.body, {
      now: clock.now().getTime(),
    });
    expect(verified).toEqual({ ok: true, timestamp: Date.parse(START) / 1000 });
    expect(
      verifyWebhookSignature("whsec_wrong", request!.headers["x-kuasa-signature"] as string, request!.body, { now: clock.now().getTime() })
        .ok,
    ).toBe(false);

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
    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      }),
    ).toEqual({
      result: "skipped",
      reason: "finished",
      retryAt: null,
    });
    expect(r.requests).toHaveLength(1);
  });

  it("sends the body in the API version of the event's key at each attempt (a table given to it)", async () => {
    // A newer version renamed the order's price_idr to price; the key is on the version before it.
    const older = { ...API_VERSIONS[0], status: "supported" as const };
    const newer = {
      date: "2027-03-01",
      summary: "price_idr is price",
      status: "current" as const,
      changes: [
        {
          description: "order.price_idr renamed order.price",
          operations: ["webhook"],
          toPrevious: (answer: unknown) => {
            const { order, ...event } = answer as { order: Record<string, unknown> };
            const { price_idr, ...rest } = order;
            return { ...event, order: { ...rest, price: price_idr } };
          },
        },
      ],
    };
    const r = await receiver(() => ({ status: 500, body: "belum siap" }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/hook`, at: clock.now() });
    const versioned = { ...deps(clock), apiVersions: [older, newer] as const };

    await attemptDelivery(versioned, {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });
    const first = JSON.parse(r.requests[0]!.body) as { order: Record<string, unknown> };
    expect(first.order).toMatchObject({ id: event.orderId, price: 1_700_000 });
    expect(first.order).not.toHaveProperty("price_idr");
    // Signed as sent.
    expect(
      verifyWebhookSignature(event.webhookSecret, r.requests[0]!.headers["x-kuasa-signature"] as string, r.requests[0]!.body, {
        now: clock.now().getTime(),
      }).ok,
    ).toBe(true);

    // The admin moves the key to the newer version: the retry goes out in its shape.
    await database.prisma.apiKey.update({ where: { id: event.apiKeyId }, data: { apiVersion: "2027-03-01" } });
    clock.advance(10_000);
    await attemptDelivery(versioned, {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });
    expect((JSON.parse(r.requests[1]!.body) as { order: Record<string, unknown> }).order).toMatchObject({ price_idr: 1_700_000 });
  });

  it("retries a 500 after exactly 10, 20, 40 and 80 s, then gives up as gagal after the 5th attempt", async () => {
    const r = await receiver(() => ({ status: 500, body: "database down" }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { keyWebhookUrl: `${r.url}/hook`, at: clock.now() });
    const id = event.deliveryId!;

    for (const [attempt, delaySeconds] of [
      [1, 10],
      [2, 20],
      [3, 40],
      [4, 80],
    ] as const) {
      const outcome = await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: id,
      });
      const retryAt = new Date(clock.now().getTime() + delaySeconds * 1000);
      expect(outcome).toEqual({ result: "failed", attempt, error: "HTTP 500", retryAt });
      expect(await deliveryRow(id)).toMatchObject({ status: "menunggu", attempts: attempt, nextAttemptAt: retryAt, lockedUntil: null });

      // One millisecond early is not due: nothing is sent.
      clock.advance(delaySeconds * 1000 - 1);
      expect(
        await attemptDelivery(deps(clock), {
          actor: SWEEPER,
          deliveryId: id,
        }),
      ).toEqual({ result: "skipped", reason: "not_due", retryAt });
      expect(r.requests).toHaveLength(attempt);
      clock.advance(1);
    }

    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: id,
      }),
    ).toEqual({
      result: "failed",
      attempt: 5,
      error: "HTTP 500",
      retryAt: null,
    });
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ status: "gagal", attempts: 5, nextAttemptAt: null, lockedUntil: null });
    expect(row.attemptsLog.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 500, "HTTP 500"]));
    expect(row.attemptsLog.map((a) => (a.startedAt.getTime() - Date.parse(START)) / 1000)).toEqual([0, 10, 30, 70, 150]);

    // Never resent automatically.
    clock.advance(3_600_000);
    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: id,
      }),
    ).toEqual({ result: "skipped", reason: "finished", retryAt: null });
    expect(r.requests).toHaveLength(5);
  });

  it("signs every attempt afresh with its own sent_at", async () => {
    const r = await receiver((_req, index) => ({ status: index === 0 ? 503 : 204 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    await attemptDelivery(deps(clock), {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });
    clock.advance(10_000);
    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      }),
    ).toMatchObject({ result: "delivered", attempt: 2 });
    const [first, second] = r.requests.map((req) => JSON.parse(req.body) as { sent_at: string });
    expect(first!.sent_at).toBe(START);
    expect(second!.sent_at).toBe("2026-11-22T10:00:10.000Z");
    for (const req of r.requests) {
      expect(
        verifyWebhookSignature(event.webhookSecret, req.headers["x-kuasa-signature"] as string, req.body, { now: clock.now().getTime() })
          .ok,
      ).toBe(true);
      expect(req.headers["x-kuasa-event-id"]).toBe(event.eventId);
    }
  });

  it("counts no answer within the timeout as a failure", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 2_000 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const started = Date.now();
    const outcome = await attemptDelivery(deps(clock, { timeoutMs: 200 }), {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });
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
    const outcome = await attemptDelivery(deps(), {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });
    expect(outcome).toMatchObject({ result: "failed", attempt: 1, error: "HTTP 302, redirect not followed" });
    expect(target.requests).toHaveLength(0);
    expect((await deliveryRow(event.deliveryId!)).attemptsLog[0]).toMatchObject({ statusCode: 302 });
  });

  it("records a refused connection", async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    const event = await createOrderEvent(database.prisma, { callbackUrl: url });
    expect(
      await attemptDelivery(deps(), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      }),
    ).toMatchObject({
      result: "failed",
      error: RECEIVER_UNREACHABLE,
    });
  });

  it("counts the status of a large answer and stops reading it", async () => {
    const r = await receiver(() => ({ status: 500, body: "x".repeat(2_000_000) }));
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url });
    const outcome = await attemptDelivery(deps(), {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });
    expect(outcome).toMatchObject({ result: "failed", error: "HTTP 500" });
  });

  it.runIf(testDatabaseKind === "postgres")("sends once when two workers attempt the same delivery at the same time", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 200 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const outcomes = await Promise.all([
      attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      }),
      attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      }),
    ]);
    expect(r.requests).toHaveLength(1);
    expect(outcomes.map((o) => o.result).sort()).toEqual(["delivered", "skipped"]);
    expect(await deliveryRow(event.deliveryId!)).toMatchObject({ status: "terkirim", attempts: 1 });
  });

  it("sends once across many concurrent attempts on different deliveries and the same one", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 50 }));
    const clock = fixedClock(START);
    const a = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/a`, at: clock.now() });
    const b = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/b`, at: clock.now() });
    await Promise.all(
      [a, b, a, b, a, b].map((e) =>
        attemptDelivery(deps(clock), {
          actor: SWEEPER,
          deliveryId: e.deliveryId!,
        }),
      ),
    );
    expect(r.requests.map((req) => req.path).sort()).toEqual(["/a", "/b"]);
  });
});

/** How long to wait for a barrier to be reached on a busy machine (a bound, not a delay). */
const WAIT = { timeout: 10_000, interval: 10 };

/** A receiver that holds every request until `release()`: a barrier, not a delay. */
async function heldReceiver() {
  const held: ServerResponse[] = [];
  const bodies: string[] = [];
  let released = false;
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      if (released) res.writeHead(204).end();
      else held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    release() {
      released = true;
      for (const res of held.splice(0)) res.writeHead(204).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `count` events of one key, each with its delivery to `urlOf(i)`, recorded at the clock's time. */
async function eventsOfOneKey(count: number, urlOf: (i: number) => string, at: Date) {
  const first = await createOrderEvent(database.prisma, { callbackUrl: urlOf(0), at });
  const rest = [];
  for (let i = 1; i < count; i++) {
    rest.push(
      await createOrderEvent(database.prisma, {
        callbackUrl: urlOf(i),
        at,
        organizationId: first.organizationId,
        apiKeyId: first.apiKeyId,
      }),
    );
  }
  return [first, ...rest];
}

describe("deliverBatch", () => {
  it("sends a batch at once; a failing receiver's delivery is due again while the others are terkirim, and every attempt is logged", async () => {
    const ok = await receiver(() => ({ status: 204, body: "thanks" }));
    const failing = await receiver(() => ({ status: 500, body: "INTERNAL-ONLY stack trace" }));
    const closed = await startReceiver();
    const refusedUrl = closed.url;
    await closed.close();
    const clock = fixedClock(START);
    const urls = [`${ok.url}/a`, `${failing.url}/b`, `${ok.url}/c`, refusedUrl, `${ok.url}/e`];
    const events = await eventsOfOneKey(urls.length, (i) => urls[i]!, clock.now());

    const sent = await deliverBatch(deps(clock), {
      actor: SWEEPER,
      ids: events.map((e) => e.deliveryId!),
    });

    const retryAt = new Date(Date.parse(START) + 10_000);
    expect(Object.fromEntries(sent.map((s) => [s.deliveryId, s.outcome]))).toEqual({
      [events[0]!.deliveryId!]: { result: "delivered", attempt: 1, statusCode: 204 },
      [events[1]!.deliveryId!]: { result: "failed", attempt: 1, error: "HTTP 500", retryAt },
      [events[2]!.deliveryId!]: { result: "delivered", attempt: 1, statusCode: 204 },
      [events[3]!.deliveryId!]: { result: "failed", attempt: 1, error: RECEIVER_UNREACHABLE, retryAt },
      [events[4]!.deliveryId!]: { result: "delivered", attempt: 1, statusCode: 204 },
    });
    const rows = await Promise.all(events.map((e) => deliveryRow(e.deliveryId!)));
    expect(rows.map((r) => [r.status, r.attempts, r.nextAttemptAt, r.lockedUntil])).toEqual([
      ["terkirim", 1, null, null],
      ["menunggu", 1, retryAt, null],
      ["terkirim", 1, null, null],
      ["menunggu", 1, retryAt, null],
      ["terkirim", 1, null, null],
    ]);
    // One attempt logged per send, with status or classified error and never the answer's words.
    expect(rows.map((r) => r.attemptsLog.map((a) => [a.attempt, a.startedAt, a.statusCode, a.error]))).toEqual([
      [[1, new Date(START), 204, null]],
      [[1, new Date(START), 500, "HTTP 500"]],
      [[1, new Date(START), 204, null]],
      [[1, new Date(START), null, RECEIVER_UNREACHABLE]],
      [[1, new Date(START), 204, null]],
    ]);
    expect(rows.flatMap((r) => r.attemptsLog).every((a) => a.durationMs >= 0)).toBe(true);
    expect(
      JSON.stringify(
        await listWebhookDeliveries(
          { db: database.prisma },
          {
            actor: adminOf(events[0]!.organizationId),
          },
        ),
      ),
    ).not.toMatch(/INTERNAL-ONLY|thanks/);

    // Every request was signed for its own body with the key's secret, and names its event.
    for (const request of [...ok.requests, ...failing.requests]) {
      expect(
        verifyWebhookSignature(events[0]!.webhookSecret, request.headers["x-kuasa-signature"] as string, request.body, {
          now: clock.now().getTime(),
        }).ok,
      ).toBe(true);
      expect(request.headers["x-kuasa-event-id"]).toBe((JSON.parse(request.body) as { id: string }).id);
    }
    expect(ok.requests.map((r) => r.path).sort()).toEqual(["/a", "/c", "/e"]);

    // Only the failed ones are due again, at their time.
    clock.advance(10_000);
    expect(
      (
        await deliverBatch(deps(clock), {
          actor: SWEEPER,
          ids: events.map((e) => e.deliveryId!),
        })
      )
        .map((s) => s.deliveryId)
        .sort(),
    ).toEqual([events[1]!.deliveryId!, events[3]!.deliveryId!].sort());
    expect(ok.requests).toHaveLength(3);
  });

  it("sends nothing for ids that are finished, not due, leased or unknown", async () => {
    const r = await receiver();
    const clock = fixedClock(START);
    const [done, later, leased] = await eventsOfOneKey(3, () => r.url, clock.now());
    await deliverBatch(deps(clock), {
      actor: SWEEPER,
      ids: [done!.deliveryId!],
    });
    await database.prisma.webhookDelivery.update({
      where: { id: later!.deliveryId! },
      data: { nextAttemptAt: new Date(Date.parse(START) + 1) },
    });
    await database.prisma.webhookDelivery.update({
      where: { id: leased!.deliveryId! },
      data: { lockedUntil: new Date(Date.parse(START) + 1) },
    });

    expect(
      await deliverBatch(deps(clock), {
        actor: SWEEPER,
        ids: [done!.deliveryId!, later!.deliveryId!, leased!.deliveryId!, "dlv_missing"],
      }),
    ).toEqual([]);
    expect(r.requests).toHaveLength(1);
    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: later!.deliveryId!,
      }),
    ).toEqual({
      result: "skipped",
      reason: "not_due",
      retryAt: new Date(Date.parse(START) + 1),
    });
    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: leased!.deliveryId!,
      }),
    ).toEqual({
      result: "skipped",
      reason: "busy",
      retryAt: null,
    });
  });

  it("a second batch over rows whose sends are in flight sends none of them again", async () => {
    const held = await heldReceiver();
    try {
      const clock = fixedClock(START);
      const events = await eventsOfOneKey(4, () => held.url, clock.now());
      const ids = events.map((e) => e.deliveryId!);

      const first = deliverBatch(deps(clock), {
        actor: SWEEPER,
        ids,
      });
      // Every send of the first batch has reached the receiver, which holds its answer.
      await vi.waitFor(() => expect(held.bodies).toHaveLength(4), WAIT);
      expect(
        await deliverBatch(deps(clock), {
          actor: SWEEPER,
          ids,
        }),
      ).toEqual([]);
      held.release();

      expect((await first).map((s) => s.outcome.result)).toEqual(["delivered", "delivered", "delivered", "delivered"]);
      expect(held.bodies.map((body) => (JSON.parse(body) as { id: string }).id).sort()).toEqual(events.map((e) => e.eventId).sort());
      const rows = await Promise.all(ids.map(deliveryRow));
      expect(rows.map((r) => [r.status, r.attempts, r.attemptsLog.length])).toEqual(ids.map(() => ["terkirim", 1, 1]));
    } finally {
      held.release();
      await held.close();
    }
  });

  it.runIf(testDatabaseKind === "postgres")(
    "two batches claiming the same due rows at the same moment deliver each event once",
    async () => {
      const r = await receiver();
      const clock = fixedClock(START);
      const events = await eventsOfOneKey(12, (i) => `${r.url}/${i}`, clock.now());
      const ids = events.map((e) => e.deliveryId!);
      // Both claims wait behind one table lock and are let go together.
      const gate = new pg.Client({ connectionString: database.url });
      await gate.connect();
      try {
        await gate.query(`BEGIN; LOCK TABLE "WebhookDelivery" IN EXCLUSIVE MODE`);
        const batches = [
          deliverBatch(deps(clock), {
            actor: SWEEPER,
            ids,
          }),
          deliverBatch(deps(clock), {
            actor: SWEEPER,
            ids: [...ids].reverse(),
          }),
        ];
        await vi.waitFor(async () => {
          const { rows } = await gate.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_locks WHERE relation = '"WebhookDelivery"'::regclass AND NOT granted`,
          );
          expect(rows[0]!.waiting).toBe(2);
        }, WAIT);
        await gate.query("COMMIT");
        const [a, b] = await Promise.all(batches);

        const sentIds = [...a!, ...b!].map((s) => s.deliveryId);
        expect(sentIds.sort()).toEqual([...ids].sort());
        expect(r.requests.map((q) => (JSON.parse(q.body) as { id: string }).id).sort()).toEqual(events.map((e) => e.eventId).sort());
        const rows = await Promise.all(ids.map(deliveryRow));
        expect(rows.map((row) => [row.status, row.attempts, row.attemptsLog.length])).toEqual(ids.map(() => ["terkirim", 1, 1]));
      } finally {
        await gate.end();
      }
    },
  );

  it("releases a delivery that never got one of its receiver's busy connections as it was, logging no attempt", async () => {
    const held = await heldReceiver();
    try {
      const clock = fixedClock(START);
      const [event] = await eventsOfOneKey(1, () => held.url, clock.now());
      const id = event!.deliveryId!;
      // Other deliveries hold every connection this process may open to the receiver.
      const busy = Array.from({ length: MAX_CONNECTIONS_PER_RECEIVER }, () =>
        postWebhook({ url: held.url, headers: {}, body: "{}", timeoutMs: 30_000, allowPrivate: true }),
      );
      await vi.waitFor(() => expect(held.bodies).toHaveLength(MAX_CONNECTIONS_PER_RECEIVER), WAIT);

      expect(
        await deliverBatch(deps(clock, { timeoutMs: 200 }), {
          actor: SWEEPER,
          ids: [id],
        }),
      ).toEqual([{ deliveryId: id, outcome: { result: "skipped", reason: "receiver_busy", retryAt: clock.now() } }]);
      expect(await deliveryRow(id)).toMatchObject({
        status: "menunggu",
        attempts: 0,
        nextAttemptAt: clock.now(),
        lockedUntil: null,
        attemptsLog: [],
      });
      expect(held.bodies).toHaveLength(MAX_CONNECTIONS_PER_RECEIVER);

      held.release();
      await Promise.all(busy);
      expect(
        await attemptDelivery(deps(clock), {
          actor: SWEEPER,
          deliveryId: id,
        }),
      ).toEqual({ result: "delivered", attempt: 1, statusCode: 204 });
    } finally {
      held.release();
      await held.close();
    }
  });

  it("keeps the attempt in the log but leaves the delivery to the worker that took it over when the lease ran out mid-send", async () => {
    const held = await heldReceiver();
    try {
      const clock = fixedClock(START);
      const [event] = await eventsOfOneKey(1, () => held.url, clock.now());
      const id = event!.deliveryId!;
      const batch = deliverBatch(deps(clock), {
        actor: SWEEPER,
        ids: [id],
      });
      await vi.waitFor(() => expect(held.bodies).toHaveLength(1), WAIT);
      // Another worker's lease, as after this one's ran out.
      const otherLease = new Date(Date.parse(START) + 3_600_000);
      await database.prisma.webhookDelivery.update({ where: { id }, data: { lockedUntil: otherLease } });
      held.release();

      expect((await batch).map((s) => s.outcome)).toEqual([{ result: "delivered", attempt: 1, statusCode: 204 }]);
      const row = await deliveryRow(id);
      expect(row).toMatchObject({ status: "menunggu", attempts: 0, lockedUntil: otherLease });
      expect(row.attemptsLog).toEqual([expect.objectContaining({ attempt: 1, statusCode: 204, error: null })]);
    } finally {
      held.release();
      await held.close();
    }
  });
});

describe("private addresses (SSRF)", () => {
  it.each(["127.0.0.1", "localhost"])(
    "refuses %s at connection time when private addresses are not allowed; nothing is sent",
    async (host) => {
      const r = await receiver();
      const port = new URL(r.url).port;
      const event = await createOrderEvent(database.prisma, { callbackUrl: `http://${host}:${port}/hook` });
      const outcome = await attemptDelivery(deps(undefined, { allowPrivate: false }), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      });
      expect(outcome).toMatchObject({ result: "failed", attempt: 1, retryAt: expect.any(Date) });
      expect(outcome.result === "failed" && outcome.error).toBe(RECEIVER_UNREACHABLE);
      expect(r.requests).toHaveLength(0);
    },
  );

  it("refuses link-local metadata and unspecified addresses", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data", "http://0.0.0.0:1/", "http://[::1]:1/"]) {
      const event = await createOrderEvent(database.prisma, { callbackUrl: url });
      const outcome = await attemptDelivery(deps(undefined, { allowPrivate: false, timeoutMs: 2_000 }), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      });
      expect(outcome.result === "failed" && outcome.error, url).toBe(RECEIVER_UNREACHABLE);
    }
  });

  it("logs one message for a blocked address, a host name that does not resolve and a refused connection, so the log tells an admin nothing of the network", async () => {
    const closed = await startReceiver();
    const closedUrl = closed.url;
    await closed.close();
    const targets = [
      { url: "http://127.0.0.1:9/hook", allowPrivate: false },
      { url: "http://redis.tidak-ada.invalid/hook", allowPrivate: false },
      { url: closedUrl, allowPrivate: true },
    ];
    const errors = [];
    for (const { url, allowPrivate } of targets) {
      const event = await createOrderEvent(database.prisma, { callbackUrl: url });
      await attemptDelivery(deps(undefined, { allowPrivate, timeoutMs: 5_000 }), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      });
      const attempt = await database.prisma.webhookAttempt.findFirstOrThrow({ where: { deliveryId: event.deliveryId! } });
      errors.push(attempt.error);
    }
    expect(errors).toEqual([RECEIVER_UNREACHABLE, RECEIVER_UNREACHABLE, RECEIVER_UNREACHABLE]);
  });
});

describe("what the delivery log keeps (readable SSRF)", () => {
  const INTERNAL = "INTERNAL-ONLY admin_token=s3cr3t";

  /** Every text an org admin can read about the organisation's deliveries. */
  async function logText(organizationId: string): Promise<string> {
    return JSON.stringify(
      await listWebhookDeliveries(
        { db: database.prisma },
        {
          actor: adminOf(organizationId),
        },
      ),
    );
  }

  it.each([
    ["a failed answer", 500],
    ["a refused redirect", 302],
    ["a successful answer", 200],
  ])("keeps the status and duration of %s from a private address, never its content", async (_name, status) => {
    const r = await receiver(() => ({ status, body: INTERNAL, headers: { "X-Internal": INTERNAL } }));
    const event = await createOrderEvent(database.prisma, { callbackUrl: `${r.url}/admin` });
    await attemptDelivery(deps(undefined, { allowPrivate: true }), {
      actor: SWEEPER,
      deliveryId: event.deliveryId!,
    });
    const [attempt] = (await deliveryRow(event.deliveryId!)).attemptsLog;
    expect(attempt).toMatchObject({
      statusCode: status,
      error: status === 200 ? null : status === 302 ? "HTTP 302, redirect not followed" : "HTTP 500",
    });
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(0);
    expect(await logText(event.organizationId)).not.toContain("INTERNAL-ONLY");
  });

  it("classifies a service that does not speak HTTP without echoing what it sent", async () => {
    // Such as a Redis or SSH port inside the network: it greets with a banner, not HTTP.
    const server = createNetServer((socket) => socket.resume().end(`${INTERNAL}\r\n`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const event = await createOrderEvent(database.prisma, { callbackUrl: `http://127.0.0.1:${port}/` });
      const outcome = await attemptDelivery(deps(undefined, { allowPrivate: true }), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      });
      expect(outcome).toMatchObject({ result: "failed", error: expect.stringMatching(/^invalid HTTP answer \(HPE_[A-Z_]+\)$/) });
      expect(await logText(event.organizationId)).not.toContain("INTERNAL-ONLY");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("attempts logged before the log stopped keeping answers", () => {
  it("lose the receiver's words and error messages to the migration, keeping status and error code", async () => {
    const fresh = await createTestDatabase({ migrated: false });
    try {
      const migrations = readMigrations();
      const scrub = migrations.findIndex((m) => m.name.endsWith("_webhook_secret_overlap"));
      await migrate(fresh, migrations.slice(0, scrub));
      const logged = [
        "HTTP 500: INTERNAL-ONLY admin page",
        "HTTP 302, redirect not followed: <a href=/internal>",
        "HTTP 503",
        "connection refused",
        "ERR_TLS_CERT_ALTNAME_INVALID: altnames: DNS:vault.internal",
        "blocked: 10.1.2.3 is not a public address; webhooks go only to public addresses (WEBHOOK_ALLOW_PRIVATE)",
        "DNS lookup failed for redis.internal",
      ];
      await fresh.withConnection((c) =>
        c.execScript(`
          INSERT INTO "Organization" ("id", "name", "updatedAt") VALUES ('org_1', 'Org', now());
          INSERT INTO "ApiKey" ("id", "organizationId", "keyId", "secretHash", "scopes", "maxOrderIdr", "monthlyBudgetIdr", "webhookSecret", "updatedAt")
            VALUES ('key_1', 'org_1', 'kk_1', 'h', '{}', 1, 1, 'whsec_1', now());
          INSERT INTO "Case" ("id", "organizationId", "apiKeyId", "contactName", "contactEmail", "story", "updatedAt") VALUES ('case_1', 'org_1', 'key_1', 'A', 'a@b.id', 'S', now());
          INSERT INTO "WebhookEvent" ("id", "organizationId", "livemode", "apiKeyId", "caseId", "type", "payload") VALUES ('evt_1', 'org_1', true, 'key_1', 'case_1', 'case.ditutup', '{}');
          INSERT INTO "WebhookDelivery" ("id", "eventId", "url", "updatedAt") VALUES ('dlv_1', 'evt_1', 'http://127.0.0.1/', now());
          ${logged.map((error, i) => `INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attempt", "startedAt", "durationMs", "error") VALUES ('att_${i}', 'dlv_1', ${i + 1}, now(), 5, '${error}');`).join("\n")}
        `),
      );
      await migrate(fresh, migrations);
      const rows = await fresh.prisma.webhookAttempt.findMany({ orderBy: { attempt: "asc" }, select: { error: true } });
      expect(rows.map((r) => r.error)).toEqual([
        "HTTP 500",
        "HTTP 302, redirect not followed",
        "HTTP 503",
        // Issue 25's migration: whatever kept a target from being reached reads the same.
        RECEIVER_UNREACHABLE,
        "network error (ERR_TLS_CERT_ALTNAME_INVALID)",
        RECEIVER_UNREACHABLE,
        RECEIVER_UNREACHABLE,
      ]);
    } finally {
      await fresh.destroy();
    }
  });
});

describe("webhook secret rotation with an overlap", () => {
  const HOUR = 3_600_000;
  const admin = (organizationId: string) => adminActor("usr_rotator", organizationId);

  /** The v1 values of one received request, and which of the secrets verify it. */
  function signaturesOf(request: { headers: Record<string, unknown>; body: string }, clock: { now(): Date }, secrets: string[]) {
    const header = request.headers["x-kuasa-signature"] as string;
    return {
      v1Count: header.split(",").filter((part) => part.startsWith("v1=")).length,
      verifiedBy: secrets.filter((secret) => verifyWebhookSignature(secret, header, request.body, { now: clock.now().getTime() }).ok),
    };
  }

  /** One more event of the same key, delivered at the clock's time. */
  async function deliverNext(first: { organizationId: string; apiKeyId: string }, r: Receiver, clock: ReturnType<typeof fixedClock>) {
    const event = await createOrderEvent(database.prisma, {
      callbackUrl: r.url,
      at: clock.now(),
      organizationId: first.organizationId,
      apiKeyId: first.apiKeyId,
    });
    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: event.deliveryId!,
      }),
    ).toMatchObject({ result: "delivered" });
    return r.requests.at(-1)!;
  }

  it("signs with both secrets (new first) during the overlap, each verifying alone; from the expiry on with the new one only", async () => {
    const r = await receiver();
    const clock = fixedClock(START);
    const first = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const old = first.webhookSecret;

    const rotated = await rotateWebhookSecret(
      { db: database.prisma, clock },
      { actor: admin(first.organizationId), apiKeyId: first.apiKeyId },
    );
    expect(rotated.previousSecretExpiresAt).toEqual(new Date(Date.parse(START) + 24 * HOUR));
    // A retry of an event recorded before the rotation is signed like any other attempt.
    expect(
      await attemptDelivery(deps(clock), {
        actor: SWEEPER,
        deliveryId: first.deliveryId!,
      }),
    ).toMatchObject({ result: "delivered" });
    const header = r.requests[0]!.headers["x-kuasa-signature"] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(header).toBe(signWebhook([rotated.webhookSecret, old], Date.parse(START) / 1000, r.requests[0]!.body));
    expect(signaturesOf(r.requests[0]!, clock, [rotated.webhookSecret, old, "whsec_other"])).toEqual({
      v1Count: 2,
      verifiedBy: [rotated.webhookSecret, old],
    });

    clock.advance(24 * HOUR - 1_000);
    expect(signaturesOf(await deliverNext(first, r, clock), clock, [rotated.webhookSecret, old])).toEqual({
      v1Count: 2,
      verifiedBy: [rotated.webhookSecret, old],
    });
    expect(
      (
        await listApiKeys(
          { db: database.prisma, clock },
          {
            actor: adminOf(first.organizationId),
          },
        )
      ).find((k) => k.id === first.apiKeyId)!.previousWebhookSecretExpiresAt,
    ).toEqual(rotated.previousSecretExpiresAt);

    clock.advance(1_000);
    expect(signaturesOf(await deliverNext(first, r, clock), clock, [rotated.webhookSecret, old])).toEqual({
      v1Count: 1,
      verifiedBy: [rotated.webhookSecret],
    });
    expect(
      (
        await listApiKeys(
          { db: database.prisma, clock },
          {
            actor: adminOf(first.organizationId),
          },
        )
      ).find((k) => k.id === first.apiKeyId)!.previousWebhookSecretExpiresAt,
    ).toBeNull();
  });

  it("with overlap 0 (a leaked secret) signs with the new secret only, at once", async () => {
    const r = await receiver();
    const clock = fixedClock(START);
    const first = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const rotated = await rotateWebhookSecret(
      { db: database.prisma, clock },
      { actor: admin(first.organizationId), apiKeyId: first.apiKeyId, overlapHours: 0 },
    );
    expect(rotated.previousSecretExpiresAt).toBeNull();
    await attemptDelivery(deps(clock), {
      actor: SWEEPER,
      deliveryId: first.deliveryId!,
    });
    expect(signaturesOf(r.requests[0]!, clock, [rotated.webhookSecret, first.webhookSecret])).toEqual({
      v1Count: 1,
      verifiedBy: [rotated.webhookSecret],
    });
  });

  it("a second rotation during an overlap keeps the secret it replaces and ends the oldest; the audit log records each", async () => {
    const r = await receiver();
    const clock = fixedClock(START);
    const first = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    const second = await rotateWebhookSecret(
      { db: database.prisma, clock },
      { actor: admin(first.organizationId), apiKeyId: first.apiKeyId },
    );
    clock.advance(HOUR);
    const third = await rotateWebhookSecret(
      { db: database.prisma, clock },
      { actor: admin(first.organizationId), apiKeyId: first.apiKeyId, overlapHours: 2 },
    );
    expect(third.previousSecretExpiresAt).toEqual(new Date(clock.now().getTime() + 2 * HOUR));
    const secrets = [third.webhookSecret, second.webhookSecret, first.webhookSecret];
    expect(signaturesOf(await deliverNext(first, r, clock), clock, secrets)).toEqual({
      v1Count: 2,
      verifiedBy: [third.webhookSecret, second.webhookSecret],
    });

    const entries = await database.prisma.auditLog.findMany({
      where: { subjectId: first.apiKeyId, action: "api_key.rotate_webhook_secret" },
    });
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => ({ actorId: e.actorId, data: e.data }))).toEqual(
      expect.arrayContaining([
        {
          actorId: "usr_rotator",
          data: { overlap_hours: 24, previous_secret_expires_at: "2026-11-23T10:00:00.000Z", ended_earlier_overlap: false },
        },
        {
          actorId: "usr_rotator",
          data: { overlap_hours: 2, previous_secret_expires_at: "2026-11-22T13:00:00.000Z", ended_earlier_overlap: true },
        },
      ]),
    );
    // The audit log never holds a secret.
    expect(JSON.stringify(entries)).not.toMatch(/whsec_/);
  });

  it("two rotations at once chain: the later one keeps the earlier one's new secret as the previous", async () => {
    const clock = fixedClock(START);
    const first = await createOrderEvent(database.prisma, { callbackUrl: null, at: clock.now() });
    const both = await Promise.all(
      [1, 2].map(() =>
        rotateWebhookSecret({ db: database.prisma, clock }, { actor: admin(first.organizationId), apiKeyId: first.apiKeyId }),
      ),
    );
    const row = await database.prisma.apiKey.findUniqueOrThrow({ where: { id: first.apiKeyId } });
    const [later, earlier] = both[0]!.webhookSecret === row.webhookSecret ? both : [both[1]!, both[0]!];
    expect(row).toMatchObject({ webhookSecret: later!.webhookSecret, previousWebhookSecret: earlier!.webhookSecret });
  });

  it("refuses an overlap outside 0 to 72 hours and another organisation's key, changing nothing", async () => {
    const clock = fixedClock(START);
    const first = await createOrderEvent(database.prisma, { callbackUrl: null, at: clock.now() });
    const stranger = await createOrderEvent(database.prisma, { callbackUrl: null, at: clock.now() });
    await expect(
      rotateWebhookSecret(
        { db: database.prisma, clock },
        { actor: admin(first.organizationId), apiKeyId: first.apiKeyId, overlapHours: 73 },
      ),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      rotateWebhookSecret({ db: database.prisma, clock }, { actor: admin(stranger.organizationId), apiKeyId: first.apiKeyId }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await database.prisma.apiKey.findUniqueOrThrow({ where: { id: first.apiKeyId } })).toMatchObject({
      webhookSecret: first.webhookSecret,
      previousWebhookSecret: null,
    });
  });
});

describe("delivery log and redelivery", () => {
  it("lists only the organisation's events, newest first, with deliveries and attempts", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const clock = fixedClock(START);
    const first = await createOrderEvent(database.prisma, { callbackUrl: r.url, at: clock.now() });
    await attemptDelivery(deps(clock), {
      actor: SWEEPER,
      deliveryId: first.deliveryId!,
    });
    clock.advance(1_000);
    const second = await createOrderEvent(database.prisma, {
      callbackUrl: null,
      status: "ditawarkan",
      at: clock.now(),
      organizationId: first.organizationId,
      apiKeyId: first.apiKeyId,
    });
    const stranger = await createOrderEvent(database.prisma, { callbackUrl: r.url });

    const log = await listWebhookDeliveries(
      { db: database.prisma },
      {
        actor: adminOf(first.organizationId),
        options: { limit: 10 },
      },
    );
    expect(log.map((e) => e.id)).toEqual([second.eventId, first.eventId]);
    expect(log[0]).toMatchObject({ orderId: second.orderId, type: "order.ditawarkan", deliveries: [] });
    expect(log[1]).toMatchObject({
      type: "order.dibayar",
      payload: { event: "order.dibayar", order: { id: first.orderId } },
      deliveries: [
        {
          id: first.deliveryId,
          url: r.url,
          status: "menunggu",
          attempts: 1,
          attemptsLog: [{ attempt: 1, statusCode: 500, error: "HTTP 500" }],
        },
      ],
    });

    expect(
      (
        await listWebhookDeliveries(
          { db: database.prisma },
          {
            actor: adminOf(first.organizationId),
            options: { orderId: first.orderId },
          },
        )
      ).map((e) => e.id),
    ).toEqual([first.eventId]);
    expect(
      await listWebhookDeliveries(
        { db: database.prisma },
        {
          actor: adminOf(first.organizationId),
          options: { orderId: stranger.orderId },
        },
      ),
    ).toEqual([]);
    expect(
      await listWebhookDeliveries(
        { db: database.prisma },
        {
          actor: adminOf(first.organizationId),
          options: { limit: 1 },
        },
      ),
    ).toHaveLength(1);
  });

  it("queues a fresh delivery to the order's current URL, and only for the organisation's own events", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const clock = fixedClock(START);
    const event = await createOrderEvent(database.prisma, { keyWebhookUrl: `${r.url}/old`, at: clock.now() });
    // The key's URL changed since; a callback_url would win over it.
    await database.prisma.apiKey.update({ where: { id: event.apiKeyId }, data: { webhookUrl: `${r.url}/new` } });
    clock.advance(60_000);

    const queued = await redeliver(
      { db: database.prisma, clock },
      {
        actor: adminOf(event.organizationId),
        eventId: event.eventId,
      },
    );
    expect(queued.url).toBe(`${r.url}/new`);
    expect(await deliveryRow(queued.deliveryId)).toMatchObject({
      eventId: event.eventId,
      status: "menunggu",
      attempts: 0,
      nextAttemptAt: clock.now(),
    });

    await database.prisma.order.update({ where: { id: event.orderId }, data: { callbackUrl: `${r.url}/callback` } });
    expect(
      (
        await redeliver(
          { db: database.prisma, clock },
          {
            actor: adminOf(event.organizationId),
            eventId: event.eventId,
          },
        )
      ).url,
    ).toBe(`${r.url}/callback`);

    const other = await createOrderEvent(database.prisma, { callbackUrl: r.url });
    await expect(
      redeliver(
        { db: database.prisma, clock },
        {
          actor: adminOf(other.organizationId),
          eventId: event.eventId,
        },
      ),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      redeliver(
        { db: database.prisma, clock },
        {
          actor: adminOf(event.organizationId),
          eventId: "evt_missing",
        },
      ),
    ).rejects.toBeInstanceOf(AppError);
  });

  it("refuses to redeliver when the order has no URL at all", async () => {
    const event = await createOrderEvent(database.prisma, { callbackUrl: null, keyWebhookUrl: null });
    expect(event.deliveryId).toBeNull();
    await expect(
      redeliver(
        { db: database.prisma, clock: fixedClock(START) },
        {
          actor: adminOf(event.organizationId),
          eventId: event.eventId,
        },
      ),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });
});
