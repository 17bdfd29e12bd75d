import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_PATTERN } from "@/server/domain/idempotency/idempotency";
import { buildOpenApiDocument } from "./openapi";
import { REST_ROUTES } from "./routes";

describe("REST routes", () => {
  it("documents every route and nothing else", () => {
    const doc = buildOpenApiDocument("http://localhost");
    const documented = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object)
        .filter((k) => ["get", "post", "put", "patch", "delete"].includes(k))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(REST_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("reaches each documented path's own procedure: no route shadows another", () => {
    for (const route of REST_ROUTES) {
      const concrete = route.path.replace(/\{[^}]+\}/g, "sample_value");
      // The adapter takes the first registered pattern that matches, as REST_ROUTES is ordered.
      const first = REST_ROUTES.find((r) => r.method === route.method && r.pattern.test(concrete));
      expect(first?.procedurePath, `${route.method} ${route.path}`).toBe(route.procedurePath);
    }
  });

  it("gives every agent route a scope", () => {
    for (const route of REST_ROUTES) expect(route.meta.scope, route.path).toBeDefined();
  });

  it("documents the Idempotency-Key as the server reads it: at most 255 characters, its pattern", () => {
    const doc = buildOpenApiDocument("http://127.0.0.1");
    const headers = Object.values(doc.paths ?? {})
      .flatMap((item) => Object.values(item as Record<string, { parameters?: Array<{ name: string; schema: object }> }>))
      .flatMap((op) => op.parameters ?? [])
      .filter((parameter) => parameter.name === "Idempotency-Key");
    expect(headers.length).toBeGreaterThan(0);
    for (const { schema } of headers)
      expect(schema).toEqual({ type: "string", minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source });
    const pattern = new RegExp(IDEMPOTENCY_KEY_PATTERN.source);
    expect(["a".repeat(255), "ord-1_x:2"].map((key) => pattern.test(key))).toEqual([true, true]);
    expect(["a".repeat(256), "a b", 'a"b', "a\\b", ""].map((key) => pattern.test(key))).toEqual([false, false, false, false, false]);
  });

  it("states metadata's limit of 20 keys in the schema itself, where generators and validators read it", () => {
    const doc = buildOpenApiDocument("http://127.0.0.1");
    expect(doc.components?.schemas?.Metadata).toMatchObject({ type: "object", maxProperties: 20 });
  });
});
