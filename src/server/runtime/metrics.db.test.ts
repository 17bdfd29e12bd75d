import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorDocUrl } from "@/server/api/openapi-guide";
import type { Db } from "@/server/db/client";
import { fixedClock } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import { JOB_KINDS } from "@/server/jobs/registry";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { seededCatalog } from "@/test/fixtures";
import { TEST_PUBLIC_URL } from "@/test/http";
import { createOrderEvent } from "@/test/webhooks";
import { createMetrics, type MetricsDeps } from "./metrics";

/** GET /metrics on node:http, as src/server.ts serves it next to /healthz. */

const TOKEN = "metrics-token-for-tests-0123456789";
const AT = new Date("2026-11-23T03:00:00.000Z");
let database: TestDatabase;
const servers: Server[] = [];

async function serve(deps: Partial<MetricsDeps> = {}) {
  const metrics = createMetrics({
    db: database.prisma,
    clock: fixedClock(AT.getTime() + 90_000),
    kinds: JOB_KINDS,
    token: TOKEN,
    publicUrl: TEST_PUBLIC_URL,
    ...deps,
  });
  const server = createServer((req, res) => void metrics.handle(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const scrape = async (authorization: string | null = `Bearer ${TOKEN}`) => {
    const res = await fetch(`${base}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return { metrics, scrape };
}

/** The value of one series in Prometheus text, or undefined when it is absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await database?.destroy();
});

describe("GET /metrics", () => {
  it("is 404 while METRICS_TOKEN is unset, and 401 with a missing or wrong bearer", async () => {
    const off = await serve({ token: undefined });
    expect((await off.scrape()).status).toBe(404);
    const { scrape } = await serve();
    for (const authorization of [null, "Bearer wrong", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const answer = await scrape(authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({
        error: {
          code: "UNAUTHENTICATED",
          message: expect.any(String),
          request_id: expect.stringMatching(/^req_/),
          doc_url: errorDocUrl(TEST_PUBLIC_URL, "UNAUTHENTICATED"),
        },
      });
      expect(answer.headers.get("www-authenticate")).toBe("Bearer");
    }
  });

  it("answers with nosniff and no-store, whether it serves, refuses or is off", async () => {
    const off = await serve({ token: undefined });
    const { scrape } = await serve();
    for (const answer of [await off.scrape(), await scrape(null), await scrape()]) {
      expect([answer.status, answer.headers.get("x-content-type-options"), answer.headers.get("cache-control")]).toEqual([
        answer.status,
        "nosniff",
        "no-store",
      ]);
    }
  });

  it("counts requests by face, route template and status, with a latency histogram, and the process's own metrics", async () => {
    const { metrics, scrape } = await serve();
    metrics.observe({ face: "rest", route: "/v1/orders/{id}" }, "GET", 200, 0.004);
    metrics.observe({ face: "rest", route: "/v1/orders/{id}" }, "GET", 200, 0.02);
    metrics.observe({ face: "rest", route: "/v1/orders/{id}" }, "GET", 404, 0.001);
    const { status, headers, text } = await scrape();
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(value(text, 'kuasa_http_requests_total{face="rest",route="/v1/orders/{id}",method="GET",status="200"}')).toBe(2);
    expect(value(text, 'kuasa_http_requests_total{face="rest",route="/v1/orders/{id}",method="GET",status="404"}')).toBe(1);
    expect(value(text, 'kuasa_http_request_duration_seconds_bucket{le="0.005",face="rest",route="/v1/orders/{id}",method="GET"}')).toBe(2);
    expect(value(text, 'kuasa_http_request_duration_seconds_count{face="rest",route="/v1/orders/{id}",method="GET"}')).toBe(3);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it("reads orders by status, webhook attempts by outcome and each job kind's lag from the database at scrape", async () => {
    const { scrape } = await serve();
    const before = await scrape();
    // Counted from the database, so compare with what it held before this test's rows.
    const ordersBefore = value(before.text, 'kuasa_orders{status="dibayar",mode="live"}') ?? 0;
    const attemptsBefore = (outcome: string) => value(before.text, `kuasa_webhook_delivery_attempts_total{outcome="${outcome}"}`) ?? 0;

    const event = await createOrderEvent(database.prisma, { keyWebhookUrl: "http://127.0.0.1:9/hook", at: AT });
    await attempt(database.prisma, event.deliveryId!, 1, 500);
    await attempt(database.prisma, event.deliveryId!, 2, null);
    await attempt(database.prisma, event.deliveryId!, 3, 204);

    const { text } = await scrape();
    expect(value(text, 'kuasa_orders{status="dibayar",mode="live"}')).toBe(ordersBefore + 1);
    expect(value(text, 'kuasa_webhook_delivery_attempts_total{outcome="delivered"}')).toBe(attemptsBefore("delivered") + 1);
    expect(value(text, 'kuasa_webhook_delivery_attempts_total{outcome="refused"}')).toBe(attemptsBefore("refused") + 1);
    expect(value(text, 'kuasa_webhook_delivery_attempts_total{outcome="no_answer"}')).toBe(attemptsBefore("no_answer") + 1);
    // The delivery fell due at AT and the clock reads AT + 90 s.
    expect(value(text, 'kuasa_job_lag_seconds{kind="webhook-delivery"}')).toBe(90);
    for (const kind of JOB_KINDS) expect(value(text, `kuasa_job_lag_seconds{kind="${kind.name}"}`), kind.name).toBeGreaterThanOrEqual(0);
    expect(value(text, "kuasa_metrics_database_up")).toBe(1);
  });

  it("still answers the process's metrics when the database does not, and says so", async () => {
    const broken = new Proxy(
      {},
      {
        get: () => {
          throw new Error("database down");
        },
      },
    ) as Db;
    const { metrics, scrape } = await serve({ db: broken });
    metrics.observe({ face: "mcp", route: "/mcp" }, "POST", 200, 0.01);
    const { status, text } = await scrape();
    expect(status).toBe(200);
    expect(value(text, "kuasa_metrics_database_up")).toBe(0);
    expect(text).not.toMatch(/^kuasa_orders\{/m);
    expect(value(text, 'kuasa_http_requests_total{face="mcp",route="/mcp",method="POST",status="200"}')).toBe(1);
  });
});

async function attempt(db: Db, deliveryId: string, n: number, statusCode: number | null) {
  await db.webhookAttempt.create({
    data: {
      id: newId("attempt"),
      deliveryId,
      attempt: n,
      startedAt: AT,
      durationMs: 12,
      statusCode,
      error: statusCode === null ? "timeout" : null,
    },
  });
}
