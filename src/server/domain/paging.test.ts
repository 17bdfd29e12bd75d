import { describe, expect, it } from "vitest";
import { keyset, pageFrom, pageRequestOf, rowsToRead } from "./paging";

describe("paging", () => {
  it("reads one row more than the limit and reports it as has_more", () => {
    const request = pageRequestOf({ limit: 2 });
    expect(rowsToRead(request)).toBe(3);
    expect(pageFrom([5, 4, 3], request)).toEqual({ data: [5, 4], hasMore: true });
    expect(pageFrom([5, 4], request)).toEqual({ data: [5, 4], hasMore: false });
  });

  it("shows a page walked towards newer rows newest first", () => {
    const request = pageRequestOf({ limit: 2, ending_before: "x" });
    expect(request.cursor).toEqual({ id: "x", direction: "newer" });
    expect(pageFrom([6, 7, 8], request)).toEqual({ data: [7, 6], hasMore: true });
  });

  it("defaults to 20 rows and walks to older rows after starting_after", () => {
    expect(pageRequestOf({ starting_after: "y" })).toEqual({ limit: 20, cursor: { id: "y", direction: "older" } });
  });

  it("refuses both cursors at once", () => {
    expect(() => pageRequestOf({ starting_after: "a", ending_before: "b" })).toThrow(/not both/);
  });

  it("reads a soonest-first list ascending past the cursor on its field then id, and back towards sooner rows descending", () => {
    const at = { id: "b", expiresAt: new Date("2026-01-01T00:00:00Z") };
    const v = at.expiresAt;
    expect(keyset(pageRequestOf({ starting_after: "b" }), "expiresAt", at, "asc")).toEqual({
      after: [{ expiresAt: { gte: v } }, { OR: [{ expiresAt: { gt: v } }, { id: { gt: "b" } }] }],
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
    });
    expect(keyset(pageRequestOf({ ending_before: "b" }), "expiresAt", at, "asc")).toEqual({
      after: [{ expiresAt: { lte: v } }, { OR: [{ expiresAt: { lt: v } }, { id: { lt: "b" } }] }],
      orderBy: [{ expiresAt: "desc" }, { id: "desc" }],
    });
    expect(keyset(pageRequestOf({}), "updatedAt", null)).toEqual({ after: [], orderBy: [{ updatedAt: "desc" }, { id: "desc" }] });
  });
});
