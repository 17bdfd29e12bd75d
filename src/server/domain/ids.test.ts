import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "./ids";

describe("ids", () => {
  it("are the kind's prefix and 22 base62 characters, none repeated across many pool refills", () => {
    const ids = Array.from({ length: 20_000 }, () => newId("order"));
    for (const id of ids) expect(id).toMatch(/^ord_[0-9A-Za-z]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("use every base62 character about equally often (no modulo bias from the pooled bytes)", () => {
    const counts = new Map<string, number>();
    const text = randomBase62(62 * 4_000);
    for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 4,000 expected per character; a biased draw (byte % 62 over all 256 values) gives the first eight about 4,840 and the rest 3,870.
    for (const count of counts.values()) expect(Math.abs(count - 4_000)).toBeLessThan(400);
  });
});
