import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_VERSIONS, type ApiVersion, type VersionTable } from "@/server/domain/api-version";
import { fixedClock } from "@/server/domain/clock";
import { createMcpHandler } from "@/server/mcp/http";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { TEST_FILES } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { ndaOrder } from "@/test/orders";
import { createRestHandler } from "./rest";

/*
 * Dated versions through the real /v1 and /mcp handlers: the header on every answer, the key's own
 * version and the one a request names, and answers shaped by a version, proven on a table given to
 * the handlers (the real table has one version, whose answers are the current shape).
 */

let database: TestDatabase;
let org: TestOrg;
const clock = fixedClock("2026-11-29T03:00:00Z");
const servers: Server[] = [];

/** The real /v1 and /mcp handlers on one loopback port, answering with `apiVersions` (the real table when absent). */
async function startFaces(apiVersions?: VersionTable): Promise<string> {
  const deps = { db: database.prisma, clock, files: TEST_FILES, apiVersions };
  const rest = createRestHandler({ ...deps, publicUrl: "http://localhost" });
  const mcp = createMcpHandler(deps);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => void (req.url === "/mcp" ? mcp(req, res) : rest(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let real: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 7_000_000n });
  real = await startFaces();
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await database?.destroy();
});

const call = (base: string, path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${org.token}`, ...headers } });

type ErrorBody = { error: { code: string; message: string; param?: string } };

describe("the Kuasa-Version header on /v1", () => {
  it("is on every answer: the current version before a key is known, the key's own after", async () => {
    const answers = [
      await fetch(`${real}/v1/balance`),
      await fetch(`${real}/v1/tidak-ada`),
      await fetch(`${real}/v1/openapi.json`),
      await call(real, "/v1/balance"),
      await call(real, "/v1/orders/ord_tidak_ada"),
      await call(real, "/v1/orders", { "Content-Type": "application/json" }, { method: "POST", body: "{" }),
    ];
    expect(answers.map((res) => res.status)).toEqual([401, 404, 200, 200, 404, 400]);
    for (const res of answers) expect(res.headers.get("kuasa-version")).toBe("2026-11-28");
  });

  it("pins every new key to the current version", async () => {
    const key = await database.prisma.apiKey.findUniqueOrThrow({ where: { id: org.apiKeyId } });
    expect(key.apiVersion).toBe(API_VERSIONS.at(-1)!.date);
  });

  it("takes a known version named in the request", async () => {
    const res = await call(real, "/v1/balance", { "Kuasa-Version": "2026-11-28" });
    expect(res.status).toBe(200);
    expect(res.headers.get("kuasa-version")).toBe("2026-11-28");
  });

  it.each([
    ["an unknown version", "2025-01-01", "Kuasa-Version 2025-01-01 is not a known version; the known versions are 2026-11-28."],
    ["a malformed one", "terbaru", "Kuasa-Version must be one version date (YYYY-MM-DD); the known versions are 2026-11-28."],
  ])("refuses %s with 400 VALIDATION naming the header and the known versions, in the key's own version", async (_, value, message) => {
    for (const res of [
      await call(real, "/v1/balance", { "Kuasa-Version": value }),
      // A POST is refused before its body is read.
      await call(
        real,
        "/v1/orders",
        { "Kuasa-Version": value, "Content-Type": "application/json" },
        {
          method: "POST",
          body: JSON.stringify(ndaOrder()),
        },
      ),
    ]) {
      expect(res.status).toBe(400);
      expect(res.headers.get("kuasa-version")).toBe("2026-11-28");
      expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: "VALIDATION", param: "Kuasa-Version", message });
    }
    expect(await database.prisma.order.count()).toBe(0);
  });

  it("is answered by /mcp too, which refuses a bad version as an HTTP 400 before any MCP processing", async () => {
    const init = (version?: string): RequestInit => ({
      method: "POST",
      headers: {
        Authorization: `Bearer ${org.token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        ...(version && { "Kuasa-Version": version }),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const listed = await fetch(`${real}/mcp`, init());
    expect([listed.status, listed.headers.get("kuasa-version")]).toEqual([200, "2026-11-28"]);
    const refused = await fetch(`${real}/mcp`, init("2026-13-01"));
    expect([refused.status, refused.headers.get("kuasa-version")]).toEqual([400, "2026-11-28"]);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({ code: "VALIDATION", param: "Kuasa-Version" });
    const anonymous = await fetch(`${real}/mcp`, { method: "POST" });
    expect([anonymous.status, anonymous.headers.get("kuasa-version")]).toEqual([401, "2026-11-28"]);
  });
});

describe("answers shaped by a version (a table given to the handlers)", () => {
  // The real table's one version is the older one here; a newer one renamed the balance's deposit.
  const older: ApiVersion = {
    ...API_VERSIONS[0],
    status: "deprecated",
    deprecation: { since: "2027-03-01", sunset: "2028-03-01" },
  };
  const newer: ApiVersion = {
    date: "2027-03-01",
    summary: "The balance's deposit is deposit_idr.",
    status: "current",
    changes: [
      {
        description: "deposit renamed deposit_idr",
        operations: ["balance.get"],
        toPrevious: (answer) => {
          const { deposit_idr, ...rest } = answer as Record<string, unknown>;
          return { ...rest, deposit: deposit_idr };
        },
      },
    ],
  };
  let base: string;

  beforeAll(async () => {
    base = await startFaces([older, newer]);
  });

  it("gives a key pinned to the older version the older shape, with Deprecation and Sunset", async () => {
    const res = await call(base, "/v1/balance");
    expect(res.status).toBe(200);
    expect(res.headers.get("kuasa-version")).toBe("2026-11-28");
    expect(res.headers.get("deprecation")).toBe(`@${Date.UTC(2027, 2, 1) / 1000}`);
    expect(res.headers.get("sunset")).toBe("Wed, 01 Mar 2028 00:00:00 GMT");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.deposit).toBe(7_000_000);
    expect(body).not.toHaveProperty("deposit_idr");
  });

  it("gives the current shape to a request that names the current version, without deprecation headers", async () => {
    const res = await call(base, "/v1/balance", { "Kuasa-Version": "2027-03-01" });
    expect(res.headers.get("kuasa-version")).toBe("2027-03-01");
    expect(res.headers.get("deprecation")).toBeNull();
    expect(res.headers.get("sunset")).toBeNull();
    expect(((await res.json()) as Record<string, unknown>).deposit_idr).toBe(7_000_000);
  });

  it("leaves operations the version did not change as they are", async () => {
    const res = await call(base, "/v1/services/perjanjian_kerahasiaan");
    expect(res.headers.get("kuasa-version")).toBe("2026-11-28");
    expect(((await res.json()) as Record<string, unknown>).code).toBe("perjanjian_kerahasiaan");
  });

  it("answers an MCP tool in the caller's version, listing a changed tool without the current output schema", async () => {
    const connect = async (headers: Record<string, string>) => {
      const client = new Client({ name: "kuasa-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${org.token}`, ...headers } },
        }),
      );
      return client;
    };
    const pinned = await connect({});
    const current = await connect({ "Kuasa-Version": "2027-03-01" });
    try {
      const listed = async (client: Client) => (await client.listTools()).tools.find((tool) => tool.name === "saldo");
      expect((await listed(pinned))?.outputSchema).toBeUndefined();
      expect((await listed(current))?.outputSchema).toBeDefined();
      // Other tools keep theirs.
      expect((await pinned.listTools()).tools.find((tool) => tool.name === "daftar_layanan")?.outputSchema).toBeDefined();

      const old = await pinned.callTool({ name: "saldo", arguments: {} });
      expect(old.structuredContent).toBeUndefined();
      const oldText = (old.content as Array<{ type: string; text: string }>)[0]!.text;
      expect(JSON.parse(oldText)).toMatchObject({ deposit: 7_000_000 });
      const now = await current.callTool({ name: "saldo", arguments: {} });
      expect(now.structuredContent).toMatchObject({ deposit_idr: 7_000_000 });
    } finally {
      await pinned.close();
      await current.close();
    }
  });
});
