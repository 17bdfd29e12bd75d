import { describe, expect, it } from "vitest";
import { canonicalHash, canonicalJson } from "./canonical-json";

describe("canonicalJson", () => {
  it("ignores property order at every depth", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: "s" } })).toBe('{"a":{"c":"s","d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalHash({ a: 1, b: 2 })).toBe(canonicalHash({ b: 2, a: 1 }));
  });

  it('keeps values exact: null differs from absent, 1 from "1", array order matters', () => {
    expect(canonicalHash({ a: null })).not.toBe(canonicalHash({}));
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: "1" }));
    expect(canonicalHash({ a: [1, 2] })).not.toBe(canonicalHash({ a: [2, 1] }));
  });

  it("escapes keys and strings as JSON does", () => {
    expect(canonicalJson({ 'k"ey': "v\n" })).toBe('{"k\\"ey":"v\\n"}');
  });
});
