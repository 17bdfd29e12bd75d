import { describe, expect, it } from "vitest";
import { currentNavHref, NAV } from "./nav";

describe("currentNavHref", () => {
  const operator = NAV.operator.map((item) => item.href);

  it("marks the portal's home only on the home page itself", () => {
    expect(currentNavHref("/operator", operator)).toBe("/operator");
    expect(currentNavHref("/operator/", operator)).toBe("/operator");
  });

  it("marks the longest matching link, also on a detail page below it", () => {
    expect(currentNavHref("/operator/pesanan", operator)).toBe("/operator/pesanan");
    expect(currentNavHref("/operator/pesanan/ord_123", operator)).toBe("/operator/pesanan");
  });

  it("does not take a link for a longer word that merely starts the same", () => {
    expect(currentNavHref("/praktisi/kasusbaru", ["/praktisi", "/praktisi/kasus"])).toBe("/praktisi");
  });

  it("marks nothing outside the portal", () => {
    expect(currentNavHref("/masuk", operator)).toBeUndefined();
  });
});
