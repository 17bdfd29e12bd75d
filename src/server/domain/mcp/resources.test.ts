import { describe, expect, it } from "vitest";
import { CATALOG_URI, ORDER_URI_TEMPLATE, orderUri, resourceOf } from "./resources";

describe("MCP resource URIs", () => {
  it("name the catalog and each order by its id, as the template says", () => {
    expect(resourceOf(CATALOG_URI)).toEqual({ kind: "catalog" });
    expect(resourceOf(orderUri("ord_4fK9x"))).toEqual({ kind: "order", id: "ord_4fK9x" });
    expect(ORDER_URI_TEMPLATE.replace("{id}", "ord_4fK9x")).toBe(orderUri("ord_4fK9x"));
  });

  it.each([
    "kuasa://catalog/",
    "kuasa://orders/",
    "kuasa://orders/ord_1/messages",
    "kuasa://orders/ord_1?x=1",
    `kuasa://orders/${"a".repeat(101)}`,
    "https://kuasa.example.id/v1/orders/ord_1",
    "KUASA://catalog",
  ])("serve nothing at %s", (uri) => {
    expect(resourceOf(uri)).toBeNull();
  });
});
