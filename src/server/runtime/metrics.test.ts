import path from "node:path";
import { describe, expect, it } from "vitest";
import { REST_ROUTES } from "@/server/api/routes";
import { appRouteTemplates, createAccessLogPath, createRouteLabeler } from "./metrics";

const appTemplates = appRouteTemplates(path.resolve(import.meta.dirname, "../../app"));
const label = createRouteLabeler(appTemplates);

describe("route labels", () => {
  it("names /v1 requests by the route table's template, never by the ids in the path", () => {
    expect(label("GET", "/v1/orders/ord_7hQ2mX9kLp3vN8rT1yZ4bC")).toEqual({ face: "rest", route: "/v1/orders/{id}" });
    expect(label("POST", "/v1/orders")).toEqual({ face: "rest", route: "/v1/orders" });
    // A method the path does not answer (405) still names the path's template.
    expect(label("DELETE", "/v1/orders/ord_1")).toEqual({ face: "rest", route: "/v1/orders/{id}" });
    expect(label("GET", "/v1/openapi.json")).toEqual({ face: "rest", route: "/v1/openapi.json" });
    expect(label("GET", "/v1/no/such/thing/123")).toEqual({ face: "rest", route: "unmatched" });
  });

  it("gives every documented /v1 route its own template", () => {
    for (const route of REST_ROUTES) {
      const concrete = route.path.replace(/\{[^}]+\}/g, "x_1");
      expect(label(route.method, concrete).route, `${route.method} ${route.path}`).toBe(route.path);
    }
  });

  it("names portal pages and API routes from the App Router's files, literal segments before parameters", () => {
    expect(appTemplates).toEqual(
      expect.arrayContaining(["/", "/masuk", "/organisasi/pesanan/{id}", "/api/auth/{...nextauth}", "/api/trpc/{trpc}"]),
    );
    expect(label("GET", "/organisasi/pesanan/ord_123")).toEqual({ face: "pages", route: "/organisasi/pesanan/{id}" });
    expect(label("GET", "/organisasi/pesanan")).toEqual({ face: "pages", route: "/organisasi/pesanan" });
    expect(label("GET", "/")).toEqual({ face: "pages", route: "/" });
    expect(label("POST", "/api/auth/callback/credentials")).toEqual({ face: "portal", route: "/api/auth/{...nextauth}" });
    expect(label("GET", "/api/trpc/organization.orders,organization.balance")).toEqual({ face: "portal", route: "/api/trpc/{trpc}" });
    expect(label("PUT", "/api/inngest")).toEqual({ face: "jobs", route: "/api/inngest" });
    expect(label("GET", "/_next/static/chunks/app-1a2b3c.js")).toEqual({ face: "pages", route: "/_next/{asset}" });
  });

  it("puts MCP, the probes and anything unknown under fixed labels, so a scanner cannot grow the series", () => {
    expect(label("POST", "/mcp")).toEqual({ face: "mcp", route: "/mcp" });
    expect(label("GET", "/readyz")).toEqual({ face: "ops", route: "/readyz" });
    expect(label("GET", "/metrics")).toEqual({ face: "ops", route: "/metrics" });
    expect(label("GET", "/wp-admin/install.php")).toEqual({ face: "unmatched", route: "unmatched" });
    expect(label("GET", "/.env")).toEqual({ face: "unmatched", route: "unmatched" });
  });
});

describe("the access log's path", () => {
  const logged = createAccessLogPath(appTemplates);
  const token = "Zk3-9aQ_xY7bLm2PqR5sT8uV1wX4yZ6cD0eF2gH4iJ6";

  it("writes the route template, never the token, for the invitation link however it is written", () => {
    for (const path of [
      `/undangan/${token}`,
      `/undangan/${token}/`,
      `/undangan/${token}/lagi`,
      `//undangan/${token}`,
      `/Undangan/${token}`,
      `/%75ndangan/${token}`,
      `/undangan/${encodeURIComponent(`<${token}>`)}`,
      `/undangan%2F${token}`,
    ]) {
      expect(logged(path), path).toBe("/undangan/{token}");
    }
  });

  it("writes the template for the password-reset link and the file link too", () => {
    expect(logged(`/atur-ulang-sandi/${token}`)).toBe("/atur-ulang-sandi/{token}");
    expect(logged(`//Atur-Ulang-Sandi/${token}/`)).toBe("/atur-ulang-sandi/{token}");
    expect(logged(`/unduh/${token}`)).toBe("/unduh/{token}");
  });

  it("keeps every other path as it came (ids help a reader; they are no credential), cut at 200 characters", () => {
    expect(logged("/organisasi/pesanan/ord_123")).toBe("/organisasi/pesanan/ord_123");
    expect(logged("/v1/orders/ord_1/accept")).toBe("/v1/orders/ord_1/accept");
    expect(logged("/undangan")).toBe("/undangan");
    expect(logged(`/x/${"a".repeat(300)}`)).toHaveLength(200);
  });
});
