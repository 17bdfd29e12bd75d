import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import type { EngineStatus } from "@/server/jobs/types";
import { createFileStorage } from "@/server/services/files";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { TEST_FILES } from "@/test/files";
import { TEST_PUBLIC_URL } from "@/test/http";
import { createHealthHandler, type HealthDeps } from "./health";

/** /healthz and /readyz on node:http, as src/server.ts serves them before Next. */

let database: TestDatabase;
const servers: Server[] = [];

async function serve(deps: Omit<HealthDeps, "publicUrl">): Promise<string> {
  const handle = createHealthHandler({ token: TOKEN, publicUrl: TEST_PUBLIC_URL, ...deps });
  const server = createServer((req, res) => void handle(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const engine = (status: EngineStatus) => ({ status: () => status });
const HEALTHY: EngineStatus = { engine: "sweeper", healthy: true };

const TOKEN = "metrics-token-health-test-0123456789";

/** `path` as the operator reads it: with the metrics token, unless `token` says otherwise. */
async function get(base: string, path: string, method = "GET", token: string | null = TOKEN) {
  const res = await fetch(`${base}${path}`, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await database?.destroy();
});

describe("health endpoints", () => {
  it("answers /healthz 200 whatever the database does", async () => {
    const base = await serve({ db: database.prisma, jobs: engine(HEALTHY) });
    expect(await get(base, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("answers /readyz 200 ok when the database answers with every migration and the engine is healthy", async () => {
    const base = await serve({ db: database.prisma, jobs: engine(HEALTHY), storage: TEST_FILES.storage });
    expect(await get(base, "/readyz")).toEqual({
      status: 200,
      body: {
        status: "ok",
        database: { ok: true },
        migrations: { pending: [] },
        storage: { ok: true },
        jobs: { engine: "sweeper", healthy: true },
      },
    });
  });

  it("answers /readyz 503 when the file storage cannot be used, naming it", async () => {
    // An S3 endpoint where nothing listens: every instance behind it would fail uploads and downloads.
    const storage = createFileStorage({
      kind: "s3",
      endpoint: "http://127.0.0.1:9",
      bucket: "kuasa-berkas",
      region: "us-east-1",
      accessKeyId: "uji",
      secretAccessKey: "uji-rahasia",
      forcePathStyle: true,
    });
    const base = await serve({ db: database.prisma, jobs: engine(HEALTHY), storage });
    const { status, body } = await get(base, "/readyz");
    expect([status, body.status]).toEqual([503, "unavailable"]);
    expect((body.storage as { ok: boolean; error: string }).error).toContain("127.0.0.1:9");
  });

  it("stays ready but degraded while the sweeper stands in for an unreachable Inngest, and says why", async () => {
    const since = new Date("2026-11-23T03:00:00.000Z");
    const base = await serve({
      db: database.prisma,
      jobs: engine({ engine: "inngest", healthy: false, fallback: "sweeper", reason: "events cannot be sent", since }),
    });
    const { status, body } = await get(base, "/readyz");
    expect([status, body.status]).toEqual([200, "degraded"]);
    expect(body.jobs).toEqual({
      engine: "inngest",
      healthy: false,
      fallback: "sweeper",
      reason: "events cannot be sent",
      since: since.toISOString(),
    });
  });

  it("answers /readyz 503 naming the migrations the database lacks", async () => {
    const behind = await createTestDatabase({ migrated: false });
    try {
      const shipped = readMigrations();
      await migrate(behind, shipped.slice(0, -1));
      const base = await serve({ db: behind.prisma, jobs: engine(HEALTHY) });
      const { status, body } = await get(base, "/readyz");
      expect([status, body.status, body.migrations]).toEqual([503, "unavailable", { pending: [shipped.at(-1)!.name] }]);
    } finally {
      await behind.destroy();
    }
  });

  it("answers /readyz 503 when the database does not answer", async () => {
    const gone = await createTestDatabase();
    await gone.destroy();
    const base = await serve({ db: gone.prisma, jobs: engine(HEALTHY) });
    const { status, body } = await get(base, "/readyz");
    expect([status, body.status, (body.database as { ok: boolean }).ok]).toEqual([503, "unavailable", false]);
  });

  it("tells anyone without the metrics token only ready or not ready: no migration names, database error or job engine", async () => {
    const behind = await createTestDatabase({ migrated: false });
    try {
      const shipped = readMigrations();
      await migrate(behind, shipped.slice(0, -1));
      const base = await serve({ db: behind.prisma, jobs: engine(HEALTHY) });
      for (const token of [null, "wrong-token"]) {
        expect(await get(base, "/readyz", "GET", token)).toEqual({ status: 503, body: { status: "not_ready" } });
      }
      const ready = await serve({
        db: database.prisma,
        jobs: engine({ engine: "inngest", healthy: false, fallback: "sweeper", reason: "events cannot be sent", since: new Date() }),
      });
      expect(await get(ready, "/readyz", "GET", null)).toEqual({ status: 200, body: { status: "ready" } });
      // Without METRICS_TOKEN configured, nobody reads more.
      const untokened = await serve({ db: behind.prisma, jobs: engine(HEALTHY), token: undefined });
      expect(await get(untokened, "/readyz")).toEqual({ status: 503, body: { status: "not_ready" } });
    } finally {
      await behind.destroy();
    }
  });

  it("answers /healthz and /readyz, any method, with nosniff and no-store", async () => {
    const base = await serve({ db: database.prisma, jobs: engine(HEALTHY) });
    for (const [path, method] of [
      ["/healthz", "GET"],
      ["/readyz", "GET"],
      ["/readyz", "POST"],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect([res.headers.get("x-content-type-options"), res.headers.get("cache-control")], `${method} ${path}`).toEqual([
        "nosniff",
        "no-store",
      ]);
    }
  });

  it("refuses other methods with 405, Allow and the API's error body", async () => {
    const base = await serve({ db: database.prisma, jobs: engine(HEALTHY) });
    const res = await fetch(`${base}/readyz`, { method: "POST" });
    expect([res.status, res.headers.get("allow"), res.headers.get("cache-control")]).toEqual([405, "GET, HEAD", "no-store"]);
    expect(await res.json()).toEqual({
      error: {
        code: "METHOD_NOT_ALLOWED",
        message: "POST is not allowed on /readyz; use GET.",
        request_id: res.headers.get("x-request-id"),
        doc_url: `${TEST_PUBLIC_URL}/docs#section/Errors/METHOD_NOT_ALLOWED`,
      },
    });
  });
});
