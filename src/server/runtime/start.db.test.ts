import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg } from "@/test/fixtures";
import { readConfig } from "./config";
import { attachRuntime } from "./start";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe("closing the runtime", () => {
  it("writes the request log's waiting records before the database closes", async () => {
    const org = await createTestOrg(database.prisma);
    // The database stays open for the test to read; everything else closes as in production.
    const runtime = await attachRuntime({ ...database, close: async () => {} }, readConfig({ NODE_ENV: "test" }));
    runtime.requestLog.add({
      apiKeyId: org.apiKeyId,
      requestId: "req_terakhir",
      method: "GET",
      path: "/v1/balance",
      status: 200,
      createdAt: new Date(),
    });
    // Batches wait up to a second: nothing is written yet.
    expect(await database.prisma.apiRequest.count()).toBe(0);
    await runtime.close();
    expect(await database.prisma.apiRequest.findMany({ select: { requestId: true } })).toEqual([{ requestId: "req_terakhir" }]);
  });
});
