import { describe, expect, it } from "vitest";
import { mcpRequestPath, requestLogDeletionDueAt, requestLogKeptSince, restRequestPath } from "./request-log";

describe("a request's path in the log", () => {
  it("keeps a /v1 path as sent, percent-encoding and all, cut at 200 characters", () => {
    expect(restRequestPath("/v1/orders/ord_1%2Fx/messages")).toBe("/v1/orders/ord_1%2Fx/messages");
    const long = restRequestPath(`/v1/orders/${"a".repeat(300)}`);
    expect(long).toHaveLength(200);
    expect(long.endsWith("…")).toBe(true);
  });

  it("names an /mcp message by its JSON-RPC method, and a tool call by its tool too", () => {
    expect(
      mcpRequestPath({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "buat_order", arguments: { rahasia: "x" } } }),
    ).toBe("tools/call buat_order");
    expect(mcpRequestPath({ jsonrpc: "2.0", id: 1, method: "tools/list" })).toBe("tools/list");
    expect(mcpRequestPath({ jsonrpc: "2.0", method: "notifications/initialized" })).toBe("notifications/initialized");
    expect(mcpRequestPath({ jsonrpc: "2.0", id: 1, method: "tools/call", params: null })).toBe("tools/call");
  });

  it("is empty for a body that is no JSON-RPC message", () => {
    for (const body of [null, "x", 1, [], [{ method: "tools/list" }], {}, { method: 5 }]) expect(mcpRequestPath(body)).toBe("");
  });

  it("keeps only visible ASCII of what a client chose: no control character, NUL or line break reaches a page or the database", () => {
    expect(mcpRequestPath({ method: "tools/call", params: { name: "buat\u0000order\n\u202Ex" } })).toBe("tools/call buat?order??x");
    expect(mcpRequestPath({ method: `x${"y".repeat(200)}` })).toHaveLength(100);
    expect(restRequestPath("/v1/a b")).toBe("/v1/a?b");
  });
});

describe("how long a row is kept", () => {
  it("is seven days: due for deletion a week after it was written", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(requestLogKeptSince(now)).toEqual(new Date("2026-11-22T12:00:00Z"));
    expect(requestLogDeletionDueAt(new Date("2026-11-22T12:00:00Z"))).toEqual(now);
  });
});
