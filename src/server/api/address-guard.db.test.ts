import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import { ApiRateLimiter, type RateLimitStore } from "@/server/services/access";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { startTestMcp } from "@/test/mcp";
import { AddressGuard } from "./address-guard";

let database: TestDatabase;
let org: TestOrg;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma);
});

afterAll(async () => {
  await database?.destroy();
});

/** A /v1 server whose per-address limits are small enough to reach in a test. */
async function guardedApi(limits: { perAddress?: number; authFailuresPerAddress?: number }, db: Db = database.prisma): Promise<TestApi> {
  const limiter = new ApiRateLimiter({ kind: "memory" }, { reads: 1_000, writes: 1_000, windowSeconds: 60, ...limits });
  return startTestApi(db, undefined, undefined, undefined, new AddressGuard(limiter));
}

/** As if the custom server had found the client at `address` (it writes this header on every request). */
const from = (address: string) => ({ [CLIENT_ADDRESS_HEADER]: address });

describe("limits on requests without a valid key", () => {
  it("refuses an address over its allowance of requests without a valid key with 429, Retry-After and Connection: close, while another address goes on", async () => {
    const api = await guardedApi({ perAddress: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await api.call("/v1/services", { headers: from("203.0.113.1") })).status).toBe(401);
      const refused = await api.call("/v1/services", { headers: from("203.0.113.1") });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("connection")).toBe("close");
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
      expect((await api.call("/v1/services", { headers: from("203.0.113.2") })).status).toBe(401);
      expect((await api.call("/v1/services", { token: org.token, headers: from("203.0.113.1") })).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it("answers a valid key with 200 from an address that sent 1,000 bad-key requests, on /v1 and /mcp, while its bad keys get 429 with Retry-After", async () => {
    // The store the deployment uses with this database: the shared table on PostgreSQL.
    const store: RateLimitStore =
      database.kind === "postgres" && database.pgPool ? { kind: "postgres", pool: database.pgPool } : { kind: "memory" };
    const guard = new AddressGuard(new ApiRateLimiter(store));
    const api = await startTestApi(database.prisma, undefined, undefined, undefined, guard);
    const mcp = await startTestMcp(database.prisma, undefined, undefined, guard);
    const shared = from("192.0.2.50");
    const badKeys = [undefined, "not-a-key", `${org.keyId}.${"x".repeat(32)}`, `kk_live_${"unknownkeyid0002"}.${"y".repeat(32)}`];
    try {
      const statuses = new Map<number, number>();
      for (let batch = 0; batch < 50; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            api.call("/v1/balance", { token: badKeys[(batch * 20 + i) % badKeys.length], headers: shared }),
          ),
        );
        for (const answer of answers) {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          await answer.body?.cancel();
        }
      }
      expect(statuses.get(429)).toBeGreaterThan(900);
      expect([...statuses.keys()].sort()).toEqual([401, 429]);
      const refused = await api.call("/v1/balance", { token: badKeys[2], headers: shared });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

      expect((await api.call("/v1/balance", { token: org.token, headers: shared })).status).toBe(200);
      const viaMcp = await fetch(mcp.url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${org.token}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          ...shared,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(viaMcp.status).toBe(200);
    } finally {
      await api.close();
      await mcp.close();
    }
  });

  it("refuses a key id whose wrong secrets came from many addresses, but not that key with its right secret", async () => {
    const api = await guardedApi({ authFailuresPerAddress: 3 });
    try {
      const wrongSecret = `${org.keyId}.${"z".repeat(32)}`;
      for (let i = 0; i < 4; i++)
        expect((await api.call("/v1/services", { token: wrongSecret, headers: from(`198.51.100.${10 + i}`) })).status).toBe(401);
      const refused = await api.call("/v1/services", { token: wrongSecret, headers: from("198.51.100.99") });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/invalid API key/);
      expect((await api.call("/v1/services", { token: org.token, headers: from("198.51.100.99") })).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it("applies to /mcp as well", async () => {
    const limiter = new ApiRateLimiter({ kind: "memory" }, { reads: 1_000, writes: 1_000, windowSeconds: 60, perAddress: 1 });
    const mcp = await startTestMcp(database.prisma, undefined, undefined, new AddressGuard(limiter));
    try {
      const post = (token?: string) =>
        fetch(mcp.url, {
          method: "POST",
          headers: {
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            "Content-Type": "application/json",
            Accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
      expect((await post()).status).toBe(401);
      expect((await post()).status).toBe(429);
      expect((await post(org.token)).status).toBe(200);
    } finally {
      await mcp.close();
    }
  });
});

describe("the key before the body", () => {
  it("answers a POST without a valid key 401 before its body has arrived, and closes the connection", async () => {
    const api = await guardedApi({});
    try {
      const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request(
          `${api.url}/v1/orders`,
          {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "Content-Length": 900_000,
              Authorization: `Bearer kk_live_${"0".repeat(16)}.${"x".repeat(32)}`,
            },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
          },
        );
        req.on("error", reject);
        // A tenth of the body, and then nothing: only an answer that does not wait for the rest arrives.
        req.write("x".repeat(90_000));
      });
      expect(answer.status).toBe(401);
      expect(answer.connection).toBe("close");
    } finally {
      await api.close();
    }
  });

  it("looks up an unknown key id once, not on every retry", async () => {
    const lookups: string[] = [];
    const counted = database.prisma.$extends({
      query: {
        apiKey: {
          async findUnique({ args, query }) {
            lookups.push(String(args.where.keyId));
            return query(args);
          },
        },
      },
    }) as unknown as Db;
    const api = await guardedApi({}, counted);
    try {
      for (let i = 0; i < 5; i++)
        expect((await api.call("/v1/services", { token: `kk_live_unknownkeyid0001.${"x".repeat(32)}` })).status).toBe(401);
      expect(lookups.filter((id) => id.includes("unknownkeyid0001"))).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});
