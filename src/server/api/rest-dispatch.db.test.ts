import { describe, expect, it } from "vitest";
import { apiWorld } from "@/test/api-world";
import { TEST_PUBLIC_URL } from "@/test/http";

const world = apiWorld();

describe("/v1 queries", () => {
  it("take keys named like Object.prototype's members as unknown parameters (trpc-to-openapi's reader answered 500)", async () => {
    for (const key of ["constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const res = await world.api.call(`/v1/orders?${key}=1`, { token: world.org.token });
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: "VALIDATION",
          message: expect.stringMatching(new RegExp(`^GET /v1/orders takes no query parameter \`${key}\``)),
          param: key,
          request_id: res.headers.get("x-request-id"),
          doc_url: `${TEST_PUBLIC_URL}/docs#section/Errors/VALIDATION`,
        },
      });
    }
    for (const path of ["/v1/orders?__proto__=1", "/v1/balance?__proto__=1", "/v1/services?constructor=x"]) {
      expect((await world.api.call(path, { token: world.org.token })).status, path).toBe(400);
    }
  });

  it("coerce what the schema coerces and refuse a key given twice where one value is wanted", async () => {
    expect((await world.api.call("/v1/orders?limit=5", { token: world.org.token })).status).toBe(200);
    const twice = await world.api.call("/v1/orders?limit=1&limit=2", { token: world.org.token });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe("VALIDATION");
  });
});
