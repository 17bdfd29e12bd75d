import { describe, expect, it } from "vitest";
import { containsUnstorableText } from "./storable-text";

describe("containsUnstorableText", () => {
  it("finds U+0000 or an unpaired surrogate in a string, a nested value or a key", () => {
    expect(containsUnstorableText("a\u0000b")).toBe(true);
    expect(containsUnstorableText({ intake: { para_pihak: ["PT Satu", "\u0000"] } })).toBe(true);
    expect(containsUnstorableText({ metadata: { "k\u0000": "v" } })).toBe(true);
    expect(containsUnstorableText({ metadata: { a: "\ud800" } })).toBe(true);
    expect(containsUnstorableText({ metadata: { "\udfff": "x" } })).toBe(true);
  });

  it("passes other text: control characters, the escape written out, emoji and full-width digits", () => {
    expect(containsUnstorableText({ story: "baris\nbaru\t\u0001 \\u0000 😀 ０８１２", n: 0, ok: true, none: null })).toBe(false);
    expect(containsUnstorableText(undefined)).toBe(false);
  });

  it("walks 100,000 levels without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsUnstorableText(deep)).toBe(true);
  });
});
