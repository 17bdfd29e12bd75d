import { describe, expect, it } from "vitest";
import { clearedHref, firstPageHref, hrefWith, nextPageHref, tableQuery } from "./table-query";

describe("tableQuery", () => {
  it("reads the search, the cursor and every other parameter as a filter", () => {
    expect(tableQuery({ q: " PT Agen ", starting_after: "ord_1", status: "dibayar", org: "org_2" })).toEqual({
      q: "PT Agen",
      starting_after: "ord_1",
      filters: { status: "dibayar", org: "org_2" },
    });
  });

  it("treats blank values as absent, so an empty search box or 'Semua' narrows nothing", () => {
    expect(tableQuery({ q: "  ", starting_after: "", status: "", other: undefined })).toEqual({ filters: {} });
  });

  it("takes the first value of a repeated parameter", () => {
    expect(tableQuery({ status: ["dibayar", "selesai"], q: ["a", "b"] })).toEqual({ q: "a", filters: { status: "dibayar" } });
  });

  it("keeps only the named filters when names are given", () => {
    expect(tableQuery({ status: "dibayar", tab: "semua" }, ["status"]).filters).toEqual({ status: "dibayar" });
  });

  it("drops a cursor longer than the procedures accept, which means the first page", () => {
    expect(tableQuery({ starting_after: "x".repeat(65) }).starting_after).toBeUndefined();
    expect(tableQuery({ starting_after: "x".repeat(64) }).starting_after).toBe("x".repeat(64));
  });
});

describe("paging and filter links", () => {
  const params = { q: "sewa", status: "dibayar", starting_after: "ord_5", empty: "" };

  it("links the next page after the last row, keeping the search and filters", () => {
    expect(nextPageHref("/operator/pesanan", params, "ord_9")).toBe("/operator/pesanan?q=sewa&status=dibayar&starting_after=ord_9");
  });

  it("links the first page without the cursor but with the search and filters", () => {
    expect(firstPageHref("/operator/pesanan", params)).toBe("/operator/pesanan?q=sewa&status=dibayar");
  });

  it("clears the search, the table's filters and the cursor but keeps the page's other parameters", () => {
    expect(clearedHref("/operator/pesanan", { ...params, tab: "macet" }, ["status"])).toBe("/operator/pesanan?tab=macet");
    expect(clearedHref("/operator/pesanan", params, ["status"])).toBe("/operator/pesanan");
  });

  it("encodes values so a search with & or spaces survives the link", () => {
    const href = nextPageHref("/x", { q: "PT A & B" }, "id 1");
    expect(new URL(href, "http://h").searchParams.get("q")).toBe("PT A & B");
    expect(new URL(href, "http://h").searchParams.get("starting_after")).toBe("id 1");
  });

  it("leaves a bare path when nothing remains", () => {
    expect(hrefWith("/x", { q: "" }, { starting_after: undefined })).toBe("/x");
  });
});
