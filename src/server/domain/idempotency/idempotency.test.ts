import { describe, expect, it } from "vitest";
import { parseIdempotencyKey } from "./idempotency";

describe("parseIdempotencyKey", () => {
  it("treats a missing header as no key", () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
  });

  it.each([
    ["a", "a"],
    ["order-2026-11-22#1", "order-2026-11-22#1"],
    ['"quoted-key"', "quoted-key"],
    ["x".repeat(255), "x".repeat(255)],
    ["~!#$%&'()*+,-./:;<=>?@[]^_`{|}", "~!#$%&'()*+,-./:;<=>?@[]^_`{|}"],
  ])("accepts %j as %j", (raw, key) => {
    expect(parseIdempotencyKey(raw)).toBe(key);
  });

  it.each([
    ["", "empty"],
    ['""', "empty inside quotes"],
    ["has space", "space"],
    ['has"quote', "double quote"],
    ["back\\slash", "backslash"],
    ["x".repeat(256), "256 characters"],
    ["kunci-é", "non-ASCII"],
    ["tab\there", "control character"],
  ])("refuses %j (%s) with VALIDATION", (raw) => {
    expect(() => parseIdempotencyKey(raw)).toThrow(expect.objectContaining({ code: "VALIDATION" }));
  });

  it("refuses repeated headers", () => {
    expect(() => parseIdempotencyKey(["a", "b"])).toThrow(expect.objectContaining({ code: "VALIDATION" }));
  });
});
