import { describe, expect, it } from "vitest";
import { retryAfterSeconds, retryDelay } from "./retry.js";

describe("retryDelay", () => {
  it("waits Retry-After's seconds plus at most half a second of jitter", () => {
    expect(retryDelay(0, 1, () => 0)).toBe(1000);
    expect(retryDelay(3, 1, () => 0.999)).toBeLessThan(1500);
    expect(retryDelay(0, 0, () => 0.5)).toBe(250);
  });

  it("without Retry-After doubles from 0.5 s up to 8 s, each wait between half of its ceiling and all of it", () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6].map((retry) => retryDelay(retry, null, () => 1));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect([0, 1, 4].map((retry) => retryDelay(retry, null, () => 0))).toEqual([250, 500, 4000]);
  });
});

describe("retryAfterSeconds", () => {
  it("reads whole seconds and nothing else", () => {
    expect(retryAfterSeconds("1")).toBe(1);
    expect(retryAfterSeconds(" 30 ")).toBe(30);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds("Wed, 21 Oct 2026 07:28:00 GMT")).toBeNull();
    expect(retryAfterSeconds("-1")).toBeNull();
  });
});
