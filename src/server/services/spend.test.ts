import { describe, expect, it } from "vitest";
import { lastMonths } from "./spend";

describe("lastMonths", () => {
  it("counts back in WIB calendar months across a year, ending with the month now falls in", () => {
    expect(lastMonths(new Date("2026-02-10T03:00:00Z"), 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });

  it("a UTC evening on the last day of a month is already the next month in Jakarta", () => {
    expect(lastMonths(new Date("2026-12-31T18:00:00Z"), 2)).toEqual(["2026-12", "2027-01"]);
  });
});
