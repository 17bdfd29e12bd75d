import { describe, expect, it } from "vitest";
import { apiWorld } from "@/test/api-world";
import { TEST_PUBLIC_URL } from "@/test/http";
import { REST_ROUTES } from "./routes";

// Outside tools trip on what the document does not say (issue 45): every operation refuses a query
// parameter it does not take, in one message naming it, after the key is checked; and path
// parameters are read percent-decoded, as the client meant them.

const world = apiWorld({ mode: "test" });

/** The route's template with an id in each parameter: any id will do, the query is refused first. */
const pathOf = (template: string) => template.replace(/\{[^}]+\}/g, "x_1");
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; param?: string } }).error;

describe("query parameters", () => {
  const gets = REST_ROUTES.filter((route) => route.method === "GET");

  it.each(gets.map((route) => [route.path, route] as const))(
    "GET %s refuses an unknown query parameter, naming it",
    async (path, route) => {
      const response = await world.api.call(`${pathOf(path)}?zz=1`, { token: world.org.token });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error).toMatchObject({ code: "VALIDATION", param: "zz" });
      expect(error.message).toMatch(new RegExp(`^GET ${route.path.replace(/[{}]/g, "\\$&")} takes no query parameter`));
    },
  );

  it("names what a list takes, its metadata filters included", async () => {
    const error = await errorOf(await world.api.call("/v1/orders?limt=5", { token: world.org.token }));
    expect(error).toEqual({
      code: "VALIDATION",
      param: "limt",
      message:
        "GET /v1/orders takes no query parameter `limt`; it takes `limit`, `starting_after`, `ending_before`, `created[gte]`, `created[lte]`, `status`, `service`, `metadata[key]`.",
      request_id: expect.any(String),
      doc_url: `${TEST_PUBLIC_URL}/docs#section/Errors/VALIDATION`,
    });
  });

  it("refuses a parameter without a name without naming it as param", async () => {
    const error = await errorOf(await world.api.call("/v1/balance?=1", { token: world.org.token }));
    expect(error).toMatchObject({
      code: "VALIDATION",
      message: "GET /v1/balance takes no query parameters; the one without a name is not one.",
    });
    expect(error.param).toBeUndefined();
  });

  it("refuses a path parameter sent again as a query parameter", async () => {
    expect(await errorOf(await world.api.call("/v1/orders/ord_x?id=ord_y", { token: world.org.token }))).toMatchObject({
      code: "VALIDATION",
      param: "id",
    });
  });

  it("still takes the parameters an operation takes, metadata filters included", async () => {
    expect((await world.api.call("/v1/orders?limit=2&metadata[run]=a", { token: world.org.token })).status).toBe(200);
    expect((await world.api.call("/v1/services", { token: world.org.token })).status).toBe(200);
  });

  it("checks the key before the query: no key is 401, whatever the query holds", async () => {
    expect((await world.api.call("/v1/balance?zz=1")).status).toBe(401);
  });
});

describe("path parameters", () => {
  it("are read percent-decoded: an encoded space is a space", async () => {
    const error = await errorOf(await world.api.call("/v1/orders/a%20b", { token: world.org.token }));
    expect(error).toMatchObject({ code: "NOT_FOUND" });
    expect(error.message).toContain("a b");
  });

  it("are measured decoded: eight characters of another script are eight, not their 72 escapes", async () => {
    const id = encodeURIComponent("ธนาคารไทย".slice(0, 8));
    expect(id.length).toBeGreaterThan(64);
    expect(await errorOf(await world.api.call(`/v1/orders/${id}`, { token: world.org.token }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a segment that is not valid percent-encoding, naming the parameter", async () => {
    expect(await errorOf(await world.api.call("/v1/orders/%E0%A4%A", { token: world.org.token }))).toMatchObject({
      code: "VALIDATION",
      param: "id",
    });
  });
});
