import { describe, expect, it } from "vitest";
import { entityTagOf, matchesEntityTag } from "./entity-tag";

describe("entity tags", () => {
  it("gives the same body the same quoted tag and another body another", () => {
    expect(entityTagOf('{"data":[]}')).toBe(entityTagOf('{"data":[]}'));
    expect(entityTagOf('{"data":[]}')).not.toBe(entityTagOf('{"data":[1]}'));
    expect(entityTagOf("x")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it("matches If-None-Match by the tag, in a list, weakly, or with *", () => {
    const tag = entityTagOf("body");
    expect(matchesEntityTag(tag, tag)).toBe(true);
    expect(matchesEntityTag(`"other", ${tag}`, tag)).toBe(true);
    expect(matchesEntityTag(`W/${tag}`, tag)).toBe(true);
    expect(matchesEntityTag("*", tag)).toBe(true);
    expect(matchesEntityTag('"other"', tag)).toBe(false);
    expect(matchesEntityTag(undefined, tag)).toBe(false);
    expect(matchesEntityTag("", tag)).toBe(false);
  });
});
