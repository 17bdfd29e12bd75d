import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog } from "@/test/fixtures";
import { NDA_PRICE_IDR, ndaOrder } from "@/test/orders";
import { authenticateApiKey } from "./api-keys";
import { spentThisMonth } from "./balance";
import { createOrder } from "./orders";

let database: TestDatabase;
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
});

afterAll(async () => {
  await database?.destroy();
});

describe("spentThisMonth", () => {
  it("counts from the start of the Asia/Jakarta month whatever the database session's time zone", async () => {
    const org = await createTestOrg(db());
    const key = await authenticateApiKey(db(), fixedClock("2026-11-15T05:00:00Z"), `Bearer ${org.token}`);
    // 23:59:59 WIB on 31 October (last month) and 00:00 WIB on 1 November (this month).
    for (const at of ["2026-10-31T16:59:59Z", "2026-10-31T17:00:00Z"]) {
      await createOrder({ db: db(), clock: fixedClock(at) }, key, ndaOrder());
    }
    const midNovember = fixedClock("2026-11-15T05:00:00Z");
    for (const zone of ["+00:00", "+07:00", "-05:00"]) {
      const spent = await db().$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL TIME ZONE INTERVAL '${zone}' HOUR TO MINUTE`);
        return spentThisMonth(tx, midNovember, key.id);
      });
      expect([zone, spent]).toEqual([zone, BigInt(NDA_PRICE_IDR)]);
    }
  });
});
