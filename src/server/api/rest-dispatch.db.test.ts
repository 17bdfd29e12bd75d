import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma);
  api = await startTestApi(database.prisma);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

describe("/v1 queries", () => {
  it("take keys named like Object.prototype's members as unknown parameters (trpc-to-openapi's reader answered 500)", async () => {
    for (const key of ["constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const res = await api.call(`/v1/orders?${key}=1`, { token: org.token });
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: "VALIDATION",
          message: expect.stringMatching(new RegExp(`^GET /v1/orders takes no query parameter \`${key}\``)),
          param: key,
          request_id: res.headers.get("x-request-id"),
        },
      });
    }
    for (const path of ["/v1/orders?__proto__=1", "/v1/balance?__proto__=1", "/v1/services?constructor=x"]) {
      expect((await api.call(path, { token: org.token })).status, path).toBe(400);
    }
  });

  it("coerce what the schema coerces and refuse a key given twice where one value is wanted", async () => {
    expect((await api.call("/v1/orders?limit=5", { token: org.token })).status).toBe(200);
    const twice = await api.call("/v1/orders?limit=1&limit=2", { token: org.token });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe("VALIDATION");
  });
});
