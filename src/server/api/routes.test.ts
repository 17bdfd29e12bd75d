import { describe, expect, it } from "vitest";
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
});
