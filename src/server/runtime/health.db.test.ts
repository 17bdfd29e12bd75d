import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import type { EngineStatus } from "@/server/jobs/types";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createHealthHandler, type HealthDeps } from "./health";

/** /healthz and /readyz on node:http, as src/server.ts serves them before Next. */

let database: TestDatabase;
const servers: Server[] = [];

async function serve(deps: HealthDeps): Promise<string> {
  const handle = createHealthHandler(deps);
  const server = createServer((req, res) => void handle(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const engine = (status: EngineStatus) => ({ status: () => status });
const HEALTHY: EngineStatus = { engine: "sweeper", healthy: true };

async function get(base: string, path: string, method = "GET") {
  const res = await fetch(`${base}${path}`, { method });
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
    const base = await serve({ db: database.prisma, jobs: engine(HEALTHY) });
    expect(await get(base, "/readyz")).toEqual({
      status: 200,
      body: { status: "ok", database: { ok: true }, migrations: { pending: [] }, jobs: { engine: "sweeper", healthy: true } },
    });
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

  it("refuses other methods with 405 and Allow", async () => {
    const base = await serve({ db: database.prisma, jobs: engine(HEALTHY) });
    const res = await fetch(`${base}/readyz`, { method: "POST" });
    expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });
});
