import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createMcpHandler } from "@/server/mcp/http";
import { RequestLog } from "@/server/services/request-log";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { TEST_FILES } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { ndaOrder } from "@/test/orders";
import { createRestHandler } from "./rest";

/*
 * The request log through the real /v1 and /mcp handlers: what a request with a valid key leaves
 * in its key's log, and what no request ever leaves there.
 */

let database: TestDatabase;
let org: TestOrg;
let server: Server;
let base: string;
let log: RequestLog;
const clock = fixedClock("2026-11-29T03:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
  // Written only when the test flushes.
  log = new RequestLog({ db: database.prisma }, { flushMs: 60_000 });
  const deps = { db: database.prisma, clock, files: TEST_FILES, requestLog: log };
  const rest = createRestHandler({ ...deps, publicUrl: "http://localhost" });
  const mcp = createMcpHandler(deps);
  server = createServer((req: IncomingMessage, res: ServerResponse) => void (req.url === "/mcp" ? mcp(req, res) : rest(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await log?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.destroy();
});

beforeEach(async () => {
  await log.flush();
  await database.prisma.apiRequest.deleteMany();
});

const rows = async () => {
  // The server's "finish" of the last answer runs in this process's next turns.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await log.flush();
  return database.prisma.apiRequest.findMany({
    orderBy: { seq: "asc" },
    select: { apiKeyId: true, requestId: true, method: true, path: true, status: true, createdAt: true },
  });
};

/** One request, its answer read to the end (by then the server has sent all of it). */
async function call(path: string, init: RequestInit & { token?: string | null } = {}) {
  const { token = org.token, ...rest } = init;
  const res = await fetch(`${base}${path}`, { ...rest, headers: { ...(token && { Authorization: `Bearer ${token}` }), ...rest.headers } });
  await res.arrayBuffer();
  return res;
}

async function mcp(message: unknown, token: string | null = org.token) {
  return call("/mcp", {
    token,
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify(message),
  });
}

describe("the request log of /v1", () => {
  it("keeps each request with a valid key: method, path without its query, status, its X-Request-Id and the time", async () => {
    const ok = await call("/v1/orders?limit=2&starting_after=rahasia-di-query");
    const missing = await call("/v1/orders/ord_tidak_ada");
    const created = await call("/v1/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ndaOrder()),
    });
    expect([ok.status, missing.status, created.status]).toEqual([400, 404, 201]);
    expect(await rows()).toEqual([
      {
        apiKeyId: org.apiKeyId,
        requestId: ok.headers.get("x-request-id"),
        method: "GET",
        path: "/v1/orders",
        status: 400,
        createdAt: clock.now(),
      },
      {
        apiKeyId: org.apiKeyId,
        requestId: missing.headers.get("x-request-id"),
        method: "GET",
        path: "/v1/orders/ord_tidak_ada",
        status: 404,
        createdAt: clock.now(),
      },
      {
        apiKeyId: org.apiKeyId,
        requestId: created.headers.get("x-request-id"),
        method: "POST",
        path: "/v1/orders",
        status: 201,
        createdAt: clock.now(),
      },
    ]);
  });

  it("keeps a request refused before its procedure ran, once its key was checked: a body that is not JSON, a version it does not know", async () => {
    const broken = await call("/v1/orders", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    const version = await call("/v1/balance", { headers: { "Kuasa-Version": "1999-01-01" } });
    expect((await rows()).map((row) => [row.method, row.path, row.status])).toEqual([
      ["POST", "/v1/orders", 400],
      ["GET", "/v1/balance", 400],
    ]);
    expect([broken.status, version.status]).toEqual([400, 400]);
  });

  it("keeps nothing of a request without a valid key, of an unknown path, or of the OpenAPI document", async () => {
    await call("/v1/balance", { token: null });
    await call("/v1/balance", { token: `${org.token.split(".")[0]}.${"x".repeat(32)}` });
    await call("/v1/tidak-ada");
    await call("/v1/openapi.json");
    await mcp({ jsonrpc: "2.0", id: 1, method: "tools/list" }, null);
    expect(await rows()).toEqual([]);
  });
});

describe("the request log of /mcp", () => {
  it("names each message by its JSON-RPC method and tool, with REST's status for a tool's error", async () => {
    await mcp({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    await mcp({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "saldo", arguments: {} } });
    await mcp({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "status_order", arguments: { id: "ord_tidak_ada" } } });
    await mcp([{ jsonrpc: "2.0", id: 4, method: "tools/list" }]);
    expect((await rows()).map((row) => [row.method, row.path, row.status])).toEqual([
      ["MCP", "tools/list", 200],
      ["MCP", "tools/call saldo", 200],
      ["MCP", "tools/call status_order", 404],
      ["MCP", "", 400],
    ]);
  });
});

describe("what the log never keeps", () => {
  it("holds no body, query string, header or secret of any request", async () => {
    const secret = org.token.split(".")[1]!;
    await call("/v1/orders?metadata[rahasia]=nilai-query-rahasia");
    await call("/v1/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "kunci-header-rahasia", "X-Lain": "header-rahasia" },
      body: JSON.stringify({ ...ndaOrder(), metadata: { catatan: "isi-body-rahasia" } }),
    });
    await mcp({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "buat_order", arguments: { ...ndaOrder(), catatan: "argumen-rahasia" } },
    });
    const text = JSON.stringify(await rows());
    for (const leak of [
      secret,
      "nilai-query-rahasia",
      "kunci-header-rahasia",
      "header-rahasia",
      "isi-body-rahasia",
      "argumen-rahasia",
      "Bearer",
    ])
      expect(text, leak).not.toContain(leak);
    expect(text).toContain("tools/call buat_order");
  });
});
