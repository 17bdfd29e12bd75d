import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHeaders, toApiError } from "@/server/api/api-error";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { ndaOrder } from "@/test/orders";
import { isDatabaseBusy } from "../domain/database-busy";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;

beforeAll(async () => {
  // One connection that gives up after 300 ms: what a burst on the embedded database meets.
  database = await createTestDatabase({ connection: { transactionMaxWaitMs: 300, poolSize: 1 } });
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma);
  api = await startTestApi(database.prisma);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

/** Holds the database's only connection in a transaction until `during` has finished. */
async function whileConnectionHeld<T>(during: () => Promise<T>): Promise<T> {
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const transaction = database.prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      held();
      await released;
    },
    { maxWait: 5_000, timeout: 30_000 },
  );
  await holding;
  try {
    return await during();
  } finally {
    release();
    await transaction;
  }
}

describe("a database too busy to start a transaction", () => {
  it("fails the waiting transaction as busy, which every face answers 503 SERVICE_UNAVAILABLE", async () => {
    const error = await whileConnectionHeld(() =>
      database.prisma
        .$transaction(async (tx) => tx.$queryRaw`SELECT 1`)
        .then(
          () => null,
          (err: unknown) => err,
        ),
    );
    expect(isDatabaseBusy(error)).toBe(true);
    expect(toApiError(error).code).toBe("SERVICE_UNAVAILABLE");
    expect(errorHeaders(toApiError(error))).toEqual({ "Retry-After": "1" });
  });

  // On PGlite a held transaction holds plain queries too, so the request would wait behind it
  // rather than reach its own transaction; the burst there queues for up to 10 s, then is busy.
  it.runIf(testDatabaseKind === "postgres")(
    "answers POST /v1/orders 503 SERVICE_UNAVAILABLE with Retry-After, changes nothing, and the retry with the same key succeeds",
    async () => {
      // Warm the key and catalog caches, so the request reaches its transaction.
      expect((await api.call("/v1/services", { token: org.token })).status).toBe(200);
      const send = () =>
        api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder(), headers: { "Idempotency-Key": "busy-retry-1" } });

      const transfersBefore = await database.prisma.ledgerTransfer.count();
      const busy = await whileConnectionHeld(async () => {
        const res = await send();
        return {
          status: res.status,
          retryAfter: res.headers.get("retry-after"),
          body: (await res.json()) as { error: { code: string; message: string } },
        };
      });
      expect(busy.status).toBe(503);
      expect(busy.retryAfter).toBe("1");
      expect(busy.body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(busy.body.error.message).toMatch(/retry/);
      expect(await database.prisma.order.count()).toBe(0);
      expect(await database.prisma.ledgerTransfer.count()).toBe(transfersBefore);
      expect(await database.prisma.idempotencyKey.count()).toBe(0);

      const retried = await send();
      expect(retried.status).toBe(201);
      expect(await database.prisma.order.count()).toBe(1);
    },
  );
});
