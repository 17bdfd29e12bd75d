import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, instancePools, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog } from "@/test/fixtures";
import { startTestApi, TEST_PUBLIC_URL } from "@/test/http";
import { ApiRateLimiter, type RateLimitSettings, rateLimitHeaders } from "./rate-limit";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterAll(async () => {
  await database?.destroy();
});

describe("ApiRateLimiter", () => {
  it("allows up to the limit, then refuses with the seconds to wait, and allows again after the window", async () => {
    const limiter = new ApiRateLimiter({ kind: "memory" }, { reads: 3, writes: 1, windowSeconds: 1 });
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.consume("key_a", "read"));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[3]?.resetSeconds).toBe(1);
    expect(rateLimitHeaders(decisions[3]!)).toEqual({
      "RateLimit-Limit": "3",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "1",
      "Retry-After": "1",
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.consume("key_a", "read")).allowed).toBe(true);
  });

  it("counts reads and writes separately, and keys separately", async () => {
    const limiter = new ApiRateLimiter({ kind: "memory" }, { reads: 1, writes: 1, windowSeconds: 60 });
    expect((await limiter.consume("key_a", "read")).allowed).toBe(true);
    expect((await limiter.consume("key_a", "write")).allowed).toBe(true);
    expect((await limiter.consume("key_b", "read")).allowed).toBe(true);
    expect((await limiter.consume("key_a", "read")).allowed).toBe(false);
  });
});

describe("rate limits on /v1", () => {
  it("carries RateLimit headers on every answer and answers 429 RATE_LIMITED with Retry-After over the limit", async () => {
    const org = await createTestOrg(database.prisma);
    const api = await startTestApi(
      database.prisma,
      undefined,
      new ApiRateLimiter({ kind: "memory" }, { reads: 2, writes: 2, windowSeconds: 60 }),
    );
    try {
      const first = await api.call("/v1/balance", { token: org.token });
      expect(first.status).toBe(200);
      expect([first.headers.get("ratelimit-limit"), first.headers.get("ratelimit-remaining")]).toEqual(["2", "1"]);
      await api.call("/v1/balance", { token: org.token });
      const refused = await api.call("/v1/services", { token: org.token });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(refused.headers.get("ratelimit-remaining")).toBe("0");
      expect(await refused.json()).toEqual({
        error: {
          code: "RATE_LIMITED",
          message: expect.stringContaining("retry after"),
          request_id: refused.headers.get("x-request-id"),
          doc_url: `${TEST_PUBLIC_URL}/docs#section/Errors/RATE_LIMITED`,
        },
      });
    } finally {
      await api.close();
    }
  });
});

describe.runIf(testDatabaseKind === "postgres")("shared limits on PostgreSQL", () => {
  /** Two app instances, each with its own pool on the shared database, as two processes would be. */
  async function withTwoInstances(
    settings: RateLimitSettings,
    run: (a: ApiRateLimiter, b: ApiRateLimiter) => Promise<void>,
  ): Promise<void> {
    const { pools, close } = instancePools(database, 2);
    try {
      await run(...(pools.map((pool) => new ApiRateLimiter({ kind: "postgres", pool }, settings)) as [ApiRateLimiter, ApiRateLimiter]));
    } finally {
      await close();
    }
  }

  it("two app instances sharing the database share one key's allowance", async () => {
    await withTwoInstances({ reads: 4, writes: 4, windowSeconds: 60 }, async (a, b) => {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await a.consume("key_shared", "read"), await b.consume("key_shared", "read"));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false, false]);
      expect(await database.withConnection((c) => c.queryRows(`SELECT count(*)::int AS n FROM "RateLimit"`))).toEqual([{ n: 1 }]);
    });
  });

  it("takes allowance in slices yet never lets two instances together pass the limit", async () => {
    // A limit of 100 is taken five points at a time.
    await withTwoInstances({ reads: 100, writes: 100, windowSeconds: 60 }, async (a, b) => {
      const first = await a.consume("key_sliced", "read");
      expect([first.allowed, first.remaining]).toEqual([true, 99]);
      const fromB = [];
      for (let i = 0; i < 120; i++) fromB.push(await b.consume("key_sliced", "read"));
      // A still holds four unused points of its slice; B gets everything else and no more.
      expect(fromB.filter((d) => d.allowed)).toHaveLength(95);
      expect(fromB.at(-1)).toMatchObject({ allowed: false, remaining: 0 });
      const restOfA = [];
      for (let i = 0; i < 6; i++) restOfA.push((await a.consume("key_sliced", "read")).allowed);
      expect(restOfA).toEqual([true, true, true, true, false, false]);
      const [row] = await database.withConnection((c) => c.queryRows(`SELECT "points" FROM "RateLimit" WHERE "key" LIKE '%key_sliced'`));
      expect(Number((row as { points: number }).points)).toBeGreaterThanOrEqual(100);
    });
  });
});
