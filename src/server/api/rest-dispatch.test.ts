import { describe, expect, it } from "vitest";
import { matchRoute, REST_ROUTES } from "./routes";
import { v1Router } from "./v1";

type Schema = {
  _zod?: { def?: { type?: string; coerce?: boolean; getter?: () => unknown; element?: unknown } };
  unwrap?: () => unknown;
  shape?: Record<string, unknown>;
};
const kindOf = (s: unknown) => (s as Schema)?._zod?.def?.type;

/** Fields under their wrappers whose type a query string would have to be converted to. */
function uncoercedScalars(schema: unknown, prefix = ""): string[] {
  const s = schema as Schema;
  const kind = kindOf(s);
  if (kind === "optional" || kind === "nullable" || kind === "default" || kind === "prefault") return uncoercedScalars(s.unwrap!(), prefix);
  if (kind === "array") return uncoercedScalars(s._zod!.def!.element, prefix);
  if (kind === "lazy") return uncoercedScalars(s._zod!.def!.getter!(), prefix);
  if (kind === "object") return Object.entries(s.shape ?? {}).flatMap(([key, field]) => uncoercedScalars(field, `${prefix}${key}.`));
  if (kind === "number" || kind === "boolean" || kind === "bigint" || kind === "date")
    return s._zod!.def!.coerce ? [] : [prefix.slice(0, -1)];
  return [];
}

describe("the /v1 dispatcher's input", () => {
  it("finds every GET query number, boolean or date declared z.coerce: a query gives strings and /v1 converts nothing itself", () => {
    const found = REST_ROUTES.filter((r) => r.method === "GET").flatMap((route) => {
      const inputs = (
        v1Router._def.procedures[route.procedurePath as keyof typeof v1Router._def.procedures] as unknown as { _def: { inputs: unknown[] } }
      )._def.inputs;
      return inputs.flatMap((input) => uncoercedScalars(input)).map((field) => `${route.method} ${route.path}: ${field}`);
    });
    expect(found).toEqual([]);
  });

  it("matches as trpc-to-openapi did: first registered route, trailing slash and case ignored, parameters undecoded", () => {
    expect(matchRoute("GET", "/v1/services/")?.route.procedurePath).toBe("catalog.list");
    expect(matchRoute("GET", "/v1/SERVICES")?.route.procedurePath).toBe("catalog.list");
    expect(matchRoute("GET", "/v1/services/nda%5Fx")).toMatchObject({
      route: { procedurePath: "catalog.get" },
      params: { code: "nda%5Fx" },
    });
    expect(matchRoute("POST", "/v1/orders/ord_1/accept")).toMatchObject({
      route: { procedurePath: "orders.accept" },
      params: { id: "ord_1" },
    });
    expect(matchRoute("GET", "/v1/services//")).toBeUndefined();
    expect(matchRoute("PUT", "/v1/orders")).toBeUndefined();
  });
});
