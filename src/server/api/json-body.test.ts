import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJson } from "./json-body";

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("parseJson", () => {
  it(`takes objects and arrays nested ${MAX_JSON_DEPTH} levels deep and refuses one level more with VALIDATION`, () => {
    expect(parseJson(nested(MAX_JSON_DEPTH))).toBeTypeOf("object");
    expect(() => parseJson(nested(MAX_JSON_DEPTH + 1))).toThrow(expect.objectContaining({ code: "VALIDATION", message: expect.stringMatching(/deeper than 64 levels/) }));
    expect(() => parseJson(`[${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}]`)).toThrow(expect.objectContaining({ code: "VALIDATION" }));
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(parseJson(JSON.stringify({ story: `"${"[{".repeat(500)}\\"` }))).toEqual({ story: `"${"[{".repeat(500)}\\"` });
  });

  it("refuses text that is not JSON with VALIDATION", () => {
    expect(() => parseJson("{")).toThrow(expect.objectContaining({ code: "VALIDATION", message: "The request body is not valid JSON." }));
  });
});
